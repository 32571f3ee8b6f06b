import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/client/redact.js
var KEY_PATTERN = /adk_[A-Za-z0-9_-]+/g;
var KEY_PREFIX = "adk_";
var REDACTED = "adk_***";
var MIN_FORM = 8;
var MAX_CACHED_KEYS = 64;
var formsCache = /* @__PURE__ */ new Map();
function secretForms(key) {
  if (!key)
    return [];
  const known = formsCache.get(key);
  if (known)
    return known;
  const plain = [key];
  if (key.startsWith(KEY_PREFIX) && key.length - KEY_PREFIX.length >= MIN_FORM)
    plain.push(key.slice(KEY_PREFIX.length));
  const forms = /* @__PURE__ */ new Set();
  for (const text of plain) {
    const bytes = Buffer.from(text, "utf8");
    forms.add(text);
    forms.add(bytes.toString("hex"));
    forms.add(bytes.toString("hex").toUpperCase());
    for (let offset = 0; offset < 3; offset++) {
      const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
      const from = Math.ceil(offset * 8 / 6);
      const to = Math.floor(shifted.length * 8 / 6);
      for (const encoding of ["base64", "base64url"]) {
        forms.add(shifted.toString(encoding).slice(from, to));
      }
    }
  }
  const list = [...forms].filter((form) => form.length >= MIN_FORM).sort((a, b) => b.length - a.length);
  if (formsCache.size > 64)
    formsCache.clear();
  if (formsCache.size >= MAX_CACHED_KEYS)
    formsCache.delete(formsCache.keys().next().value);
  formsCache.set(key, list);
  return list;
}
__name(secretForms, "secretForms");
function holdsSecret(text, key) {
  if (text.includes(KEY_PREFIX))
    return true;
  for (const form of secretForms(key))
    if (text.includes(form))
      return true;
  return false;
}
__name(holdsSecret, "holdsSecret");
function redact(text, key) {
  if (!holdsSecret(text, key))
    return text;
  let out = text;
  for (const form of secretForms(key))
    if (out.includes(form))
      out = out.split(form).join(REDACTED);
  return out.replace(KEY_PATTERN, REDACTED);
}
__name(redact, "redact");
var ESCAPED_ASCII = /\\u00[0-7]/i;
function redactJson(text, key) {
  const out = redact(text, key);
  const slash = out.includes("\\/") && secretForms(key).some((form) => form.includes("/"));
  if (!slash && !ESCAPED_ASCII.test(out))
    return out;
  try {
    return redact(JSON.stringify(JSON.parse(out)), key);
  } catch {
    return out;
  }
}
__name(redactJson, "redactJson");

export {
  holdsSecret,
  redact,
  redactJson
};
