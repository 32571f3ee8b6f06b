import {
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { AdToolkit, ConfirmRequest, ToolResult } from "../types.js";
import { holdForDecision, isPending, MAX_HOLD_MS, type PendingResult, withNote } from "./hold.js";

const INPUT_KEY = "inbox";
/** How long an answered URL elicitation holds for the decision at most (one request's budget). */
const HOLD_MS = 25_000;

/** What a 2026-07-28 client carries between the rounds of a URL elicitation, signed. */
interface UrlState {
  approvalId: string;
  tool: string;
}

/** URL-mode elicitation: the host opens the inbox page of the exact request for the person. */
export interface UrlElicitation {
  /** Asks the host to open `pending.approve_url`; the call's outcome once the host answers. */
  ask(
    pending: PendingResult,
    request: ConfirmRequest,
    ctx: ServerContext,
    modern: boolean,
  ): Promise<ToolResult | InputRequiredResult>;
  /** A 2026-07-28 retry carrying the host's answer and our signed state: its outcome, else undefined. */
  resume(tool: string, ctx: ServerContext): Promise<ToolResult | undefined>;
}

/** What the host shows the person with the inbox link. */
export const inboxMessage = (request: ConfirmRequest) =>
  `${request.message}\nOpen the approval inbox to approve or decline this exact ad. Nothing is sent until a person approves it there.`;

export function createUrlElicitation(
  toolkit: AdToolkit,
  server: McpServer,
  options: { key: Uint8Array | string; timeoutMs: number; progressEveryMs?: number },
): UrlElicitation {
  const codec: RequestStateCodec<UrlState> = createRequestStateCodec<UrlState>({
    key: options.key,
    ttlSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
  });

  /** The host answered: hold for the decision when the person went to the page. */
  async function answered(
    action: "accept" | "decline" | "cancel",
    pending: PendingResult,
    ctx: ServerContext,
    holdMs: number,
  ): Promise<ToolResult> {
    if (action !== "accept") {
      return withNote(
        pending,
        `The person did not open the approval page (${action === "decline" ? "declined" : "dismissed"} in the host). Nothing was sent; the request stays open in the inbox until ${pending.expires_at}.`,
      );
    }
    const result = await holdForDecision(toolkit, pending.approval_id, ctx, holdMs, options.progressEveryMs);
    return isPending(result)
      ? withNote(
          result,
          "The person has not decided in the approval inbox yet: nothing was sent. Call await-approval with this approval_id to wait for the decision.",
        )
      : result;
  }

  return {
    async ask(pending, request, ctx, modern) {
      if (modern) {
        return inputRequired({
          inputRequests: {
            [INPUT_KEY]: inputRequired.elicitUrl({
              message: inboxMessage(request),
              url: pending.approve_url,
            }),
          },
          requestState: await codec.mint({ approvalId: pending.approval_id, tool: request.tool }),
        });
      }
      const started = Date.now();
      let action: "accept" | "decline" | "cancel";
      try {
        const answer = await ctx.mcpReq.elicitInput(
          {
            mode: "url",
            message: inboxMessage(request),
            url: pending.approve_url,
            elicitationId: pending.approval_id,
          },
          { timeout: options.timeoutMs, signal: ctx.mcpReq.signal },
        );
        action = answer.action;
      } catch {
        // No answer in time, a cancelled call, or a host that failed the request: still pending.
        return withNote(
          pending,
          `The host did not answer the request to open the approval page. Nothing was sent; the request stays open in the inbox until ${pending.expires_at}.`,
        );
      }
      // The whole call stays under the common 60 s client timeout.
      const left = Math.max(1000, MAX_HOLD_MS - (Date.now() - started));
      const result = await answered(action, pending, ctx, Math.min(HOLD_MS, left));
      if (!isPending(result)) {
        await server.server
          .createElicitationCompletionNotifier(pending.approval_id)()
          .catch(() => {});
      }
      return result;
    },

    async resume(tool, ctx) {
      const state = ctx.mcpReq.requestState<unknown>();
      const answer = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
      if (typeof state !== "string" || answer.kind !== "elicit") return undefined;
      const resumed = await codec.verify(state, ctx).catch(() => undefined);
      if (resumed === undefined || resumed.tool !== tool) return undefined;
      const now = await toolkit.awaitApproval(resumed.approvalId, { waitMs: 0 });
      if (!isPending(now)) return now;
      return answered(answer.action, now, ctx, HOLD_MS);
    },
  };
}
