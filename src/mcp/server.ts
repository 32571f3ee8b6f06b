import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  type CallToolResult,
  McpServer,
  type RegisteredTool,
  type ServerContext,
  type StandardSchemaWithJSON,
  type Tool,
  type ToolAnnotations,
} from "@modelcontextprotocol/server";
import { adapterFault, type JsonSchema, providerSchema, resolveToolkit } from "../adapters/shared.js";
import {
  type ActiveToolSession,
  createToolDiscovery,
  type DiscoveryOptions,
  FIND_TOOLS,
} from "../discovery.js";
import { CONFIRM_TOOL } from "../guards/confirmation.js";
import { withTraceContext } from "../guards/telemetry.js";
import type { ToolDefinition } from "../tools/define.js";
import type { AdTool, AdToolkit, AdToolsOptions, ToolResult } from "../types.js";
import type { CallerPlace } from "./auth-callers.js";
import { toolScopeChallenge } from "./auth-scopes.js";
import { withCallerSpan } from "./auth-span.js";
import { registerAwaitApproval } from "./await-tool.js";
import { toCallToolResult } from "./call-result.js";
import { TASKS_EXTENSION } from "./capabilities.js";
import { createElicitation } from "./elicitation.js";
import { negotiate, type PersonPaths } from "./negotiate.js";
import { serveTasks } from "./tasks.js";
import { createUrlElicitation } from "./url-elicitation.js";

/** Options of {@link createMcpServer}. */
export interface AdrailsMcpServerOptions {
  /** Server name shown to hosts. Default "adrails". */
  name?: string;
  /** Server version shown to hosts. Default the package's. */
  version?: string;
  /**
   * HMAC key (at least 32 bytes) that signs the state a 2026-07-28 client carries between the rounds
   * of a confirmation. Default: a random key per toolkit, which works while one process serves
   * every round; give the same key to every process behind one endpoint.
   */
  stateKey?: Uint8Array | string;
  /** How long a person has to answer a confirmation. Default the toolkit's `approvalTtlMs` (5 min). */
  confirmationTimeoutMs?: number;
  /** Scope for request ids. Default: the toolkit's, shared by every connection of this server. */
  sessionId?: string;
  /**
   * On-demand discovery: the server lists only `find-tools` (and `active` tools, if given); the
   * tools a search finds are listed from then on for this connection, announced with
   * `notifications/tools/list_changed`. A call of a tool not found yet is answered with a result
   * saying to search first; nothing is sent. The list lives in the server instance, so serve one
   * instance per connection (stdio, 2025-era HTTP sessions); `startMcpHttpServer` serves
   * 2026-07-28 requests, each on an instance of its own, the full list.
   */
  dynamic?: boolean | DiscoveryOptions;
  /**
   * How often a call holding for a person's decision in the inbox sends `notifications/progress`
   * (when the request carries a progress token). Default 10 000 ms; shorter for hosts whose
   * request timeout is under about 15 s.
   */
  progressEveryMs?: number;
  /**
   * The signed-in caller this server instance serves (`startMcpHttpServer` with `auth` sets it):
   * each tool checks the access token's scopes before it runs (403 insufficient_scope), and each
   * call is traced under a span naming the caller.
   */
  caller?: CallerPlace;
}

const DEFAULT_TTL_MS = 5 * 60_000;
const VERSION = packageVersion();
// One state key per toolkit, so that the fresh server instance an HTTP request gets verifies the
// state an earlier instance signed.
const stateKeys = new WeakMap<AdToolkit, Uint8Array>();

/**
 * An MCP server (the SDK's `McpServer`) with every tool of the toolkit: the service's names, a
 * title, the model-facing description and JSON Schema, and annotations from the catalog. Input is
 * checked by the toolkit, so invalid input reaches the model as a ToolResult naming the fields.
 * A result's text is `toolkit.toModelText(result)`, its `structuredContent` the full (redacted)
 * ToolResult, and `isError` is true for anything but a plain success.
 *
 * An ACTIVE `push-creative` asks the person through MCP elicitation (a form with the ad's summary,
 * the payload fingerprint and one field for the person's sentence), unless the toolkit has a
 * `confirm` channel, which is then used instead. A decline, a dismissal, an empty sentence, no
 * answer in time or a host without elicitation send nothing (or, with `onUnconfirmedActive:
 * "pause"`, create the ad PAUSED).
 *
 * Serve it with `serveMcpStdio` / `startMcpHttpServer`, or connect it to any SDK transport; to
 * serve the 2026-07-28 revision, give the SDK's `serveStdio` / `createMcpHandler` a factory that
 * calls this function with the same toolkit.
 */
export function createMcpServer(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  serverOptions: AdrailsMcpServerOptions = {},
): McpServer {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const key = stateKeyFor(toolkit, serverOptions);
  const timeoutMs = serverOptions.confirmationTimeoutMs ?? toolkit.options.approvalTtlMs ?? DEFAULT_TTL_MS;
  const desk = toolkit.options.desk !== undefined;
  const { progressEveryMs, caller } = serverOptions;
  if (progressEveryMs !== undefined && !(progressEveryMs >= 100)) {
    throw new TypeError("createMcpServer: progressEveryMs must be at least 100 ms");
  }
  const server = new McpServer(
    { name: serverOptions.name ?? "adrails", version: serverOptions.version ?? VERSION },
    {
      capabilities: {
        tools: serverOptions.dynamic || changes(toolkit) ? { listChanged: true } : {},
        ...(desk ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
      },
    },
  );
  const paths: PersonPaths = {
    form: createElicitation({ key, timeoutMs }),
    ...(desk
      ? {
          url: createUrlElicitation(toolkit, server, { key, timeoutMs, progressEveryMs }),
          tasks: serveTasks(toolkit, server, (result) => ({ ...toCallToolResult(toolkit, result) })),
        }
      : {}),
  };
  // Offered whenever a call can end pending: the model's way to the person's decision.
  const awaitTool = desk
    ? registerAwaitApproval(server, toolkit, progressEveryMs, caller ? toolScopeChallenge : undefined)
    : undefined;
  const session = serverOptions.dynamic
    ? dynamicSession(server, toolkit, serverOptions.dynamic, awaitTool ? [awaitTool] : [])
    : undefined;
  const register = (adTool: AdTool): RegisteredTool => {
    // Made at the first call, like the listed schema: a cold start builds only the tools it calls.
    let toInput: ReturnType<typeof providerSchema>["toInput"] | undefined;
    return server.registerTool(
      adTool.name,
      {
        title: mcpTitle(adTool.name),
        description: adTool.description,
        inputSchema: anyInput(() => providerSchema(adTool).schema),
        annotations: mcpAnnotations(adTool.definition),
        ...(caller ? { scopeChallenge: toolScopeChallenge(toolkit, adTool.name) } : {}),
      },
      async (args: unknown, ctx: ServerContext) => {
        let result: ToolResult;
        try {
          if (session && !session.has(adTool.name))
            return toCallToolResult(toolkit, session.notActive(adTool.name));
          toInput ??= providerSchema(adTool).toInput;
          const input = toInput(args);
          // A host's trace (traceparent in _meta) continues into the call.
          const run = () =>
            negotiate(
              toolkit,
              adTool,
              paths,
              server.server.getClientCapabilities(),
              serverOptions.sessionId,
              input,
              ctx,
            );
          const outcome = await withTraceContext(ctx.mcpReq._meta, () =>
            caller ? withCallerSpan(caller, adTool.name, run) : run(),
          );
          // A task (SEP-2663) answers in place of the tool's result; the SDK passes its fields on.
          if (outcome.kind === "task") return outcome.result as unknown as CallToolResult;
          if (outcome.kind === "input-required") return outcome.result;
          result = outcome.result;
        } catch {
          result = adapterFault(adTool.name);
        }
        return toCallToolResult(toolkit, result);
      },
    );
  };
  const registered = new Map(
    toolkit.tools.map((adTool) => [adTool.name, { adTool, tool: register(adTool) }]),
  );
  // A toolkit whose tools change (the service's MCP door after list_changed): the host is told.
  const follow = changes(toolkit);
  if (follow && !session) {
    const stop = follow(() => {
      const now = new Map(toolkit.tools.map((adTool) => [adTool.name, adTool]));
      for (const [name, entry] of registered) {
        if (now.get(name) === entry.adTool) continue;
        entry.tool.remove();
        registered.delete(name);
      }
      for (const [name, adTool] of now) {
        if (!registered.has(name)) registered.set(name, { adTool, tool: register(adTool) });
      }
    });
    const closed = server.server.onclose;
    server.server.onclose = () => {
      stop();
      closed?.();
    };
  }
  return server;
}

/** The subscription of a toolkit whose tools change (`McpDoorToolkit.onToolsChanged`), if it has one. */
function changes(toolkit: AdToolkit): ((listener: () => void) => () => void) | undefined {
  const on = (toolkit as { onToolsChanged?: (listener: () => void) => () => void }).onToolsChanged;
  return typeof on === "function" ? on.bind(toolkit) : undefined;
}

/** The listed tools of one connection in dynamic mode. */
interface McpDynamicSession extends ActiveToolSession {
  notActive(name: string): ToolResult;
}

// Dynamic mode: find-tools is registered like any tool; every toolkit tool stays registered (so a
// call of one not found yet reaches our handler and gets a readable answer rather than the SDK's
// "not found"), and tools/list shows only what this connection has found.
function dynamicSession(
  server: McpServer,
  toolkit: AdToolkit,
  options: true | DiscoveryOptions,
  always: Tool[],
): McpDynamicSession {
  const discovery = createToolDiscovery(toolkit, options === true ? {} : options);
  const session = discovery.session();
  server.registerTool(
    FIND_TOOLS,
    {
      title: "Find tools",
      description: discovery.tool.description,
      inputSchema: anyInput(() => discovery.tool.inputSchema),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args: unknown) => {
      let result: ToolResult;
      try {
        result = session.find(args).result;
      } catch {
        result = adapterFault(FIND_TOOLS);
      }
      return toCallToolResult(toolkit, result);
    },
  );
  session.onChange(() => {
    void server.sendToolListChanged();
  });
  const listed = new Map<string, Tool>([
    [
      FIND_TOOLS,
      {
        name: FIND_TOOLS,
        title: "Find tools",
        description: discovery.tool.description,
        inputSchema: discovery.tool.inputSchema as Tool["inputSchema"],
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
    ],
  ]);
  for (const adTool of toolkit.tools) {
    listed.set(adTool.name, {
      name: adTool.name,
      title: mcpTitle(adTool.name),
      description: adTool.description,
      inputSchema: providerSchema(adTool).schema as Tool["inputSchema"],
      annotations: mcpAnnotations(adTool.definition),
    });
  }
  // The SDK's tools/list lists every registered tool; this one lists the connection's.
  server.server.removeRequestHandler("tools/list");
  server.server.setRequestHandler("tools/list", () => ({
    tools: [
      ...session.names().flatMap((name) => {
        const tool = listed.get(name);
        return tool ? [tool] : [];
      }),
      ...always,
    ],
  }));
  return { ...session, notActive: discovery.notActive };
}

function stateKeyFor(toolkit: AdToolkit, options: AdrailsMcpServerOptions): Uint8Array | string {
  let key = options.stateKey ?? stateKeys.get(toolkit);
  if (key === undefined) {
    key = randomBytes(32);
    stateKeys.set(toolkit, key);
  }
  return key;
}

/**
 * A tool's MCP annotations, from its catalog entry, stating only what differs from the spec's
 * defaults (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true),
 * since hosts read an absent hint as its default: reads and calculators are read-only; of the
 * writes, only the one whose calls can go live and spend money is destructive; writes that replay
 * under their retry key are idempotent; calculators compute from their input alone, everything
 * else reaches the ad account and the sources behind it.
 */
export function mcpAnnotations(def: ToolDefinition): ToolAnnotations {
  const annotations: ToolAnnotations = {};
  if (def.hints.readOnly) annotations.readOnlyHint = true;
  else {
    if (def.name !== CONFIRM_TOOL) annotations.destructiveHint = false;
    if (def.hints.idempotent) annotations.idempotentHint = true;
  }
  if (def.effect === "calculator") annotations.openWorldHint = false;
  return annotations;
}

/** Words of tool names that people write otherwise than in lower case. */
const PROPER: Record<string, string> = { dna: "DNA", url: "URL", meta: "Meta" };

/** A display title from the tool's name: "push-creative" -> "Push creative", "url-to-ads" -> "URL to ads". */
export function mcpTitle(name: string): string {
  const words = name.split("-").map((word) => PROPER[word] ?? word);
  const title = words.join(" ");
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * The SDK validates arguments against the registered schema before the handler runs; this one
 * shows the model schema (converted when first listed, then cached per tool) and accepts any value, so that the toolkit answers invalid input with a
 * ToolResult the model can act on, as in every other adapter.
 */
function anyInput(schema: () => JsonSchema): StandardSchemaWithJSON {
  return {
    "~standard": {
      version: 1,
      vendor: "adrails",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: schema, output: schema },
    },
  };
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
