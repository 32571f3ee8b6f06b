import type { ToolResult } from "../types.js";

type Failed = Extract<ToolResult, { ok: false }>;

/**
 * What a person at a shell should do about a failed call. The result's own hint is written for a
 * model ("tell the user", "do not ask the user to paste a key into the chat"); this one is written
 * for the person reading stderr. Undefined where the model's hint reads as well for a person.
 */
export function personHint(result: Failed, retries: number): string | undefined {
  if ("blocked" in result) return undefined;
  const retried =
    retries > 0
      ? `adrails already retried ${retries} time${retries === 1 ? "" : "s"} (--retries sets how many).`
      : "adrails did not retry (--retries 0).";
  switch (result.status) {
    case null:
      // The error says what to change (drop /api/mcp from the base URL).
      if (/the service's root/.test(result.error)) return undefined;
      if (/The shared store \(redis\b/i.test(result.error)) {
        return "Redis did not answer, so nothing was sent: start that Redis server, or point ADRAILS_REDIS_URL (or --redis) at one that runs; unset it to keep limits and approvals in this process's memory.";
      }
      if (/^No API key|malformed|^No base URL|base URL/i.test(result.error)) {
        return "Set ADRAILS_API_KEY and ADRAILS_BASE_URL (or pass --api-key and --base-url), or add --sim to use the built-in simulator.";
      }
      return `The service did not answer. Check ADRAILS_BASE_URL and your network, then run the command again. ${retried}`;
    case 401:
      return "The service refused the API key (missing, invalid, revoked or expired). Set a valid key in ADRAILS_API_KEY and run the command again.";
    case 403:
      return "upgrade_url" in result && result.upgrade_url
        ? `This tool needs a Pro or Agency plan: upgrade at ${result.upgrade_url}.`
        : "The key's role may not do this (a read-only role cannot write). Use a key with the right role.";
    case 429: {
      const wait =
        "retry_after_s" in result && result.retry_after_s !== undefined
          ? `${result.retry_after_s} s`
          : "a minute";
      return `The service's rate limit was reached. ${retried} Wait ${wait} before running the command again.`;
    }
    case 503:
    case 500:
    case 502:
    case 504:
      return `The service had a problem. ${retried} Try again in a little while.`;
    default:
      return undefined;
  }
}

/** The error text without the tool name the client already put in front of it. */
export function withoutToolPrefix(tool: string, error: string): string {
  return error.startsWith(`${tool}: `) ? error.slice(tool.length + 2) : error;
}
