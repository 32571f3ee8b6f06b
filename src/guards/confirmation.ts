import type { ConfirmChannel, ConfirmRequest, ConfirmSummary, HumanDenial } from "../types.js";
import { type Confirmation, confirmationText } from "./approvals.js";
import { CONFIRM_FIELD } from "./validation.js";

/** The one tool whose writes can go live and spend money. */
export const CONFIRM_TOOL = "push-creative";

/** True only for `status` exactly "ACTIVE", the one value the service creates live. */
export function needsHardConfirmation(tool: string, body: Record<string, unknown>): boolean {
  return tool === CONFIRM_TOOL && body.status === "ACTIVE";
}

const SUMMARY_FIELDS = new Set([
  "account_id",
  "adset_id",
  "image_url",
  "video_url",
  "website_url",
  "lead_gen_form_id",
  "headline",
  "primary_text",
  "status",
  "request_id",
  CONFIRM_FIELD,
]);

/** The request a person judges: a summary of the ad and the fingerprint of the exact payload. */
export function confirmRequest(
  tool: string,
  fingerprint: string,
  body: Record<string, unknown>,
  expiresAt: number,
): ConfirmRequest {
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : undefined);
  const summary: ConfirmSummary = {
    account_id: text("account_id") ?? "",
    adset_id: text("adset_id") ?? "",
    media: text("image_url") ? `image ${text("image_url")}` : `video ${text("video_url") ?? ""}`,
    destination: text("website_url") ?? `lead form ${text("lead_gen_form_id") ?? ""}`,
    status: "ACTIVE",
  };
  if (text("headline") !== undefined) summary.headline = text("headline");
  if (text("primary_text") !== undefined) summary.primary_text = text("primary_text");

  const parts = [summary.media, `destination ${summary.destination}`];
  if (summary.headline !== undefined) parts.push(`headline ${JSON.stringify(summary.headline)}`);
  if (summary.primary_text !== undefined) parts.push(`primary text ${JSON.stringify(summary.primary_text)}`);
  const others = Object.keys(body)
    .filter((key) => !SUMMARY_FIELDS.has(key) && body[key] !== undefined)
    .sort()
    .map((key) => `${key} ${JSON.stringify(body[key])}`);
  const message =
    `Create an ACTIVE ad, which can start spending at once, in account ${summary.account_id}, ` +
    `ad set ${summary.adset_id}: ${parts.join(", ")}.` +
    (others.length > 0 ? ` Also: ${others.join(", ")}.` : "") +
    ` Payload ${fingerprint}.`;
  return { tool, fingerprint, summary, message, expiresAt };
}

/** A person's denial given through a framework flow, as a confirmation that did not happen. */
export function denialOf(denial: HumanDenial): {
  approved: false;
  reason: string;
  declined: true;
  via: string;
} {
  const via = typeof denial?.via === "string" && denial.via !== "" ? denial.via : "a framework approval flow";
  const reason =
    typeof denial?.reason === "string" && denial.reason.trim() !== "" ? denial.reason.trim() : undefined;
  return {
    approved: false,
    reason: reason ? `a person declined: ${reason}` : "a person declined",
    declined: true,
    via,
  };
}

/**
 * Asks the host's channel and waits at most until the request expires. A denial, a malformed
 * answer, an exception, an abort or a late answer all count as no approval.
 */
export async function askChannel(
  channel: ConfirmChannel,
  request: ConfirmRequest,
  signal?: AbortSignal,
): Promise<Confirmation> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const expired = new Promise<Confirmation>((resolve) => {
    timer = setTimeout(
      () => resolve({ approved: false, reason: "no answer came before the approval window closed" }),
      Math.max(0, request.expiresAt - Date.now()),
    );
    timer.unref?.();
    onAbort = () => resolve({ approved: false, reason: "the call was cancelled while waiting for a person" });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
  const answered = (async (): Promise<Confirmation> => {
    try {
      const decision = await channel(request);
      if (Date.now() > request.expiresAt)
        return { approved: false, reason: "the approval came after it expired" };
      if (decision?.approved === true) {
        return {
          approved: true,
          text: confirmationText(decision.text, "confirm", request.fingerprint),
          via: "confirm",
        };
      }
      if (decision?.approved === false) return denialOf({ via: "confirm", reason: decision.reason });
      return { approved: false, reason: "the confirmation channel gave no decision" };
    } catch {
      return { approved: false, reason: "the confirmation channel failed" };
    }
  })();
  try {
    return await Promise.race([answered, expired]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
