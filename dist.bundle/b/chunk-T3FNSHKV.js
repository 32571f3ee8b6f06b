import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/server-text.js
var MAX = 300;
var PARAMS = /\b(code|code_verifier|verifier|access_token|refresh_token|id_token|token|client_secret|assertion)(["']?\s*[=:]\s*["']?)[^\s"'&,;]+/gi;
var BEARER = /\bBearer\s+[^\s"',;]+/gi;
var JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
var OPAQUE = /[A-Za-z0-9_\-.~+/]{32,}={0,2}/g;
function serverText(text, secrets = []) {
  let out = text;
  for (const secret of secrets)
    if (secret && secret.length >= 4)
      out = out.split(secret).join("[removed]");
  out = out.replace(PARAMS, (_m, name, sep) => `${name}${sep}[removed]`).replace(BEARER, "Bearer [removed]").replace(JWT, "[removed]").replace(OPAQUE, "[removed]").replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, " ");
  return out.length > MAX ? `${out.slice(0, MAX)}\u2026` : out;
}
__name(serverText, "serverText");

export {
  serverText
};
