import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/guards/conflicts.js
function classifyConflict(error) {
  if (/budget|writes? (per|an|a) hour|write limit/i.test(error))
    return "budget";
  if (/confirm/i.test(error))
    return "confirmation";
  if (/duplicate|already (been )?used|still running|in (flight|progress)|request[_ ]id|idempoten/i.test(error)) {
    return "duplicate";
  }
  return "unknown";
}
__name(classifyConflict, "classifyConflict");

// dist/guards/partial.js
var APPLIED_KEYS = ["applied", "succeeded", "success", "successes", "done", "completed", "created", "ok"];
var FAILED_KEYS = ["failed", "failures", "errors", "error", "skipped", "rejected"];
var LIST_KEYS = ["items", "results", "steps", "operations", "outcomes"];
function splitPartial(partial) {
  const split = { applied: [], failed: [], unclassified: [] };
  if (Array.isArray(partial)) {
    for (const item of partial) {
      const verdict = itemVerdict(item);
      if (verdict === "applied")
        split.applied.push(item);
      else if (verdict === "failed")
        split.failed.push(item);
      else
        split.unclassified.push(item);
    }
    return split;
  }
  if (partial === null || typeof partial !== "object") {
    if (partial !== void 0)
      split.unclassified.push(partial);
    return split;
  }
  const record = partial;
  let found = false;
  for (const key of APPLIED_KEYS) {
    if (key in record && isListLike(record[key])) {
      split.applied.push(...asList(record[key]));
      found = true;
    }
  }
  for (const key of FAILED_KEYS) {
    if (key in record && isListLike(record[key])) {
      split.failed.push(...asList(record[key]));
      found = true;
    }
  }
  for (const key of LIST_KEYS) {
    if (Array.isArray(record[key])) {
      const inner = splitPartial(record[key]);
      split.applied.push(...inner.applied);
      split.failed.push(...inner.failed);
      split.unclassified.push(...inner.unclassified);
      found = true;
    }
  }
  if (!found) {
    const entries = Object.entries(record).filter(([, v]) => v !== null && typeof v === "object");
    if (entries.length > 0 && entries.every(([, v]) => itemVerdict(v) !== "unknown")) {
      for (const [step, value] of entries) {
        const item = { step, ...value };
        (itemVerdict(value) === "applied" ? split.applied : split.failed).push(item);
      }
    } else {
      split.unclassified.push(partial);
    }
  }
  return split;
}
__name(splitPartial, "splitPartial");
function isListLike(value) {
  return Array.isArray(value) || value !== null && typeof value === "object";
}
__name(isListLike, "isListLike");
function asList(value) {
  return Array.isArray(value) ? value : [value];
}
__name(asList, "asList");
function itemVerdict(item) {
  if (item === null || typeof item !== "object")
    return "unknown";
  const record = item;
  if (record.ok === true || record.success === true || record.applied === true)
    return "applied";
  if (record.ok === false || record.success === false || record.applied === false)
    return "failed";
  if (record.error !== void 0 && record.error !== null && record.error !== "")
    return "failed";
  if (typeof record.status === "number")
    return record.status >= 200 && record.status < 300 ? "applied" : "failed";
  if (typeof record.status === "string") {
    const status = record.status.toLowerCase();
    if (/^(ok|applied|done|success|succeeded|created|completed|staged|paused|active)$/.test(status)) {
      return "applied";
    }
    if (/^(failed|failure|error|rejected|skipped)$/.test(status))
      return "failed";
  }
  return "unknown";
}
__name(itemVerdict, "itemVerdict");

// dist/guards/results.js
function joinNotes(notes) {
  const given = notes.filter((n) => typeof n === "string" && n !== "");
  return given.length > 0 ? given.join(" ") : void 0;
}
__name(joinNotes, "joinNotes");
var withNote = /* @__PURE__ */ __name((result, notes) => {
  const note = joinNotes(notes);
  return note === void 0 ? result : { ...result, note };
}, "withNote");
function blocked(guard, error, hint, notes = []) {
  return withNote({ ok: false, status: null, blocked: guard, error, hint }, notes);
}
__name(blocked, "blocked");
function shapeOutcome(outcome, ctx) {
  switch (outcome.kind) {
    case "success":
      return withNote({ ok: true, status: 200, data: outcome.data }, ctx.notes);
    case "soft-error":
      return withNote({
        ok: false,
        status: 200,
        error: outcome.error,
        hint: "The call did not succeed although the status is 200. Read the error: it may list the valid values (niches, skill slugs, fields). Call again with a valid value."
      }, ctx.notes);
    case "partial":
      return shapePartial(outcome, ctx);
    case "http-error":
      return shapeHttpError(outcome, ctx);
    case "network-error":
      return shapeNetworkError(outcome, ctx);
  }
}
__name(shapeOutcome, "shapeOutcome");
function shapePartial(outcome, ctx) {
  const { applied, failed, unclassified } = splitPartial(outcome.partial);
  const counts = applied.length + failed.length > 0 ? ` ${applied.length} part${applied.length === 1 ? "" : "s"} applied, ${failed.length} failed.` : "";
  const unknown = unclassified.length > 0 ? " Some outcomes could not be classified; read data.partial for them." : "";
  const note = joinNotes([
    `This write was only partly applied (HTTP 207); it is not a success.${counts}${unknown}`,
    "Repeating the whole call would duplicate the applied part: do not repeat it. Redo only the failed part, or tell the user what was and was not applied.",
    ...ctx.notes
  ]);
  const result = {
    ok: "partial",
    status: 207,
    applied,
    failed,
    note
  };
  const data = outcome.data;
  if (unclassified.length > 0)
    result.data = data;
  else if (data !== null && typeof data === "object" && !Array.isArray(data)) {
    const { partial: _shown, ...rest } = data;
    if (Object.keys(rest).length > 0)
      result.data = rest;
  }
  return result;
}
__name(shapePartial, "shapePartial");
function shapeHttpError(outcome, ctx) {
  const { hint, retryable } = httpHint(outcome, ctx);
  const result = {
    ok: false,
    status: outcome.status,
    error: outcome.error,
    hint,
    retryable
  };
  if (outcome.accounts)
    result.accounts = outcome.accounts;
  if (outcome.upgradeUrl)
    result.upgrade_url = outcome.upgradeUrl;
  if (outcome.retryAfterS !== void 0)
    result.retry_after_s = outcome.retryAfterS;
  return withNote(result, ctx.notes);
}
__name(shapeHttpError, "shapeHttpError");
function httpHint(outcome, ctx) {
  const status = outcome.status;
  const freshId = ctx.idField ? ` Nothing was created; calling again without ${ctx.idField} gets a fresh one from adrails.` : "";
  if (status < 300 && outcome.shape === "non-json") {
    const next = !ctx.writes ? "Retry once; if it happens again, tell the user." : ctx.idField ? `The write may have been applied. Calling again with exactly the same input reuses the same ${ctx.idField}, so it cannot duplicate it.` : "The write may have been applied. Check before calling again.";
    return {
      hint: `The service answered ${status} with a body that is not JSON, so the outcome is unknown. ${next}`,
      retryable: !ctx.writes || ctx.idField !== void 0
    };
  }
  if ((status === 403 || status === 404) && outcome.accounts) {
    const ids = accountIds(outcome.accounts);
    return {
      hint: ids.length ? `This key cannot act on that account_id. Call again with one of these account ids: ${ids.join(", ")}.` : "This key cannot act on that account_id and reaches no ad account. Tell the user to connect an ad account.",
      retryable: false
    };
  }
  switch (status) {
    case 400:
      return {
        hint: `The service rejected the input. Fix what the error names and call again; the same input fails the same way.${freshId}`,
        retryable: false
      };
    case 401:
      return {
        hint: "The API key is missing, invalid, revoked or expired. A person must replace the key in the application's settings. Do not retry, and do not ask the user to paste a key into the chat.",
        retryable: false
      };
    case 403:
      if (outcome.upgradeUrl) {
        return {
          hint: `This tool needs a Pro or Agency plan. A person must upgrade the plan at ${outcome.upgradeUrl}. Do not retry; tell the user.`,
          retryable: false
        };
      }
      return {
        hint: "Permission refused (for example a read-only Client Viewer role cannot write). A new key does not fix this. Do not retry; tell the user.",
        retryable: false
      };
    case 404:
      return {
        hint: "Not found: an id in the input does not exist, or no ad account is connected. Check the ids (list-accounts gives account ids) before calling again.",
        retryable: false
      };
    case 409:
      return conflictHint(outcome.error, ctx);
    case 410:
      return {
        hint: "This tool is disabled at the service. Do not call it again; tell the user it is not available.",
        retryable: false
      };
    case 422:
      return {
        hint: "The page at url could not be read or had too little text. Call again with description (a short text about the product or offer) instead of url.",
        retryable: false
      };
    case 429: {
      const wait = outcome.retryAfterS !== void 0 ? `${Math.ceil(outcome.retryAfterS)} s` : "a minute";
      return {
        hint: `Rate limit reached (60 requests a minute). Wait ${wait} (retry_after_s) before calling again.`,
        retryable: true
      };
    }
    case 502:
      return {
        hint: "An upstream step failed. It is safe to retry once; if it fails again, pass description instead of url, or tell the user.",
        retryable: true
      };
    case 503:
      return {
        hint: `The service is temporarily degraded. Retry in a little while.${sameIdNote(ctx)}`,
        retryable: true
      };
    default:
      if (status >= 500) {
        return {
          hint: `Unexpected server error. Retry in a little while.${sameIdNote(ctx)}`,
          retryable: true
        };
      }
      return {
        hint: "The service refused the call. Read the error before deciding what to do.",
        retryable: false
      };
  }
}
__name(httpHint, "httpHint");
function conflictHint(error, ctx) {
  const field = ctx.idField ?? "request_id";
  switch (classifyConflict(error)) {
    case "budget":
      return {
        hint: "The account's write budget (200 writes an hour) is spent; nothing was created. Do not retry now: wait, or tell the user. A later identical call gets a fresh request id.",
        retryable: false
      };
    case "confirmation":
      return {
        hint: "The service requires a person's hard confirmation for an ACTIVE ad; nothing was created. Create the ad with status PAUSED, or ask the user to approve going live.",
        retryable: false
      };
    case "duplicate":
      return {
        hint: ctx.idDerived ? `A request for this same change (same ${field}) is still running or was already handled. Wait a few seconds and call again with exactly the same input: it returns the first outcome and creates nothing twice.` : `The ${field} you sent is already in use. To get the outcome of that change, wait and call again with the same ${field}; for a new change, leave ${field} out (adrails picks one).`,
        retryable: true
      };
    default:
      return {
        hint: "The service refused the write (a duplicate request id, a spent write budget or a missing confirmation). Read the error before calling again.",
        retryable: false
      };
  }
}
__name(conflictHint, "conflictHint");
function shapeNetworkError(outcome, ctx) {
  let hint;
  let retryable = true;
  switch (outcome.cause) {
    case "aborted":
      hint = "The call was cancelled by the application.";
      retryable = false;
      break;
    case "config":
      hint = "adrails is not configured to reach the service (API key or base URL). A person must fix the configuration; do not retry.";
      retryable = false;
      break;
    case "store":
      hint = "Nothing was sent: the shared store adrails keeps its limits and approvals in is unavailable. Wait a little and try again; if it persists, tell the user the store needs attention.";
      break;
    default:
      hint = ctx.writes ? ctx.idField ? `No answer from the service (${outcome.cause}); the write may or may not have been applied. Calling again with exactly the same input reuses the same ${ctx.idField}, so it cannot create a duplicate.` : `No answer from the service (${outcome.cause}); the write may or may not have been applied. Check before calling again.` : `No answer from the service (${outcome.cause}). Retry once; if it fails again, tell the user the service is unreachable.`;
  }
  return withNote({ ok: false, status: null, error: outcome.error, hint, retryable }, ctx.notes);
}
__name(shapeNetworkError, "shapeNetworkError");
function sameIdNote(ctx) {
  return ctx.writes && ctx.idField ? ` Calling again with the same input reuses the same ${ctx.idField}, so it cannot duplicate the write.` : "";
}
__name(sameIdNote, "sameIdNote");
function accountIds(accounts) {
  return accounts.flatMap((account) => {
    if (typeof account === "string")
      return [account];
    if (account === null || typeof account !== "object")
      return [];
    const record = account;
    const id = record.id ?? record.account_id;
    if (typeof id !== "string")
      return [];
    return [typeof record.name === "string" ? `${id} (${record.name})` : id];
  });
}
__name(accountIds, "accountIds");

export {
  classifyConflict,
  splitPartial,
  blocked,
  shapeOutcome
};
