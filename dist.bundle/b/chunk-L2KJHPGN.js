import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/exit-codes.js
var EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  permission: 4,
  notFound: 5,
  refused: 6,
  rateLimited: 7,
  partial: 8,
  upstream: 9,
  drift: 10
};
var EXIT_CODE_HELP = `Exit codes:
  0  success
  1  unexpected failure, or no answer from the service (timeout, connection refused)
  2  usage or validation error: bad arguments or JSON, input refused by local validation,
     HTTP 400, or a 200 whose data.error says the input was not valid (soft failure)
  3  authentication failed (401): the key is missing, malformed, revoked or expired
  4  permission or plan refusal (403): a new key does not fix it
  5  not found (404, 410), or a tool disabled at the service
  6  write refused (409), or blocked by a guard (hard confirmation, --read-only scope, a money rule);
     audit verify: a decision line whose signature does not hold
  7  rate limited after retries (429, 503)
  8  partial write (207): part was applied; do not repeat the whole call
  9  upstream failure or unprocessable page (422, 502, other 5xx)
  10 doctor --drift: the service's OpenAPI document (with --via mcp, the MCP door's
     tools/list) differs from what this adrails expects`;
function exitCodeFor(result) {
  if (result.ok === true)
    return EXIT.ok;
  if (result.ok === "partial")
    return EXIT.partial;
  if ("blocked" in result) {
    switch (result.blocked) {
      case "validation":
      case "request-id":
        return EXIT.usage;
      case "disabled":
        return EXIT.notFound;
      case "hard-confirmation":
      case "scope":
      case "rule":
        return EXIT.refused;
    }
  }
  return exitCodeForStatus(result.status);
}
__name(exitCodeFor, "exitCodeFor");
function exitCodeForStatus(status) {
  if (status === null)
    return EXIT.unexpected;
  if (status === 200 || status === 400)
    return EXIT.usage;
  if (status === 401)
    return EXIT.auth;
  if (status === 403)
    return EXIT.permission;
  if (status === 404 || status === 410)
    return EXIT.notFound;
  if (status === 409)
    return EXIT.refused;
  if (status === 429 || status === 503)
    return EXIT.rateLimited;
  if (status === 207)
    return EXIT.partial;
  if (status === 422 || status >= 500)
    return EXIT.upstream;
  return EXIT.unexpected;
}
__name(exitCodeForStatus, "exitCodeForStatus");

export {
  EXIT,
  EXIT_CODE_HELP,
  exitCodeFor,
  exitCodeForStatus
};
