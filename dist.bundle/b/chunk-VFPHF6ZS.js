import {
  sha256Hex
} from "./chunk-YOX5XIST.js";
import {
  holdsSecret,
  redact
} from "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/guards/fingerprint.js
function canonicalJson(value, omit) {
  const direct = write(value, omit, 0);
  if (direct !== UNUSUAL)
    return direct ?? "null";
  return JSON.stringify(sorted(value, omit)) ?? "null";
}
__name(canonicalJson, "canonicalJson");
var UNUSUAL = /* @__PURE__ */ Symbol("unusual");
var MAX_DEPTH = 64;
function write(value, omit, depth) {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "undefined":
    case "function":
    case "symbol":
      return void 0;
    case "bigint":
      return UNUSUAL;
  }
  if (value === null)
    return "null";
  if (depth > MAX_DEPTH || typeof value.toJSON === "function")
    return UNUSUAL;
  if (Array.isArray(value)) {
    let text2 = "[";
    for (let i = 0; i < value.length; i++) {
      const item = write(value[i], void 0, depth + 1);
      if (item === UNUSUAL)
        return UNUSUAL;
      text2 += `${i === 0 ? "" : ","}${item ?? "null"}`;
    }
    return `${text2}]`;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return UNUSUAL;
  const record = value;
  const keys = Object.keys(record);
  for (const key of keys) {
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57)
      return UNUSUAL;
  }
  keys.sort();
  let text = "{";
  let empty = true;
  for (const key of keys) {
    if (omit?.has(key))
      continue;
    const member = write(record[key], void 0, depth + 1);
    if (member === UNUSUAL)
      return UNUSUAL;
    if (member === void 0)
      continue;
    text += `${empty ? "" : ","}${JSON.stringify(key)}:${member}`;
    empty = false;
  }
  return `${text}}`;
}
__name(write, "write");
function sorted(value, omit) {
  if (value === null || typeof value !== "object")
    return value;
  if (Array.isArray(value)) {
    let copy2;
    for (let i = 0; i < value.length; i++) {
      const item = sorted(value[i]);
      if (item === value[i])
        continue;
      copy2 ??= value.slice();
      copy2[i] = item;
    }
    return copy2 ?? value;
  }
  if (typeof value.toJSON === "function")
    return value;
  const record = value;
  let keys = Object.keys(record);
  let changed = false;
  if (omit && keys.some((key) => omit.has(key))) {
    keys = keys.filter((key) => !omit.has(key));
    changed = true;
  }
  for (let i = 1; i < keys.length && !changed; i++)
    changed = keys[i - 1] > keys[i];
  let members;
  for (const key of keys) {
    const member = record[key];
    if (typeof member !== "object" || member === null)
      continue;
    const clean = sorted(member);
    if (clean === member)
      continue;
    members ??= /* @__PURE__ */ new Map();
    members.set(key, clean);
  }
  if (!changed && !members)
    return value;
  const copy = /* @__PURE__ */ Object.create(null);
  for (const key of keys.sort())
    copy[key] = members?.has(key) ? members.get(key) : record[key];
  return copy;
}
__name(sorted, "sorted");
function digest(text, chars = 32) {
  return sha256Hex(text).slice(0, chars);
}
__name(digest, "digest");
function fingerprint(tool, body, omit) {
  return `fp_${digest(`${tool}
${canonicalJson(body, omit)}`)}`;
}
__name(fingerprint, "fingerprint");
var NOT_THE_CHANGE = /* @__PURE__ */ new Map();
function retryKeys(idField) {
  let keys = NOT_THE_CHANGE.get(idField);
  if (!keys) {
    keys = new Set(idField ? [idField, "hard_confirm_text"] : ["hard_confirm_text"]);
    NOT_THE_CHANGE.set(idField, keys);
  }
  return keys;
}
__name(retryKeys, "retryKeys");

// dist/guards/secrets.js
function redactDeep(value, key) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    text = void 0;
  }
  if (text !== void 0 && !holdsSecret(text, key))
    return value;
  return scrub(value, key);
}
__name(redactDeep, "redactDeep");
function redactResult(result, key) {
  let copy;
  const record = result;
  for (const name of Object.keys(record)) {
    if (name === "data")
      continue;
    const member = record[name];
    const clean = scrub(member, key);
    if (clean === member)
      continue;
    copy ??= { ...record };
    copy[name] = clean;
  }
  return copy ?? result;
}
__name(redactResult, "redactResult");
function scrub(value, key) {
  if (typeof value === "string") {
    return holdsSecret(value, key) ? redact(value, key) : value;
  }
  if (value === null || typeof value !== "object")
    return value;
  if (Array.isArray(value)) {
    let copy2;
    for (let i = 0; i < value.length; i++) {
      const clean = scrub(value[i], key);
      if (clean === value[i])
        continue;
      copy2 ??= value.slice();
      copy2[i] = clean;
    }
    return copy2 ?? value;
  }
  let copy;
  const record = value;
  for (const name of Object.keys(record)) {
    const member = record[name];
    const clean = scrub(member, key);
    const cleanName = scrub(name, key);
    if (clean !== member || cleanName !== name) {
      copy ??= { ...record };
      if (cleanName !== name)
        delete copy[name];
      copy[cleanName] = clean;
    }
  }
  return copy ?? value;
}
__name(scrub, "scrub");

export {
  canonicalJson,
  digest,
  fingerprint,
  retryKeys,
  redactDeep,
  redactResult
};
