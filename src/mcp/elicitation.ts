import {
  type ClientCapabilities,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type RequestStateCodec,
  SdkError,
  SdkErrorCode,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { ApprovalAnswer, ConfirmDecision, ConfirmRequest } from "../types.js";
import { callerCan } from "./capabilities.js";

/** The channel an answer given through an MCP host's form names. */
export const ELICITATION_VIA = "mcp-elicitation";

const INPUT_KEY = "confirm";
const FIELD = "confirmation";

/** How asking the person ended, or the input request that asks them (2026-07-28). */
export type Asked =
  | { kind: "input-required"; result: InputRequiredResult }
  /** The person's answer (approve or decline) to the request the form showed. */
  | { kind: "answered"; answer: ApprovalAnswer }
  /** The host declared no form elicitation: nobody can be asked through it. */
  | { kind: "unavailable" };

/** Makes a person's answer to a request in the approval model (`adTool.answer`). */
export type Answering = (request: ConfirmRequest, decision: ConfirmDecision) => ApprovalAnswer;

/** What the server carries between the rounds of a 2026-07-28 confirmation, signed. */
interface Pending {
  /** The request the form showed: one per form, so one answer confirms one call. */
  request: ConfirmRequest;
  /** The ad the form said went live with this payload (none when it said nothing). */
  seen?: string;
}

/** Asks a person to confirm an exact payload through the MCP host's own form. */
export interface Elicitation {
  ask(
    request: ConfirmRequest,
    answering: Answering,
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

  async function askModern(
    request: ConfirmRequest,
    answering: Answering,
    ctx: ServerContext,
  ): Promise<Asked> {
    const state = ctx.mcpReq.requestState<unknown>();
    const answer = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
    if (typeof state === "string" && answer.kind === "elicit") {
      const pending = await codec.verify(state, ctx).catch(() => undefined);
      // An identical ad that went live after the form was shown: the person is asked again, told.
      if (
        pending !== undefined &&
        pending.request.tool === request.tool &&
        pending.seen === seenIn(request)
      ) {
        return decide(answer, pending.request, answering);
      }
    }
    const seen = seenIn(request);
    const pending: Pending = seen === undefined ? { request } : { request, seen };
    return {
      kind: "input-required",
      result: inputRequired({
        inputRequests: { [INPUT_KEY]: inputRequired.elicit(form(request)) },
        requestState: await codec.mint(pending),
      }),
    };
  }

  async function askLegacy(
    request: ConfirmRequest,
    answering: Answering,
    ctx: ServerContext,
  ): Promise<Asked> {
    const no = (reason: string): Asked => ({
      kind: "answered",
      answer: answering(request, { approved: false, reason }),
    });
    try {
      const answer = await ctx.mcpReq.elicitInput(form(request), {
        timeout: options.timeoutMs,
        signal: ctx.mcpReq.signal,
      });
      return decide({ action: answer.action, content: answer.content }, request, answering);
    } catch (error) {
      if (ctx.mcpReq.signal.aborted) return no("the call was cancelled while the form was open");
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        return no(`no answer within ${seconds(options.timeoutMs)}`);
      }
      // The SDK checks an accepted answer against the form's schema; an empty or mistyped one fails.
      return no("the form came back without a valid confirmation sentence");
    }
  }

  return {
    ask(request, answering, ctx, clientCapabilities) {
      // 2026-07-28 requests carry the client's version and capabilities in a per-request envelope.
      const can = callerCan(ctx, clientCapabilities);
      if (!can.form) return Promise.resolve({ kind: "unavailable" });
      return can.modern ? askModern(request, answering, ctx) : askLegacy(request, answering, ctx);
    },
  };
}

/** The ad a request tells the person already went live with this payload. */
export const seenIn = (request: ConfirmRequest): string | undefined => request.previousLive?.adId;

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
  request: ConfirmRequest,
  answering: Answering,
): Asked {
  const answered = (decision: ConfirmDecision): Asked => ({
    kind: "answered",
    answer: answering(request, decision),
  });
  if (answer.action === "decline") return answered({ approved: false });
  if (answer.action !== "accept") {
    return answered({ approved: false, reason: "the confirmation form was closed without an answer" });
  }
  const text = answer.content?.[FIELD];
  if (typeof text !== "string" || text.trim() === "") {
    return answered({ approved: false, reason: "accepted without writing a confirmation sentence" });
  }
  // The request's expiry is the form's: an answer that comes too late does not redeem.
  return answered({ approved: true, text: text.trim() });
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);
