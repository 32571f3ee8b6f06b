import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/sim/errors.js
var SOURCE = "Ad Analysis and Creative Service (simulator): insight to creative, safely";
var UPGRADE_URL = "https://adrails-sim.example/pricing";
var SimError = class extends Error {
  static {
    __name(this, "SimError");
  }
  status;
  extra;
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
};
function fail(status, message, extra = {}) {
  throw new SimError(status, message, extra);
}
__name(fail, "fail");

// dist/sim/random.js
import { createHash } from "node:crypto";
var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function digest(...parts) {
  return createHash("sha256").update(parts.map(String).join("\0")).digest();
}
__name(digest, "digest");
function unit(...parts) {
  return digest(...parts).readUInt32BE(0) / 2 ** 32;
}
__name(unit, "unit");
function between(min, max, ...parts) {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}
__name(between, "between");
function pick(items, ...parts) {
  return items[between(0, items.length - 1, ...parts)];
}
__name(pick, "pick");
function chars(length, ...parts) {
  let out = "";
  for (let block = 0; out.length < length; block++) {
    for (const byte of digest(...parts, block)) {
      if (out.length === length)
        break;
      out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}
__name(chars, "chars");
function digits(length, ...parts) {
  let out = String(between(1, 9, ...parts, "lead"));
  for (let block = 0; out.length < length; block++) {
    for (const byte of digest(...parts, block)) {
      if (out.length === length)
        break;
      out += String(byte % 10);
    }
  }
  return out;
}
__name(digits, "digits");
function sha256(text) {
  return createHash("sha256").update(text).digest("hex");
}
__name(sha256, "sha256");
function canonical(value) {
  return JSON.stringify(sortKeys(value));
}
__name(canonical, "canonical");
function sortKeys(value) {
  if (Array.isArray(value))
    return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}
__name(sortKeys, "sortKeys");
function round(value, places = 2) {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}
__name(round, "round");

export {
  SOURCE,
  UPGRADE_URL,
  SimError,
  fail,
  unit,
  between,
  pick,
  chars,
  digits,
  sha256,
  canonical,
  round
};
