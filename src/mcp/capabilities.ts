import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  PROTOCOL_VERSION_META_KEY,
  type ServerContext,
} from "@modelcontextprotocol/server";

/** The MCP tasks extension (SEP-2663). */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** What the client of one call can do for a person, in the order `adrails mcp` tries them. */
export interface CallerCan {
  /** The request is on the 2026-07-28 revision (input requests, not server-sent requests). */
  modern: boolean;
  form: boolean;
  url: boolean;
  tasks: boolean;
}

/**
 * The client's capabilities for this call: the 2026-07-28 per-request envelope, else what the
 * client declared at `initialize`.
 */
export function callerCan(ctx: ServerContext, declared: ClientCapabilities | undefined): CallerCan {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const modern = envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined;
  const capabilities = modern
    ? (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
    : declared;
  const elicitation = objectOr(capabilities?.elicitation);
  const extensions = objectOr((capabilities as { extensions?: unknown } | undefined)?.extensions);
  return {
    modern,
    // Form mode is declared by `elicitation.form`, or by an elicitation capability naming no mode.
    form: elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined),
    url: elicitation?.url !== undefined,
    tasks: extensions?.[TASKS_EXTENSION] !== undefined,
  };
}

function objectOr(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
}
