import type { AwaitApprovalOptions, CallContext, ToolResult } from "../../types.js";
import { sentence } from "../approvals.js";
import { blocked } from "../results.js";
import {
  DESK_CHANNEL,
  type DeskOptions,
  deskDecision,
  expiredResult,
  LOST_AFTER_MS,
  lostResult,
  pendingResult,
  postRequest,
  storedResult,
} from "./desk.js";
import { missingRequest } from "./missing.js";
import { type RecordOptions, recordOf, requestOf } from "./records.js";

/** How long an await holds by default, and at most (under the common 60 s client timeout). */
export const AWAIT_DEFAULT_MS = 25_000;
export const AWAIT_MAX_MS = 50_000;
/** How often an await reads the record and the desk while it holds. */
const POLL_MS = 500;
/** How often an await reports progress while it holds. */
const PROGRESS_MS = 5_000;

/** What an await needs from the toolkit. */
export interface AwaitDeps {
  records: RecordOptions;
  desk: DeskOptions | undefined;
  /** Runs the original call again, through the whole pipeline (its approve step redeems the record). */
  call(tool: string, input: unknown, context: CallContext): Promise<ToolResult>;
}

const ID = /^apr_[A-Za-z0-9_-]{8,128}$/;

/**
 * The result of the call a pending result named: see `AdToolkit.awaitApproval`. The approve step
 * of the re-run call is the one place that redeems; this only decides when to run it and reads
 * the record for what happened.
 */
export async function awaitRecorded(
  deps: AwaitDeps,
  approvalId: unknown,
  options: AwaitApprovalOptions = {},
): Promise<ToolResult> {
  const { desk } = deps;
  if (!desk) {
    return blocked(
      "hard-confirmation",
      "This toolkit has no approval desk, so no call of it waits for a person and there is nothing to await.",
      "Nothing was sent. Configure a desk (createAdTools({ desk: inboxDesk(inbox, { url }) })) for pending approvals.",
    );
  }
  if (typeof approvalId !== "string" || !ID.test(approvalId)) {
    return blocked(
      "validation",
      `approval_id must be the approval_id of a pending result (apr_...); got ${JSON.stringify(String(approvalId).slice(0, 80))}.`,
      "Nothing was sent. Call await-approval with the approval_id exactly as the pending result gave it.",
    );
  }
  const waitMs = waitOf(options.waitMs);
  const started = Date.now();
  let lastProgress = started;
  let ran = false;
  for (;;) {
    const record = await recordOf(deps.records, approvalId);
    if (!record) {
      return blocked(
        "hard-confirmation",
        capitalized(sentence(await missingRequest(approvalId, deps.records.origin))),
        "Nothing was sent. Make the original call again to ask the person again.",
      );
    }
    const stored = storedResult(record);
    if (stored) return stored;
    if (record.usedAt !== undefined && (await deps.records.records.clock()) - record.usedAt > LOST_AFTER_MS) {
      return lostResult(record);
    }
    const elapsed = Date.now() - started;
    const holding = elapsed < waitMs && options.signal?.aborted !== true;
    if (record.usedAt === undefined) {
      if (record.channel !== DESK_CHANNEL) {
        return blocked(
          "hard-confirmation",
          `Approval request ${approvalId} was asked through ${record.channel}, not at a desk: await-approval only waits for pending results.`,
          "Nothing was sent. Answer that request where it was asked.",
        );
      }
      if (record.answer?.approved === false) {
        return blocked(
          "hard-confirmation",
          `The ${record.tool} call was not run: a person declined${record.answer.reason ? `: ${record.answer.reason}` : ""}.`,
          "Nothing was sent. Do not repeat the call unchanged; ask the user what to change.",
        );
      }
      const now = await deps.records.records.clock();
      if (record.expiresAt <= now) return expiredResult(record);
      // The desk carries the decision; the re-run call's approve step has the verifier judge it.
      const decision = await deskDecision(desk.desk, approvalId);
      if ("failed" in decision) {
        return blocked(
          "hard-confirmation",
          `Approval request ${approvalId} could not be checked: ${decision.failed}.`,
          "Nothing was sent. Call await-approval again in a moment.",
        );
      }
      if (decision.state === "expired") return expiredResult(record);
      if (decision.state !== "waiting" && !ran) {
        // The original call, as recorded: its tool and exact payload, in its scope. Its approve step
        // reads the same decision, records it and redeems the request once, fleet-wide.
        ran = true;
        const result = await deps.call(record.tool, JSON.parse(record.payload), {
          sessionId: record.scope,
          pending: true,
        });
        const after = await recordOf(deps.records, approvalId);
        const again = after && storedResult(after);
        if (again) return again;
        // Redeemed by another await that is still sending: wait for its result below.
        if (!(after?.usedAt !== undefined || isBusy(result))) return result;
        continue;
      }
    }
    if (!holding) {
      const posted = await postRequest(desk, requestOf(record));
      const url = "url" in posted ? posted.url : "";
      const waited = Math.round((Date.now() - started) / 1000);
      const note =
        record.usedAt !== undefined
          ? "A person approved this call and it is being sent now: call await-approval again for its result; do not repeat the call."
          : `Still waiting for a person after ${waited} s: call await-approval again to keep waiting.`;
      return pendingResult(record, url, note);
    }
    if (options.onProgress && Date.now() - lastProgress >= PROGRESS_MS) {
      lastProgress = Date.now();
      try {
        options.onProgress({
          elapsedMs: lastProgress - started,
          waitMs,
          message:
            record.usedAt !== undefined
              ? "Approved; the call is being sent."
              : `Waiting for a person to approve ${record.tool} (${approvalId}).`,
        });
      } catch {
        // A host's progress hook never ends the wait.
      }
    }
    await sleep(Math.min(POLL_MS, Math.max(1, waitMs - (Date.now() - started))), options.signal);
  }
}

/** How long one await holds: the default, or `waitMs` clamped to 1..50 s. */
export function waitOf(waitMs: number | undefined): number {
  if (waitMs === undefined || Number.isNaN(waitMs)) return AWAIT_DEFAULT_MS;
  return Math.min(AWAIT_MAX_MS, Math.max(1000, Math.round(waitMs)));
}

/** What a model is told when the wait it asked for was clamped, or "". */
export function clampNote(waitMs: number | undefined): string {
  if (waitMs === undefined) return "";
  const used = waitOf(waitMs);
  if (used === waitMs) return "";
  const asked = Number.isFinite(waitMs) ? String(Math.round(waitMs) / 1000) : String(waitMs);
  return `wait_s ${asked} is out of range (1 to 50 s), so this waited at most ${used / 1000} s.`;
}

/** An identical launch held the call back: the record decides once it ended. */
function isBusy(result: ToolResult): boolean {
  return result.ok === false && "blocked" in result && result.error.startsWith("An identical ACTIVE ad");
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
