import { PASSKEY_HEADER } from "../guards/approval/passkey.js";
import { type RenderContext, short } from "./render.js";
import type { InboxItem, ItemDecision } from "./types.js";

/**
 * What proves a person decided, as the statement says of itself: their passkey's assertion travels
 * in its protected header (guards/approval/passkey.ts), else only the inbox's key signed it.
 * Shown to people; the agents' verifier checks it.
 */
export function proofOf(d: ItemDecision): "passkey" | "inbox key" {
  try {
    const header = JSON.parse(Buffer.from((d.sig ?? "").split(".")[0] ?? "", "base64url").toString("utf8"));
    return header && typeof header === "object" && PASSKEY_HEADER in header ? "passkey" : "inbox key";
  } catch {
    return "inbox key";
  }
}

/** The sentence naming the proof of each decision on the item, e.g. "Proof: signed with Ann's passkey." */
export function proofs(item: InboxItem, ctx: RenderContext): string {
  const d = item.decision;
  const all = [...(item.approvals ?? []), ...(d ? [d] : [])].filter(
    (a, i, list) => list.findIndex((b) => b.by === a.by && b.approved === a.approved) === i,
  );
  if (all.length === 0) return "";
  const each = all.map((a) =>
    proofOf(a) === "passkey" ? `${short(a.by, ctx)}'s passkey` : `the inbox's key for ${short(a.by, ctx)}`,
  );
  return `Proof: signed with ${each.join(" and ")}.`;
}
