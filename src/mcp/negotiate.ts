import type { ClientCapabilities, InputRequiredResult, ServerContext } from "@modelcontextprotocol/server";
import type { AdTool, AdToolkit, CallContext, ConfirmRequest, ToolResult } from "../types.js";
import { callerCan } from "./capabilities.js";
import { type Answering, ELICITATION_VIA, type Elicitation, seenIn } from "./elicitation.js";
import { isPending, withNote } from "./hold.js";
import type { McpTasks } from "./tasks.js";
import { inboxMessage, type UrlElicitation } from "./url-elicitation.js";

/** A call's outcome: a ToolResult, an input request (2026-07-28), or a task (SEP-2663). */
export type Negotiated =
  | { kind: "result"; result: ToolResult }
  | { kind: "input-required"; result: InputRequiredResult }
  | { kind: "task"; result: Record<string, unknown> };

/** The ways this server can reach a person, built per server instance. */
export interface PersonPaths {
  form: Elicitation;
  /** Present when the toolkit has a desk (an inbox people open). */
  url?: UrlElicitation;
  tasks?: McpTasks;
}

/** What to configure when nobody can be asked: said to the model, which tells the person. */
export const NO_PERSON_NOTE =
  "This MCP host cannot ask the person to confirm (no MCP form elicitation), and this adrails MCP server has no approval inbox. Create the ad PAUSED, or have the person start `adrails inbox --redis URL` and restart `adrails mcp` with `--inbox-url URL --redis URL` (or ADRAILS_INBOX_URL and ADRAILS_REDIS_URL), or use a host with MCP form elicitation.";

const result = (value: ToolResult): Negotiated => ({ kind: "result", result: value });

/**
 * One tool call, reaching a person when it needs one, in this order: the toolkit's own `confirm`
 * channel; the host's form (MCP form elicitation); the inbox page of the exact request opened by
 * the host (URL elicitation); a task that waits for the inbox's decision (tasks extension); the
 * pending result the model hands on, then `await-approval`. Without an inbox and without a form,
 * the refusal says what to configure.
 */
export async function negotiate(
  toolkit: AdToolkit,
  adTool: AdTool,
  paths: PersonPaths,
  declared: ClientCapabilities | undefined,
  sessionId: string | undefined,
  args: unknown,
  ctx: ServerContext,
): Promise<Negotiated> {
  const context: CallContext = {
    signal: ctx.mcpReq.signal,
    toolCallId: String(ctx.mcpReq.id),
    // Not the transport's session: a host that reconnects after a dropped answer must get the same
    // request ids, so its retry replays instead of writing twice.
    ...(sessionId === undefined ? {} : { sessionId }),
  };
  // No call id: each round of a 2026-07-28 confirmation is a JSON-RPC request of its own, so a
  // request names the form it was shown in (signed state carries it between rounds).
  const where = sessionId === undefined ? {} : { sessionId };
  const can = callerCan(ctx, declared);
  if (paths.url && can.modern && can.url) {
    const resumed = await paths.url.resume(adTool.name, ctx);
    if (resumed) return result(resumed);
  }
  const hasDesk = toolkit.options.desk !== undefined;
  // Only the desk can reach the person: the pending call records the one request they are asked
  // about (asking first would record a second, never-answered one).
  if (hasDesk && !can.form) {
    const pending = await adTool.call(args, { ...context, pending: true });
    if (!isPending(pending)) return result(pending);
    const request = await adTool.recorded(pending.approval_id).catch(() => null);
    if (!request) return result(pending);
    if (paths.url && can.url) {
      const asked = await paths.url.ask(pending, request, ctx, can.modern);
      return "resultType" in asked && asked.resultType === "input_required"
        ? { kind: "input-required", result: asked as InputRequiredResult }
        : result(asked as ToolResult);
    }
    if (paths.tasks && can.tasks) {
      const task = await paths.tasks.create(pending, inboxMessage(request)).catch(() => undefined);
      if (task) return { kind: "task", result: task };
    }
    return result(pending);
  }
  // A toolkit's own confirm channel asks the person.
  const request = toolkit.options.confirm !== undefined ? null : await adTool.ask(args, where);
  if (!request) return result(await adTool.call(args, context));

  if (can.form) return form(adTool, paths.form, request, args, context, where, ctx, declared);
  // Nobody can be asked: the toolkit decides as with no confirmation channel.
  const refused = await adTool.call(args, context);
  return result(
    "blocked" in refused && refused.blocked === "hard-confirmation"
      ? withNote(refused, NO_PERSON_NOTE)
      : refused,
  );
}

async function form(
  adTool: AdTool,
  elicitation: Elicitation,
  first: ConfirmRequest,
  args: unknown,
  context: CallContext,
  where: { sessionId?: string },
  ctx: ServerContext,
  declared: ClientCapabilities | undefined,
): Promise<Negotiated> {
  let request = first;
  const answering: Answering = (shown, decision) => adTool.answer(shown, decision, ELICITATION_VIA);
  let asked = await elicitation.ask(request, answering, ctx, declared);
  // An identical ad that went live while the form was open: ask again, telling the person.
  for (let round = 0; asked.kind === "answered" && asked.answer.approved && round < 2; round++) {
    const now = await adTool.ask(args, where);
    if (now === null || seenIn(now) === seenIn(request)) break;
    request = now;
    asked = await elicitation.ask(request, answering, ctx, declared);
  }
  if (asked.kind === "input-required") return { kind: "input-required", result: asked.result };
  // A "no" goes through the toolkit too, so it is audited and follows onUnconfirmedActive.
  if (asked.kind === "answered") return result(await adTool.call(args, { ...context, answer: asked.answer }));
  const refused = await adTool.call(args, context);
  return result(
    "blocked" in refused && refused.blocked === "hard-confirmation"
      ? withNote(refused, NO_PERSON_NOTE)
      : refused,
  );
}
