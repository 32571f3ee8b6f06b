import {
  type AuthProvider,
  type CallToolResult,
  Client,
  InsufficientScopeError,
  ProtocolError,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type Tool,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import type { AdClient, CallOptions } from "../client/index.js";
import type { Outcome } from "../client/outcome.js";
import { listAllTools } from "./catalog.js";
import { LOGIN_HINT, UpstreamError } from "./errors.js";

/** Options of {@link createMcpWire}. */
export interface McpWireOptions {
  mcpUrl: string;
  auth: AuthProvider;
  fetch?: typeof fetch;
  /** Per-call timeout when the call gives none (default 300 s: creative workflows take minutes). */
  timeoutMs?: number;
  /** Called when the door says its tool list changed. */
  onListChanged?: () => void;
  /** Called when a tool asked for a wider scope than the sign-in has (403 insufficient_scope). */
  onWiderScope?: (scope: string | undefined) => void;
}

/** The MCP wire: an {@link AdClient} whose calls go to the door's `tools/call`. */
export interface McpWire extends AdClient {
  /** Every page of the door's `tools/list`. */
  listTools(signal?: AbortSignal): Promise<Tool[]>;
  /** Sends `tool` under the door's name `doorName` (a known tool mapped from another name). */
  setName(tool: string, doorName: string): void;
  close(): Promise<void>;
}

/**
 * The wire to the service's MCP door, beside the REST client: one MCP session over Streamable
 * HTTP with the stored sign-in, and every answer or failure as the same {@link Outcome} the REST
 * client gives, so the guards treat both doors alike. It never throws for an answer.
 */
export function createMcpWire(options: McpWireOptions): McpWire {
  const names = new Map<string, string>();
  let connected: Promise<Client> | undefined;

  function connect(): Promise<Client> {
    if (!connected) {
      connected = (async () => {
        const client = new Client({ name: "adrails", version: "1" });
        client.setNotificationHandler("notifications/tools/list_changed", () => options.onListChanged?.());
        const transport = new StreamableHTTPClientTransport(new URL(options.mcpUrl), {
          authProvider: options.auth,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
        await client.connect(transport);
        return client;
      })();
      // A failed connection is not kept: the next call tries again.
      connected.catch(() => {
        connected = undefined;
      });
    }
    return connected;
  }

  async function call(tool: string, body: Record<string, unknown>, opts: CallOptions = {}): Promise<Outcome> {
    const started = Date.now();
    const base = { tool, attempts: 1 };
    const done = <T extends object>(value: T) =>
      ({ ...base, ...value, durationMs: Date.now() - started }) as unknown as Outcome;
    try {
      const client = await connect();
      const result = (await client.callTool(
        { name: names.get(tool) ?? tool, arguments: body },
        { signal: opts.signal, timeout: opts.timeoutMs ?? options.timeoutMs ?? 300_000 },
      )) as CallToolResult;
      return done(outcomeOf(result));
    } catch (error) {
      return done(failureOf(error, options));
    }
  }

  return {
    call,
    async listTools(signal) {
      return listAllTools(await connect(), signal);
    },
    setName(tool, doorName) {
      names.set(tool, doorName);
    },
    rateLimit: () => ({ enabled: false, limit: 0, windowMs: 0, available: 0, queued: 0 }),
    writeBudget: async () => ({ limit: 0, used: 0, remaining: 0, resetAt: null }),
    async close() {
      const pending = connected;
      connected = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}

/**
 * A tool's answer. A door that reports the service's HTTP status in `structuredContent`
 * (`{ status, data }`, or `{ status, error, ... }` with `isError`) gets exactly the Outcome REST
 * would give; otherwise the structured content, else the text read as JSON, else the text.
 */
function outcomeOf(result: CallToolResult): object {
  const text = result.content
    ?.filter((block): block is { type: "text"; text: string } => block.type === "text")
    .map((block) => block.text)
    .join("\n");
  const structured = result.structuredContent as Record<string, unknown> | undefined;
  const status = typeof structured?.status === "number" ? structured.status : undefined;
  if (structured && status !== undefined && ("data" in structured || "error" in structured)) {
    return statusOutcome(status, structured, result.isError === true);
  }
  let data: unknown = structured;
  if (data === undefined && text !== undefined && text !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (result.isError) {
    const error =
      typeof (data as { error?: unknown })?.error === "string"
        ? (data as { error: string }).error
        : text || "the tool reported an error";
    return { kind: "soft-error", status: 200, error, data };
  }
  return { kind: "success", status: 200, data: data ?? null };
}

function statusOutcome(status: number, body: Record<string, unknown>, isError: boolean): object {
  const data = body.data;
  const error =
    typeof body.error === "string"
      ? body.error
      : typeof (data as { error?: unknown })?.error === "string"
        ? (data as { error: string }).error
        : undefined;
  if (status === 207)
    return { kind: "partial", status: 207, data, partial: (data as { partial?: unknown })?.partial ?? data };
  if (status === 200 && error !== undefined) return { kind: "soft-error", status: 200, error, data };
  if (status === 200 && !isError) return { kind: "success", status: 200, data: data ?? null };
  return {
    kind: "http-error",
    status: status === 200 ? 502 : status,
    error: error ?? "the tool reported an error",
    shape: "wrapped",
    ...(typeof body.upgrade_url === "string" ? { upgradeUrl: body.upgrade_url } : {}),
    ...(Array.isArray(body.accounts) ? { accounts: body.accounts } : {}),
    ...(typeof body.retry_after_s === "number" ? { retryAfterS: body.retry_after_s } : {}),
    body,
  };
}

function failureOf(error: unknown, options: McpWireOptions): object {
  const httpError = (status: number, message: string) => ({
    kind: "http-error",
    status,
    error: message,
    shape: "bare",
    body: { error: message },
  });
  if (error instanceof UpstreamError) {
    if (error.kind === "login-needed") return httpError(401, `${error.message} ${LOGIN_HINT}`);
    return { kind: "network-error", status: null, error: `${error.message} ${error.hint}`, cause: "config" };
  }
  if (error instanceof InsufficientScopeError) {
    const scope = (error as { requiredScope?: string }).requiredScope;
    options.onWiderScope?.(scope);
    // A 401 for the caller: a new sign-in (with the wider scope) is what fixes it.
    return httpError(
      401,
      `This tool needs a wider permission${scope ? ` (scope ${scope})` : ""} than the sign-in grants. Run \`adrails login\` to grant it.`,
    );
  }
  if (error instanceof UnauthorizedError || (error instanceof SdkHttpError && error.status === 401)) {
    return httpError(401, `The service no longer accepts this sign-in. ${LOGIN_HINT}`);
  }
  if (error instanceof SdkHttpError) return httpError(error.status ?? 502, error.message);
  if (error instanceof ProtocolError) {
    const status = error.code === -32602 ? 400 : error.code === -32601 ? 404 : 502;
    return httpError(status, `The MCP door refused the call: ${error.message}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  const aborted = error instanceof Error && error.name === "AbortError";
  return { kind: "network-error", status: null, error: message, cause: aborted ? "aborted" : "connection" };
}
