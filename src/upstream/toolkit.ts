import { DEFAULT_MAX_RESULT_CHARS, toModelText } from "../guards/model-text.js";
import { createCallPipeline } from "../guards/pipeline.js";
import { blocked } from "../guards/results.js";
import { storeApprovalLedger, storeAskLedger, storeIdLedger, storeSendClaims } from "../guards/shared.js";
import { modelSchema } from "../guards/validation.js";
import { memoryStore } from "../store/index.js";
import type { AdTool, AdToolkit, AdToolsOptions, CallContext, ToolResult } from "../types.js";
import { type CatalogProblem, checkCatalog } from "./catalog.js";
import { LOGIN_HINT } from "./errors.js";
import { mapCatalog, type UpstreamTool, type UpstreamToolMap } from "./mapping.js";
import { credentialStore } from "./store.js";
import { storedAuth } from "./stored-auth.js";
import { createMcpWire, type McpWire } from "./wire.js";

const DEFAULT_APPROVAL_TTL_MS = 5 * 60_000;

/** Options of {@link connectAdTools}: those of `createAdTools`, and where the MCP door is. */
export interface McpDoorOptions
  extends Omit<AdToolsOptions, "apiKey" | "dispatcher" | "rateLimit" | "writeBudget" | "retry" | "pack"> {
  via: "mcp";
  /** The MCP endpoint. Default: env `ADRAILS_MCP_URL`, else `{baseUrl}/api/mcp`. */
  mcpUrl?: string | undefined;
  /** Where `adrails login` stored the sign-in. Default: `ADRAILS_HOME`, `$XDG_CONFIG_HOME/adrails`, `~/.config/adrails`. */
  home?: string | undefined;
  /** Door tools declared read-only, or mapped to the known tool they are. */
  toolMap?: UpstreamToolMap | undefined;
  fetch?: typeof fetch;
  /** Where messages for people go (a credentials file made private). Default: stderr. */
  warn?: (message: string) => void;
}

/** A toolkit on the MCP door: the door's catalog, guarded, re-listed when the door says it changed. */
export interface McpDoorToolkit extends AdToolkit {
  /** Every usable door tool with the guard it gets and why. */
  readonly catalog: readonly UpstreamTool[];
  /** Door tools refused (duplicate names, invalid schemas). */
  readonly problems: readonly CatalogProblem[];
  /** Lists the door's tools again. */
  relist(): Promise<void>;
  close(): Promise<void>;
}

/** The MCP endpoint from options and environment. */
export function mcpUrlOf(
  options: { mcpUrl?: string; baseUrl?: string },
  env: NodeJS.ProcessEnv = process.env,
): string {
  const explicit = options.mcpUrl ?? env.ADRAILS_MCP_URL;
  if (explicit && explicit.trim() !== "") return explicit;
  const base = options.baseUrl ?? env.ADRAILS_BASE_URL ?? "";
  if (base.trim() === "") {
    throw new TypeError(
      "adrails: no MCP door given: set mcpUrl (env ADRAILS_MCP_URL) or baseUrl (env ADRAILS_BASE_URL)",
    );
  }
  return `${base.replace(/\/+$/, "")}/api/mcp`;
}

/**
 * Connects to the service's MCP door with the sign-in `adrails login` stored, lists its catalog
 * and offers it through the same guards as `createAdTools`: a tool that maps onto a known tool
 * gets that tool's guards; a tool whose meaning adrails cannot establish needs a person's
 * approval for every call (refused, nothing sent, without one). `call` never throws.
 */
export async function connectAdTools(options: McpDoorOptions): Promise<McpDoorToolkit> {
  const mcpUrl = mcpUrlOf(options);
  const store = credentialStore({ home: options.home, warn: options.warn });
  let stale = false;
  const auth = storedAuth({ store, mcpUrl, fetch: options.fetch });
  const wire: McpWire = createMcpWire({
    mcpUrl,
    auth,
    fetch: options.fetch,
    onListChanged: () => {
      stale = true;
    },
    onWiderScope: (scope) => {
      if (!scope) return;
      const record = store.find(mcpUrl);
      if (record) store.write({ ...record, wantedScope: scope });
    },
  });
  const shared = options.store ?? memoryStore();
  const ttlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  const pipeline = createCallPipeline({
    client: wire,
    apiKey: "",
    accountDefault: options.accountId,
    approvalTtlMs: ttlMs,
    approvals: storeApprovalLedger(shared),
    records: shared,
    asks: storeAskLedger(shared),
    approvalSecret: options.approvalSecret,
    ids: storeIdLedger(shared),
    claims: storeSendClaims(shared),
    confirm: options.confirm,
    onUnconfirmedActive: options.onUnconfirmedActive,
    onEvent: options.onEvent,
    onOutcome: options.onOutcome,
    sessionId: options.sessionId,
  });
  const maxChars = Math.max(200, options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS);

  let catalog: UpstreamTool[] = [];
  let problems: CatalogProblem[] = [];
  let tools: AdTool[] = [];
  let byName = new Map<string, AdTool>();
  let runs = new Map<string, (input: unknown, context: CallContext) => Promise<ToolResult>>();

  async function relist(): Promise<void> {
    const checked = checkCatalog(await wire.listTools());
    stale = false;
    catalog = mapCatalog(checked, options.toolMap).filter((tool) => inScope(tool, options));
    problems = checked.problems;
    for (const tool of catalog) wire.setName(tool.definition.name, tool.name);
    const made = catalog.map(makeTool);
    tools = made.map((m) => m.tool);
    byName = new Map(tools.map((tool) => [tool.name, tool]));
    runs = new Map(made.map((m) => [m.tool.name, m.run]));
  }

  function makeTool(tool: UpstreamTool): {
    tool: AdTool;
    run: (input: unknown, context: CallContext) => Promise<ToolResult>;
  } {
    const def = tool.definition;
    // A known tool keeps the model-facing schema of REST (no hard_confirm_text, retry keys
    // optional); any other tool shows the door's own schema.
    const schema =
      tool.guard === "known" ? modelSchema(def, { accountDefault: options.accountId }) : def.inputSchema;
    const adTool: AdTool = Object.freeze({
      name: tool.name,
      group: def.group,
      definition: def,
      description: tool.description,
      inputSchema: schema,
      needsConfirmation: (input) => pipeline.confirmationFor(def, schema, input) !== null,
      confirmationRequest: (input, where) => pipeline.confirmationFor(def, schema, input, where),
      ask: (input, where) => pipeline.ask(def, schema, input, where),
      answer: (request, decision, channel) => pipeline.answer(request, decision, channel),
      respond: (request, decision, channel) => pipeline.respond(request, decision, channel),
      recorded: (id) => pipeline.recorded(id),
      // Through the toolkit, so a tool the door no longer lists is refused, not sent.
      call: (input, context = {}) => call(tool.name, input, context),
    } satisfies AdTool);
    return {
      tool: adTool,
      run: async (input, context) => signInHint(await pipeline.call(def, schema, input, context)),
    };
  }

  await relist();

  const call = async (name: string, input: unknown, context: CallContext = {}): Promise<ToolResult> => {
    if (stale) await relist().catch(() => {});
    const run = runs.get(name);
    if (run) return run(input, context);
    const problem = problems.find((p) => p.name === name);
    return pipeline.refuse(String(name), context, () =>
      problem
        ? blocked(
            "scope",
            `${name} is not offered: ${problem.reason}.`,
            "Nothing was sent. Use another tool.",
          )
        : blocked(
            "scope",
            `The service's MCP door does not list a tool named "${name}" (any more).`,
            "Nothing was sent. Call only the tools you were given; the door's catalog may have changed.",
          ),
    );
  };

  const { approvalSecret: _signing, ...shown } = options;
  return {
    pendingApprovals: (sessionId?: string) => pipeline.pending(sessionId),
    get tools() {
      return tools;
    },
    get catalog() {
      return catalog;
    },
    get problems() {
      return problems;
    },
    get: (name: string) => byName.get(name),
    call,
    toModelText: (result: ToolResult) => toModelText(result, maxChars),
    options: Object.freeze(shown),
    relist,
    close: () => wire.close(),
  };
}

/** On the MCP door a 401 is fixed by signing in again, not by a new API key. */
function signInHint(result: ToolResult): ToolResult {
  if (result.ok !== false || result.status !== 401) return result;
  return { ...result, hint: `${LOGIN_HINT} Tell the user; nothing was done.` };
}

function inScope(tool: UpstreamTool, options: McpDoorOptions): boolean {
  const def = tool.definition;
  const names = [tool.name, def.name, def.group];
  if (options.include && !options.include.some((entry) => names.includes(entry))) return false;
  if (options.exclude?.some((entry) => names.includes(entry))) return false;
  if (options.readOnly && def.effect !== "read" && def.effect !== "calculator") return false;
  return true;
}
