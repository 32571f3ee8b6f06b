import { randomUUID } from "node:crypto";
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  PROTOCOL_VERSION_META_KEY,
  type RequestStateCodec,
  SdkError,
  SdkErrorCode,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { ConfirmRequest, HumanApproval, HumanDenial } from "../types.js";

/** Recorded as the approval's and the denial's `via`. */
export const ELICITATION_VIA = "mcp-elicitation";

const INPUT_KEY = "confirm";
const FIELD = "confirmation";

/** How asking the person ended, or the input request that asks them (2026-07-28). */
export type Asked =
  | { kind: "input-required"; result: InputRequiredResult }
  | { kind: "approved"; approval: HumanApproval }
  | { kind: "denied"; denial: HumanDenial }
  /** The host declared no form elicitation: nobody can be asked through it. */
  | { kind: "unavailable" };

/** What the server carries between the rounds of a 2026-07-28 confirmation, signed. */
interface Pending {
  tool: string;
  fingerprint: string;
  /** The approval's id: one per elicitation, so one answer confirms one call. */
  id: string;
  askedAt: number;
  /** The ad the form said went live with this payload (none when it said nothing). */
  seen?: string;
}

/** Asks a person to confirm an exact payload through the MCP host's own form. */
export interface Elicitation {
  ask(
    request: ConfirmRequest,
    ctx: ServerContext,
    clientCapabilities: ClientCapabilities | undefined,
  ): Promise<Asked>;
}

export interface ElicitationOptions {
  /** HMAC key for the round-trip state; at least 32 bytes. */
  key: Uint8Array | string;
  /** How long a person has to answer; also how long the round-trip state stays valid. */
  timeoutMs: number;
}

/**
 * The confirmation flow of an ACTIVE `push-creative`. On 2025 connections the server sends
 * `elicitation/create` and waits for the answer. On 2026-07-28 it answers the call with an input
 * request and signed state; the client retries with the person's answer and that state echoed. An
 * edited or forged state fails verification and the person is asked again; a replayed one carries
 * an approval id the toolkit has already redeemed.
 */
export function createElicitation(options: ElicitationOptions): Elicitation {
  const codec: RequestStateCodec<Pending> = createRequestStateCodec<Pending>({
    key: options.key,
    ttlSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
  });

  async function askModern(request: ConfirmRequest, ctx: ServerContext): Promise<Asked> {
    const state = ctx.mcpReq.requestState<unknown>();
    const answer = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
    if (typeof state === "string" && answer.kind === "elicit") {
      const pending = await codec.verify(state, ctx).catch(() => undefined);
      // An identical ad that went live after the form was shown: the person is asked again, told.
      if (pending !== undefined && pending.tool === request.tool && pending.seen === seenIn(request)) {
        return decide(answer, pending);
      }
    }
    const pending = pendingOf(request);
    return {
      kind: "input-required",
      result: inputRequired({
        inputRequests: { [INPUT_KEY]: inputRequired.elicit(form(request)) },
        requestState: await codec.mint(pending),
      }),
    };
  }

  async function askLegacy(request: ConfirmRequest, ctx: ServerContext): Promise<Asked> {
    const pending = pendingOf(request);
    try {
      const answer = await ctx.mcpReq.elicitInput(form(request), {
        timeout: options.timeoutMs,
        signal: ctx.mcpReq.signal,
      });
      return decide({ action: answer.action, content: answer.content }, pending);
    } catch (error) {
      if (ctx.mcpReq.signal.aborted) return denied("the call was cancelled while the form was open");
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        return denied(`no answer within ${seconds(options.timeoutMs)}`);
      }
      // The SDK checks an accepted answer against the form's schema; an empty or mistyped one fails.
      return denied("the form came back without a valid confirmation sentence");
    }
  }

  return {
    ask(request, ctx, clientCapabilities) {
      // 2026-07-28 requests carry the client's version and capabilities in a per-request envelope.
      const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
      const modern = envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined;
      const capabilities = modern
        ? (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
        : clientCapabilities;
      if (!supportsForm(capabilities)) return Promise.resolve({ kind: "unavailable" });
      return modern ? askModern(request, ctx) : askLegacy(request, ctx);
    },
  };
}

function pendingOf(request: ConfirmRequest): Pending {
  const seen = seenIn(request);
  return {
    tool: request.tool,
    fingerprint: request.fingerprint,
    id: `${ELICITATION_VIA}:${randomUUID()}`,
    askedAt: Date.now(),
    ...(seen === undefined ? {} : { seen }),
  };
}

/** The ad a request tells the person already went live with this payload. */
export const seenIn = (request: ConfirmRequest): string | undefined => request.previousLive?.adId;

/** Form mode is declared by `elicitation.form`, or by an elicitation capability naming no mode. */
function supportsForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (elicitation === undefined || elicitation === null || typeof elicitation !== "object") return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

function form(request: ConfirmRequest): ElicitRequestFormParams {
  return {
    mode: "form",
    message: `${request.message}\nTo let it go live, write a sentence confirming it. Decline to send nothing.`,
    requestedSchema: {
      type: "object",
      properties: {
        [FIELD]: {
          type: "string",
          title: "Your confirmation",
          description: "In your own words, e.g. I approve this ad going live today.",
          minLength: 1,
          maxLength: 500,
        },
      },
      required: [FIELD],
    },
  };
}

function decide(
  answer: { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> },
  pending: Pending,
): Asked {
  if (answer.action === "decline") return { kind: "denied", denial: { via: ELICITATION_VIA } };
  if (answer.action !== "accept") return denied("the confirmation form was closed without an answer");
  const text = answer.content?.[FIELD];
  if (typeof text !== "string" || text.trim() === "") {
    return denied("accepted without writing a confirmation sentence");
  }
  return {
    kind: "approved",
    approval: {
      fingerprint: pending.fingerprint,
      via: ELICITATION_VIA,
      text: text.trim(),
      id: pending.id,
      // Timed from the ask: the toolkit expires the approval as it would any answer that late.
      approvedAt: pending.askedAt,
    },
  };
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

// The toolkit words these as "a person declined: <reason>".
const denied = (reason: string): Asked => ({ kind: "denied", denial: { via: ELICITATION_VIA, reason } });
