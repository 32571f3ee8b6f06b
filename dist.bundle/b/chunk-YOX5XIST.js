import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/store/types.js
var StoreError = class extends Error {
  static {
    __name(this, "StoreError");
  }
  store;
  hint;
  name = "StoreError";
  constructor(store, message, hint) {
    super(message);
    this.store = store;
    this.hint = hint;
  }
};
var SAME_WINDOW_SLACK_MS = 1250;
var RESET_UNCERTAINTY_MS = 1e3;
var longestOwnReset = /* @__PURE__ */ __name((windowMs) => Math.ceil(windowMs / 1e3) * 1e3 + RESET_UNCERTAINTY_MS, "longestOwnReset");
function headersAddNothing(rule, heard, counted) {
  return heard.limit >= rule.limit && heard.resetMs <= longestOwnReset(rule.windowMs) && heard.limit - heard.remaining <= counted;
}
__name(headersAddNothing, "headersAddNothing");

// dist/hashing.js
import { createRequire } from "node:module";
var loaded;
var nodeCrypto = /* @__PURE__ */ __name(() => loaded ??= createRequire(new URL("../hashing.js", import.meta.url).href)("node:crypto"), "nodeCrypto");
var sha256Hex = /* @__PURE__ */ __name((text) => nodeCrypto().createHash("sha256").update(text).digest("hex"), "sha256Hex");
var hmacSha256 = /* @__PURE__ */ __name((secret, text) => nodeCrypto().createHmac("sha256", secret).update(text).digest("base64url"), "hmacSha256");
function sameSecret(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && nodeCrypto().timingSafeEqual(a, b);
}
__name(sameSecret, "sameSecret");
var randomId = /* @__PURE__ */ __name(() => nodeCrypto().randomUUID(), "randomId");

export {
  sha256Hex,
  hmacSha256,
  sameSecret,
  randomId,
  StoreError,
  SAME_WINDOW_SLACK_MS,
  RESET_UNCERTAINTY_MS,
  headersAddNothing
};
