import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/person-hints.js
function personHint(result, retries) {
  if ("blocked" in result)
    return void 0;
  const retried = retries > 0 ? `adrails already retried ${retries} time${retries === 1 ? "" : "s"} (--retries sets how many).` : "adrails did not retry (--retries 0).";
  switch (result.status) {
    case null:
      if (/^No API key|malformed|^No base URL|base URL/i.test(result.error)) {
        return "Set ADRAILS_API_KEY and ADRAILS_BASE_URL (or pass --api-key and --base-url), or add --sim to use the built-in simulator.";
      }
      return `The service did not answer. Check ADRAILS_BASE_URL and your network, then run the command again. ${retried}`;
    case 401:
      return "The service refused the API key (missing, invalid, revoked or expired). Set a valid key in ADRAILS_API_KEY and run the command again.";
    case 403:
      return "upgrade_url" in result && result.upgrade_url ? `This tool needs a Pro or Agency plan: upgrade at ${result.upgrade_url}.` : "The key's role may not do this (a read-only role cannot write). Use a key with the right role.";
    case 429: {
      const wait = "retry_after_s" in result && result.retry_after_s !== void 0 ? `${result.retry_after_s} s` : "a minute";
      return `The service's rate limit was reached. ${retried} Wait ${wait} before running the command again.`;
    }
    case 503:
    case 500:
    case 502:
    case 504:
      return `The service had a problem. ${retried} Try again in a little while.`;
    default:
      return void 0;
  }
}
__name(personHint, "personHint");
function withoutToolPrefix(tool, error) {
  return error.startsWith(`${tool}: `) ? error.slice(tool.length + 2) : error;
}
__name(withoutToolPrefix, "withoutToolPrefix");

export {
  personHint,
  withoutToolPrefix
};
