import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/errors.js
var UpstreamError = class extends Error {
  static {
    __name(this, "UpstreamError");
  }
  kind;
  hint;
  constructor(kind, message, hint) {
    super(message);
    this.kind = kind;
    this.hint = hint;
    this.name = "UpstreamError";
  }
};
var LOGIN_HINT = "Run `adrails login` to sign in again.";
function loginNeeded(message) {
  return new UpstreamError("login-needed", message, LOGIN_HINT);
}
__name(loginNeeded, "loginNeeded");

export {
  UpstreamError,
  LOGIN_HINT,
  loginNeeded
};
