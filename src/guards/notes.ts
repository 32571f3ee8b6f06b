import type { Outcome } from "../client/outcome.js";
import { splitPartial } from "./partial.js";
import { mayHaveApplied } from "./request-ids.js";

// Notes that depend on the answer. Each claims only what the outcome shows: "created" only after a
// 200, or after a 207 whose applied items show it; a failure that may have written gets a
// conditional; a refusal gets nothing.

/** How the status of a push-creative was settled before sending. */
export type PushStatus =
  /** A person approved status ACTIVE. */
  | { kind: "approved" }
  /** ACTIVE was not approved, and the host chose to send it PAUSED. */
  | { kind: "downgraded" }
  /** The status was not exactly ACTIVE, so the service creates the ad PAUSED. */
  | { kind: "paused"; status: unknown };

/** What the model is told about the ad a push-creative may have created. */
export function pushNote(push: PushStatus, outcome: Outcome): string | undefined {
  const live = push.kind === "approved";
  switch (outcome.kind) {
    case "success":
      return successNote(push);
    case "partial": {
      const { applied, failed } = splitPartial(outcome.partial);
      const parts = ` (applied: ${itemList(applied, false)}; failed: ${itemList(failed, true)})`;
      const ad = adShown(applied);
      if (ad === undefined) {
        return live
          ? `A person approved this ACTIVE ad, but no applied part shows the ad itself${parts}. Do not tell the user the ad exists or is live.`
          : `No applied part shows an ad${parts}. Do not tell the user an ad exists, PAUSED or live.`;
      }
      const which = ad === "" ? "the ad" : `ad ${ad}`;
      return live
        ? `An applied part shows ${which} was created${parts}; a person approved it as ACTIVE, so it can start delivering and spending.`
        : `An applied part shows ${which} was created${parts}, PAUSED: it is not live and spends nothing.`;
    }
    default:
      if (!mayHaveApplied(outcome)) return undefined;
      return live
        ? "Whether the ad was created is not known; if it was, it is ACTIVE (a person approved it) and can spend."
        : "Whether the ad was created is not known; if it was, it is PAUSED and not live.";
  }
}

function successNote(push: PushStatus): string {
  switch (push.kind) {
    case "approved":
      return "A person approved this ACTIVE ad and it was created ACTIVE: it can start delivering and spending.";
    case "downgraded":
      return "The ad was created PAUSED, not ACTIVE: it is not live and spends nothing. Tell the user it needs a person's approval to go live.";
    case "paused": {
      const why =
        push.status === "PAUSED"
          ? ""
          : ` (status ${JSON.stringify(push.status)} is not exactly "ACTIVE", so the service creates it PAUSED)`;
      return `The ad was created PAUSED${why}: it is not live and spends nothing until someone activates it. Do not tell the user it is live.`;
    }
  }
}

/** What the model is told about creative-loop, which never launches anything. */
export function creativeLoopNote(autoLaunch: boolean, outcome: Outcome): string | undefined {
  const lead = autoLaunch ? "auto_launch has no effect: nothing was launched." : "Nothing was launched:";
  switch (outcome.kind) {
    case "success":
      return `${lead} ${autoLaunch ? "New" : "new"} creatives are staged PAUSED for review.`;
    case "partial":
      return `${lead} ${autoLaunch ? "Any" : "any"} creatives in the applied part are staged PAUSED for review.`;
    default:
      return autoLaunch ? "auto_launch has no effect: creative-loop never launches anything." : undefined;
  }
}

/** Tells the model the key of a generation run it may need for resume-generation. */
export function runKeyNote(field: string, key: string, outcome: Outcome): string | undefined {
  if (outcome.kind === "success" || outcome.kind === "partial") {
    return `This run's ${field} is ${key}; resume-generation needs it if the run is interrupted.`;
  }
  return mayHaveApplied(outcome)
    ? `If the run started, its ${field} is ${key}; resume-generation needs it to pick the run up.`
    : undefined;
}

const SHOWN_ITEMS = 5;

/** Short names of partial items: their step or operation, and for failures the error. */
function itemList(items: readonly unknown[], withError: boolean): string {
  if (items.length === 0) return "nothing";
  const names = items.slice(0, SHOWN_ITEMS).map((item) => itemName(item, withError));
  const more = items.length > SHOWN_ITEMS ? `, and ${items.length - SHOWN_ITEMS} more` : "";
  return `${names.join(", ")}${more}`;
}

function itemName(item: unknown, withError: boolean): string {
  if (item === null || typeof item !== "object") return clip(JSON.stringify(item) ?? String(item));
  const record = item as Record<string, unknown>;
  const label = ["step", "operation", "name", "id"]
    .map((key) => record[key])
    .find((value) => typeof value === "string" || typeof value === "number");
  const name = label === undefined ? clip(JSON.stringify(record)) : String(label);
  const error = record.error ?? record.reason;
  return withError && typeof error === "string" && error !== "" ? `${name} (${clip(error)})` : name;
}

function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Whether an applied item shows an ad: one with an `ad_id`, or the ad-creation step itself.
 * Returns the ad id ("" when the step names none), or undefined when no applied item shows one.
 */
function adShown(applied: readonly unknown[]): string | undefined {
  let found: string | undefined;
  for (const item of applied) {
    if (item === null || typeof item !== "object") continue;
    const record = item as Record<string, unknown>;
    const id = record.ad_id;
    if ((typeof id === "string" && id !== "") || typeof id === "number") return String(id);
    const step = record.step ?? record.operation;
    if (typeof step === "string" && /^(create_?)?ad$/i.test(step)) found = "";
  }
  return found;
}
