import type { Outcome } from "../client/outcome.js";
import type { AdAccount, GuardName, ToolResult } from "../types.js";
import { classifyConflict } from "./conflicts.js";
import { splitPartial } from "./partial.js";

/** What the result shaper needs to know about the call besides the outcome. */
export interface ShapeContext {
  /** The call can change state (writes and workflows). */
  writes: boolean;
  /** The name of the retry key the call carried, if any. */
  idField?: string;
  /** True when adrails derived the retry key (the model sent none, or an invalid one). */
  idDerived?: boolean;
  /** Notes gathered by the guards, shown to the model. */
  notes: string[];
}

/** Joins notes into one sentence list, or undefined when there are none. */
export function joinNotes(notes: readonly (string | undefined)[]): string | undefined {
  const given = notes.filter((n): n is string => typeof n === "string" && n !== "");
  return given.length > 0 ? given.join(" ") : undefined;
}

const withNote = <T extends object>(result: T, notes: readonly (string | undefined)[]): T => {
  const note = joinNotes(notes);
  return note === undefined ? result : { ...result, note };
};

/** A guard's refusal: nothing was sent. */
export function blocked(guard: GuardName, error: string, hint: string, notes: string[] = []): ToolResult {
  return withNote({ ok: false as const, status: null, blocked: guard, error, hint }, notes);
}

/** The ToolResult for an outcome of the client. */
export function shapeOutcome(outcome: Outcome, ctx: ShapeContext): ToolResult {
  switch (outcome.kind) {
    case "success":
      return withNote({ ok: true as const, status: 200 as const, data: outcome.data }, ctx.notes);
    case "soft-error":
      return withNote(
        {
          ok: false as const,
          status: 200 as const,
          error: outcome.error,
          hint: "The call did not succeed although the status is 200. Read the error: it may list the valid values (niches, skill slugs, fields). Call again with a valid value.",
        },
        ctx.notes,
      );
    case "partial":
      return shapePartial(outcome, ctx);
    case "http-error":
      return shapeHttpError(outcome, ctx);
    case "network-error":
      return shapeNetworkError(outcome, ctx);
  }
}

function shapePartial(outcome: Extract<Outcome, { kind: "partial" }>, ctx: ShapeContext): ToolResult {
  const { applied, failed, unclassified } = splitPartial(outcome.partial);
  const counts =
    applied.length + failed.length > 0
      ? ` ${applied.length} part${applied.length === 1 ? "" : "s"} applied, ${failed.length} failed.`
      : "";
  const unknown =
    unclassified.length > 0 ? " Some outcomes could not be classified; read data.partial for them." : "";
  const note = joinNotes([
    `This write was only partly applied (HTTP 207); it is not a success.${counts}${unknown}`,
    "Repeating the whole call would duplicate the applied part: do not repeat it. Redo only the failed part, or tell the user what was and was not applied.",
    ...ctx.notes,
  ])!;
  const result: Extract<ToolResult, { ok: "partial" }> = {
    ok: "partial",
    status: 207,
    applied,
    failed,
    note,
  };
  const data = outcome.data;
  if (unclassified.length > 0) result.data = data;
  else if (data !== null && typeof data === "object" && !Array.isArray(data)) {
    const { partial: _shown, ...rest } = data as Record<string, unknown>;
    if (Object.keys(rest).length > 0) result.data = rest;
  }
  return result;
}

type HttpError = Extract<Outcome, { kind: "http-error" }>;

function shapeHttpError(outcome: HttpError, ctx: ShapeContext): ToolResult {
  const { hint, retryable } = httpHint(outcome, ctx);
  const result: Extract<ToolResult, { retryable: boolean }> = {
    ok: false,
    status: outcome.status,
    error: outcome.error,
    hint,
    retryable,
  };
  // The contract's account objects (spec 2.5: the same as list-accounts returns).
  if (outcome.accounts) result.accounts = outcome.accounts as AdAccount[];
  if (outcome.upgradeUrl) result.upgrade_url = outcome.upgradeUrl;
  if (outcome.retryAfterS !== undefined) result.retry_after_s = outcome.retryAfterS;
  return withNote(result, ctx.notes);
}

function httpHint(outcome: HttpError, ctx: ShapeContext): { hint: string; retryable: boolean } {
  const status = outcome.status;
  const freshId = ctx.idField
    ? ` Nothing was created; calling again without ${ctx.idField} gets a fresh one from adrails.`
    : "";
  if (status < 300 && outcome.shape === "non-json") {
    // A success status with an unreadable body: the call may have done its work.
    const next = !ctx.writes
      ? "Retry once; if it happens again, tell the user."
      : ctx.idField
        ? `The write may have been applied. Calling again with exactly the same input reuses the same ${ctx.idField}, so it cannot duplicate it.`
        : "The write may have been applied. Check before calling again.";
    return {
      hint: `The service answered ${status} with a body that is not JSON, so the outcome is unknown. ${next}`,
      retryable: !ctx.writes || ctx.idField !== undefined,
    };
  }
  if ((status === 403 || status === 404) && outcome.accounts) {
    const ids = accountIds(outcome.accounts);
    return {
      hint: ids.length
        ? `This key cannot act on that account_id. Call again with one of these account ids: ${ids.join(", ")}.`
        : "This key cannot act on that account_id and reaches no ad account. Tell the user to connect an ad account.",
      retryable: false,
    };
  }
  switch (status) {
    case 400:
      return {
        hint: `The service rejected the input. Fix what the error names and call again; the same input fails the same way.${freshId}`,
        retryable: false,
      };
    case 401:
      return {
        hint: "The API key is missing, invalid, revoked or expired. A person must replace the key in the application's settings. Do not retry, and do not ask the user to paste a key into the chat.",
        retryable: false,
      };
    case 403:
      if (outcome.upgradeUrl) {
        return {
          hint: `This tool needs a Pro or Agency plan. A person must upgrade the plan at ${outcome.upgradeUrl}. Do not retry; tell the user.`,
          retryable: false,
        };
      }
      return {
        hint: "Permission refused (for example a read-only Client Viewer role cannot write). A new key does not fix this. Do not retry; tell the user.",
        retryable: false,
      };
    case 404:
      return { hint: notFoundHint(outcome.error), retryable: false };
    case 409:
      return conflictHint(outcome.error, ctx);
    case 410:
      return {
        hint: "This tool is disabled at the service. Do not call it again; tell the user it is not available.",
        retryable: false,
      };
    case 422:
      return {
        hint: "The page at url could not be read or had too little text. Call again with description (a short text about the product or offer) instead of url.",
        retryable: false,
      };
    case 429: {
      const wait = outcome.retryAfterS !== undefined ? `${Math.ceil(outcome.retryAfterS)} s` : "a minute";
      return {
        hint: `Rate limit reached (60 requests a minute). Wait ${wait} (retry_after_s) before calling again.`,
        retryable: true,
      };
    }
    case 502:
      return {
        hint: "An upstream step failed. It is safe to retry once; if it fails again, pass description instead of url, or tell the user.",
        retryable: true,
      };
    case 503:
      return {
        hint: `The service is temporarily degraded. Retry in a little while.${sameIdNote(ctx)}`,
        retryable: true,
      };
    default:
      if (status >= 500) {
        return {
          hint: `Unexpected server error. Retry in a little while.${sameIdNote(ctx)}`,
          retryable: true,
        };
      }
      return {
        hint: "The service refused the call. Read the error before deciding what to do.",
        retryable: false,
      };
  }
}

/** A 404 names the listing that gives the id it could not find. */
function notFoundHint(error: string): string {
  if (/\bad ?set\b/i.test(error))
    return 'Not found: that ad set (adset_id) is not in the account. Call results with level "adset" and the same account_id: its rows list the ad sets and their ids. Then call again with one of them.';
  if (/\bad\b(?! account)/i.test(error))
    return 'Not found: that ad (ad_id) is not in the account. Call results with level "ad" and the same account_id: its rows list the ads and their ids. Then call again with one of them.';
  return "Not found: an id in the input does not exist, or no ad account is connected. Check the ids (list-accounts gives account ids) before calling again.";
}

function conflictHint(error: string, ctx: ShapeContext): { hint: string; retryable: boolean } {
  const field = ctx.idField ?? "request_id";
  switch (classifyConflict(error)) {
    case "budget":
      return {
        hint: "The account's write budget (200 writes an hour) is spent; nothing was created. Do not retry now: wait, or tell the user. A later identical call gets a fresh request id.",
        retryable: false,
      };
    case "confirmation":
      return {
        hint: "The service requires a person's hard confirmation for an ACTIVE ad; nothing was created. Create the ad with status PAUSED, or ask the user to approve going live.",
        retryable: false,
      };
    case "duplicate":
      return {
        hint: ctx.idDerived
          ? `A request for this same change (same ${field}) is still running or was already handled. Wait a few seconds and call again with exactly the same input: it returns the first outcome and creates nothing twice.`
          : `The ${field} you sent is already in use. To get the outcome of that change, wait and call again with the same ${field}; for a new change, leave ${field} out (adrails picks one).`,
        retryable: true,
      };
    default:
      return {
        hint: "The service refused the write (a duplicate request id, a spent write budget or a missing confirmation). Read the error before calling again.",
        retryable: false,
      };
  }
}

type NetworkError = Extract<Outcome, { kind: "network-error" }>;

function shapeNetworkError(outcome: NetworkError, ctx: ShapeContext): ToolResult {
  let hint: string;
  let retryable = true;
  switch (outcome.cause) {
    case "aborted":
      hint = "The call was cancelled by the application.";
      retryable = false;
      break;
    case "config":
      hint =
        "adrails is not configured to reach the service (API key or base URL). A person must fix the configuration; do not retry.";
      retryable = false;
      break;
    case "store":
      // The error names the store; nothing reached the service, so a later retry cannot duplicate.
      hint =
        "Nothing was sent: the shared store adrails keeps its limits and approvals in is unavailable. Wait a little and try again; if it persists, tell the user the store needs attention.";
      break;
    default:
      hint = ctx.writes
        ? ctx.idField
          ? `No answer from the service (${outcome.cause}); the write may or may not have been applied. Calling again with exactly the same input reuses the same ${ctx.idField}, so it cannot create a duplicate.`
          : `No answer from the service (${outcome.cause}); the write may or may not have been applied. Check before calling again.`
        : `No answer from the service (${outcome.cause}). Retry once; if it fails again, tell the user the service is unreachable.`;
  }
  return withNote({ ok: false as const, status: null, error: outcome.error, hint, retryable }, ctx.notes);
}

function sameIdNote(ctx: ShapeContext): string {
  return ctx.writes && ctx.idField
    ? ` Calling again with the same input reuses the same ${ctx.idField}, so it cannot duplicate the write.`
    : "";
}

function accountIds(accounts: unknown[]): string[] {
  return accounts.flatMap((account) => {
    if (typeof account === "string") return [account];
    if (account === null || typeof account !== "object") return [];
    const record = account as Record<string, unknown>;
    const id = record.id ?? record.account_id;
    if (typeof id !== "string") return [];
    return [typeof record.name === "string" ? `${id} (${record.name})` : id];
  });
}
