/** The applied and failed parts of a 207's `data.partial`, whatever shape the service used. */
export interface PartialSplit {
  applied: unknown[];
  failed: unknown[];
  /** Items that could not be classified, kept so nothing is hidden from the model. */
  unclassified: unknown[];
}

const APPLIED_KEYS = ["applied", "succeeded", "success", "successes", "done", "completed", "created", "ok"];
const FAILED_KEYS = ["failed", "failures", "errors", "error", "skipped", "rejected"];
const LIST_KEYS = ["items", "results", "steps", "operations", "outcomes"];

/**
 * Splits `data.partial` into applied and failed items. Reads a list of items (each judged by
 * `ok`, `status`, `success` or `error`), an object with `applied`/`failed` lists (or synonyms),
 * or an object wrapping such a list.
 */
export function splitPartial(partial: unknown): PartialSplit {
  const split: PartialSplit = { applied: [], failed: [], unclassified: [] };
  if (Array.isArray(partial)) {
    for (const item of partial) {
      const verdict = itemVerdict(item);
      if (verdict === "applied") split.applied.push(item);
      else if (verdict === "failed") split.failed.push(item);
      else split.unclassified.push(item);
    }
    return split;
  }
  if (partial === null || typeof partial !== "object") {
    if (partial !== undefined) split.unclassified.push(partial);
    return split;
  }
  const record = partial as Record<string, unknown>;
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
    // A map of step name -> outcome, e.g. { upload: {ok: true}, create_ad: {ok: false, error} }.
    const entries = Object.entries(record).filter(([, v]) => v !== null && typeof v === "object");
    if (entries.length > 0 && entries.every(([, v]) => itemVerdict(v) !== "unknown")) {
      for (const [step, value] of entries) {
        const item = { step, ...(value as object) };
        (itemVerdict(value) === "applied" ? split.applied : split.failed).push(item);
      }
    } else {
      split.unclassified.push(partial);
    }
  }
  return split;
}

function isListLike(value: unknown): boolean {
  return Array.isArray(value) || (value !== null && typeof value === "object");
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function itemVerdict(item: unknown): "applied" | "failed" | "unknown" {
  if (item === null || typeof item !== "object") return "unknown";
  const record = item as Record<string, unknown>;
  if (record.ok === true || record.success === true || record.applied === true) return "applied";
  if (record.ok === false || record.success === false || record.applied === false) return "failed";
  if (record.error !== undefined && record.error !== null && record.error !== "") return "failed";
  if (typeof record.status === "number")
    return record.status >= 200 && record.status < 300 ? "applied" : "failed";
  if (typeof record.status === "string") {
    const status = record.status.toLowerCase();
    if (/^(ok|applied|done|success|succeeded|created|completed|staged|paused|active)$/.test(status)) {
      return "applied";
    }
    if (/^(failed|failure|error|rejected|skipped)$/.test(status)) return "failed";
  }
  return "unknown";
}
