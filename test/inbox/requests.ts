import { payloadOf } from "../../src/guards/approval/records.js";
import { approvalRequest } from "../../src/guards/approval/request.js";
import { fingerprint, retryKeys } from "../../src/guards/fingerprint.js";
import { getTool } from "../../src/tools/index.js";
import type { ConfirmRequest, ConfirmSummary } from "../../src/types.js";

/**
 * An ACTIVE push's approval request as the toolkit records it: its payload, and the summary,
 * message and fingerprint that payload gives (the inbox shows and signs what the payload says).
 */
export function adRequest(
  o: {
    id?: string;
    account?: string;
    adsetId?: string;
    headline?: string;
    primaryText?: string;
    image?: string;
    destination?: string;
    askedAt?: number;
    expiresInMs?: number;
  } = {},
): ConfirmRequest {
  const request = summaryRequest(
    {
      account_id: o.account ?? "act_1",
      adset_id: o.adsetId ?? "2",
      media: `image ${o.image ?? "https://cdn.example.com/a.png"}`,
      destination: o.destination ?? "https://shop.example.com/",
      headline: o.headline ?? "Spring sale",
      ...(o.primaryText === undefined ? {} : { primary_text: o.primaryText }),
    },
    { ...(o.askedAt === undefined ? {} : { askedAt: o.askedAt }), expiresInMs: o.expiresInMs ?? 60_000 },
  );
  return o.id === undefined ? request : { ...request, id: o.id };
}

/** The request for the ad a summary describes (media "image URL" or "video URL", a destination URL). */
export function summaryRequest(
  summary: Partial<ConfirmSummary>,
  o: { expiresInMs?: number; askedAt?: number } = {},
): ConfirmRequest {
  const def = getTool("push-creative")!;
  const media = summary.media ?? "image https://cdn.example.com/a.png";
  const [kind, ...rest] = media.split(" ");
  const body: Record<string, unknown> = {
    account_id: summary.account_id ?? "act_1",
    adset_id: summary.adset_id ?? "2",
    [kind === "video" ? "video_url" : "image_url"]: rest.join(" "),
    website_url: summary.destination ?? "https://shop.example.com/",
    headline: summary.headline ?? "Spring sale",
    ...(summary.primary_text === undefined ? {} : { primary_text: summary.primary_text }),
    ...(summary.thumbnail === undefined ? {} : { thumbnail_url: summary.thumbnail }),
    status: "ACTIVE",
  };
  const askedAt = o.askedAt ?? Date.now();
  const change = fingerprint(def.name, body, retryKeys(def.idField?.name));
  const request = approvalRequest(def, body, change, { scope: "test", askedAt }, o.expiresInMs ?? 120_000);
  return { ...request, payload: payloadOf(def, body) };
}
