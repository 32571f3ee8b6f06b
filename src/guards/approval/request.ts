import { randomId } from "../../hashing.js";
import type { ToolDefinition } from "../../tools/define.js";
import { getTool } from "../../tools/index.js";
import type { ApprovalRequest, CallSummary, ConfirmSummary } from "../../types.js";
import { canonicalJson, digest } from "../fingerprint.js";
import { CONFIRM_FIELD } from "../validation.js";
import { payloadFingerprint } from "./verify.js";

/** True when this exact body needs a person's answer before it is sent (the definition says which). */
export function needsPerson(def: ToolDefinition, body: Record<string, unknown>): boolean {
  return def.needsPerson?.(body) === true;
}

/** Where a request is asked from: the call's id in its framework and the session it belongs to. */
export interface RequestPlace {
  callId?: string;
  /** The scope request ids use (a session, thread or conversation). */
  scope: string;
  /** When the person was asked; now by default. */
  askedAt?: number;
  /**
   * What makes the id of a request without a call id: a request waiting at a desk is the same for
   * every repeat of the same payload in the scope ("desk"), not fresh per call.
   */
  seed?: string;
}

/**
 * The approval request for one call. Its id is derived from the tool, payload, account, scope and
 * call id when the call has an id, so every process that meets the call (a resumed run, a replayed
 * checkpoint) names the same request and redeems it once; a call without an id gets a fresh one.
 */
export function approvalRequest(
  def: ToolDefinition,
  body: Record<string, unknown>,
  fingerprint: string,
  place: RequestPlace,
  ttlMs: number,
): ApprovalRequest {
  const askedAt = place.askedAt ?? Date.now();
  const account = typeof body.account_id === "string" ? body.account_id : undefined;
  // Tool call ids repeat across conversations (scripted models, colliding ids): the payload is
  // part of the id, so a request is never another payload's.
  const seed = place.seed ?? place.callId ?? randomId();
  const id = `apr_${digest(canonicalJson([def.name, fingerprint, account ?? null, place.scope, seed]))}`;
  const { summary, message } =
    def.name === "push-creative" ? adSummary(fingerprint, body) : callSummary(def, fingerprint, body);
  return {
    id,
    tool: def.name,
    ...(place.callId === undefined ? {} : { callId: place.callId }),
    fingerprint,
    ...(account === undefined ? {} : { account }),
    askedAt,
    expiresAt: askedAt + ttlMs,
    summary,
    message,
  };
}

const AD_FIELDS = new Set([
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

/** An ACTIVE ad as a person judges it: where, what, and every other field it is sent with. */
function adSummary(
  fingerprint: string,
  body: Record<string, unknown>,
): { summary: ConfirmSummary; message: string } {
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
  if (text("thumbnail_url") !== undefined) summary.thumbnail = text("thumbnail_url");

  const parts = [summary.media, `destination ${summary.destination}`];
  if (summary.headline !== undefined) parts.push(`headline ${JSON.stringify(summary.headline)}`);
  if (summary.primary_text !== undefined) parts.push(`primary text ${JSON.stringify(summary.primary_text)}`);
  const others = Object.keys(body)
    .filter((key) => !AD_FIELDS.has(key) && body[key] !== undefined)
    .sort()
    .map((key) => `${key} ${JSON.stringify(body[key])}`);
  const message =
    `Create an ACTIVE ad, which can start spending at once, in account ${summary.account_id}, ` +
    `ad set ${summary.adset_id}: ${parts.join(", ")}.` +
    (others.length > 0 ? ` Also: ${others.join(", ")}.` : "") +
    ` Payload ${fingerprint}.`;
  return { summary, message };
}

/** Any other tool: its name, its own description and the exact arguments, since its effect is its own. */
function callSummary(
  def: ToolDefinition,
  fingerprint: string,
  body: Record<string, unknown>,
): { summary: CallSummary; message: string } {
  const args = { ...body };
  delete args[CONFIRM_FIELD];
  const summary: CallSummary = { tool: def.name, description: def.description, arguments: args };
  const message =
    `Run the tool ${def.name}, which needs a person's approval. What it says it does: ${def.description} ` +
    `Exact arguments: ${canonicalJson(args)}. Payload ${fingerprint}.`;
  return { summary, message };
}

/** The payload standing for a plan: every payload it covers, in order. */
export function planPayload(requests: readonly Pick<ApprovalRequest, "payload">[]): string {
  return canonicalJson(["adrails-plan-2", requests.map((r) => r.payload ?? null)]);
}

type Shown = ApprovalRequest & { plan?: { id: string; requests: ApprovalRequest[] } };

/**
 * The request as a person must be shown it: summary, message, fingerprint and account derived
 * from its payload (a plan's from each of its payloads), so what a page shows is what is signed
 * and what is sent, whatever else an item in the store says. Null when it carries no payload.
 */
export function shownRequest<T extends ApprovalRequest>(request: T): T | null {
  const plan = (request as Shown).plan;
  if (plan !== undefined) {
    if (!Array.isArray(plan.requests)) return null;
    const parts = plan.requests.map((r) => shownRequest(r));
    if (parts.some((r) => r === null)) return null;
    const shown = parts as ApprovalRequest[];
    const payload = planPayload(shown);
    const { account: _stored, ...rest } = request;
    const first = shown[0]?.account;
    const account = shown.every((r) => r.account === first) ? first : undefined;
    return {
      ...rest,
      ...(account === undefined ? {} : { account }),
      fingerprint: payloadFingerprint(request.tool, payload),
      payload,
      summary: { ...(request.summary as CallSummary), arguments: { payloads: shown.map((r) => r.summary) } },
      plan: { ...plan, requests: shown },
    } as unknown as T;
  }
  if (typeof request.payload !== "string") return null;
  let body: unknown;
  try {
    body = JSON.parse(request.payload);
  } catch {
    return null;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  const fingerprint = payloadFingerprint(request.tool, request.payload);
  const stored = (request.summary as Partial<CallSummary> | undefined)?.description;
  const description = getTool(request.tool)?.description ?? (typeof stored === "string" ? stored : "");
  const { summary, message } =
    request.tool === "push-creative"
      ? adSummary(fingerprint, fields)
      : callSummary({ name: request.tool, description } as ToolDefinition, fingerprint, fields);
  const { account: _stored, ...rest } = request;
  const account = typeof fields.account_id === "string" ? fields.account_id : undefined;
  // What was told before the request itself (an identical live ad, a money rule) stays in front.
  const told = typeof request.message === "string" && request.message.endsWith(message);
  return {
    ...rest,
    fingerprint,
    ...(account === undefined ? {} : { account }),
    summary,
    message: told ? request.message : message,
  } as T;
}
