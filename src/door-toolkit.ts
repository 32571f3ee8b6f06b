import { blocked } from "./guards/results.js";
import { accountNote } from "./guards/scope.js";
import { CONFIRM_FIELD, modelSchema } from "./guards/validation.js";
import { composeToolkit, type ToolEntry } from "./toolkit.js";
import type { AdTool, AdToolkit, AdToolsOptions, CallContext, ToolResult } from "./types.js";
import { type CatalogProblem, checkCatalog } from "./upstream/catalog.js";
import { LOGIN_HINT } from "./upstream/errors.js";
import {
  doorZod,
  mapCatalog,
  toolMapProblems,
  type UpstreamTool,
  type UpstreamToolMap,
} from "./upstream/mapping.js";
import type { JsonSchema } from "./upstream/schema.js";
import { credentialStore } from "./upstream/store.js";
import { storedAuth } from "./upstream/stored-auth.js";
import { mcpUrlOf } from "./upstream/url.js";
import { createMcpWire, type McpWire } from "./upstream/wire.js";

/** Options of {@link connectAdTools}: those of `createAdTools`, and where the MCP door is. */
export interface McpDoorOptions
  extends Omit<AdToolsOptions, "apiKey" | "dispatcher" | "rateLimit" | "writeBudget" | "retry" | "pack"> {
  via: "mcp";
  /** The MCP endpoint. Default: env `ADRAILS_MCP_URL`, else `{baseUrl}/api/mcp`. */
  mcpUrl?: string | undefined;
  /** Where `adrails login` stored the sign-in. Default: `ADRAILS_HOME`, `$XDG_CONFIG_HOME/adrails`, `~/.config/adrails`. */
  home?: string | undefined;
  /** Door tools declared read-only, or mapped to the known tool they are (by the door's names). */
  toolMap?: UpstreamToolMap | undefined;
  fetch?: typeof fetch;
  /** Where messages for people go (a credentials file made private). Default: stderr. */
  warn?: (message: string) => void;
}

/** A toolkit on the MCP door: the door's catalog, guarded, listed again when the door says it changed. */
export interface McpDoorToolkit extends AdToolkit {
  /** Every usable door tool with the guard it gets and why. */
  readonly catalog: readonly UpstreamTool[];
  /** Door tools refused (duplicate names, schemas that do not compile). */
  readonly problems: readonly CatalogProblem[];
  /** Lists the door's tools again (every page). */
  relist(): Promise<void>;
  /** Called after the tools changed (the door sent `notifications/tools/list_changed`); returns an unsubscribe. */
  onToolsChanged(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * Connects to the service's MCP door with the sign-in `adrails login` stored, lists its catalog
 * and offers it through the same guard pipeline as `createAdTools`: a tool known by name and shape
 * (or mapped by `toolMap`) gets that tool's guards; a tool whose meaning adrails cannot establish
 * needs a person's approval for every call (refused, nothing sent, without one). Throws a
 * TypeError for a `toolMap` entry that names no known tool. `call` never throws.
 */
export async function connectAdTools(options: McpDoorOptions): Promise<McpDoorToolkit> {
  const mapProblems = options.toolMap === undefined ? [] : toolMapProblems(options.toolMap);
  if (mapProblems.length > 0) throw new TypeError(`adrails: toolMap ${mapProblems.join("; ")}`);
  const mcpUrl = mcpUrlOf(options);
  const store = credentialStore({ home: options.home, warn: options.warn });
  const auth = storedAuth({ store, mcpUrl, fetch: options.fetch });
  let stale = false;
  const listeners = new Set<() => void>();
  let relisting: Promise<void> | undefined;
  const wire: McpWire = createMcpWire({
    mcpUrl,
    auth,
    fetch: options.fetch,
    onListChanged: () => {
      stale = true;
      // Listed again at once, so a host hears of the change; a call meanwhile waits for it.
      void relistOnce().catch(() => {});
    },
    onWiderScope: (scope) => {
      const record = scope ? store.find(mcpUrl) : undefined;
      if (!record) return;
      // Under the connection's lock and read again, so tokens a refresh rotated are not overwritten.
      void store
        .locked(record, async () => {
          const fresh = store.read(record.issuer, record.resource);
          if (fresh) store.write({ ...fresh, wantedScope: scope });
        })
        .catch(() => {});
    },
  });
  const kit = composeToolkit(options, {
    name: "connectAdTools",
    client: wire,
    secret: "",
    base: mcpUrl,
    principal: `oauth\n${store.find(mcpUrl)?.subject ?? ""}`,
  });
  // A declaration applies to the tool as it was first seen: its fingerprint is pinned, and kept
  // with the credentials so that the next process (the next `adrails call`) holds to it too.
  const pins = new Map<string, string>(Object.entries(store.find(mcpUrl)?.pins ?? {}));
  async function keepPins(): Promise<void> {
    const record = store.find(mcpUrl);
    if (!record || [...pins].every(([key, value]) => record.pins?.[key] === value)) return;
    await store.locked(record, async () => {
      // Read again under the lock: a refresh may have rotated the tokens meanwhile.
      const fresh = store.read(record.issuer, record.resource);
      if (fresh) store.write({ ...fresh, pins: { ...fresh.pins, ...Object.fromEntries(pins) } });
    });
  }

  let catalog: UpstreamTool[] = [];
  let problems: CatalogProblem[] = [];
  let tools: AdTool[] = [];
  let byName = new Map<string, AdTool>();
  let raw = new Map<string, AdTool>();

  async function relist(): Promise<void> {
    const checked = checkCatalog(await wire.listTools());
    stale = false;
    catalog = mapCatalog(checked, options.toolMap, pins).filter((tool) => inScope(tool, options));
    await keepPins().catch((error: unknown) =>
      (options.warn ?? ((m: string) => process.stderr.write(`${m}\n`)))(
        `adrails: the tool map's pins could not be kept with the credentials (${(error as Error).message}); they hold for this process only.`,
      ),
    );
    problems = checked.problems;
    for (const tool of catalog) wire.setName(tool.definition.name, tool.name);
    const note = accountNote(
      catalog.map((tool) => tool.definition),
      options,
    );
    const made = catalog.map((tool) => kit.makeTool(entryOf(tool, note)));
    raw = new Map(made.map((tool) => [tool.name, tool]));
    // Calls go through the toolkit, so a tool the door no longer lists is refused, not sent.
    tools = made.map((tool) =>
      Object.freeze({
        ...tool,
        call: (input: unknown, context?: CallContext) => call(tool.name, input, context),
      }),
    );
    byName = new Map(tools.map((tool) => [tool.name, tool]));
  }

  // One listing at a time; a change announced while listing lists again once it is done.
  let again = false;
  function relistOnce(): Promise<void> {
    if (relisting) {
      again = true;
      return relisting;
    }
    relisting = (async () => {
      do {
        again = false;
        await relist();
      } while (again);
      for (const listener of listeners) listener();
    })().finally(() => {
      relisting = undefined;
    });
    return relisting;
  }

  function entryOf(tool: UpstreamTool, note: { tool: string; text: string } | undefined): ToolEntry {
    const def = tool.definition;
    const hide = options.hideAccountId === true && options.accountId !== undefined;
    const description = note?.tool === def.name ? `${tool.description} ${note.text}` : tool.description;
    if (tool.guard === "known") {
      // The known tool's schema (no hard_confirm_text, retry keys optional), and the door's own on top.
      const filled = [def.idField?.name, CONFIRM_FIELD].filter((f): f is string => f !== undefined);
      const doorCheck = (
        value: unknown,
        ctx: { addIssue(issue: { code: "custom"; message: string }): void },
      ) => {
        for (const message of tool.schema.check(value, filled)) ctx.addIssue({ code: "custom", message });
      };
      const schema = modelSchema(def, { accountDefault: options.accountId }).superRefine(doorCheck);
      const shown = hide
        ? modelSchema(def, { accountDefault: options.accountId, hideAccountId: true })
        : schema;
      return { name: tool.name, def, description, schema, shown };
    }
    const hidden = [CONFIRM_FIELD, ...(hide ? ["account_id"] : [])];
    return {
      name: tool.name,
      def,
      description,
      schema: def.inputSchema,
      shown: doorZod(tool.schema, withoutFields(tool.schema.json, hidden), []),
    };
  }

  await relist();

  const call = async (name: string, input: unknown, context: CallContext = {}): Promise<ToolResult> => {
    if (stale) await relistOnce().catch(() => {});
    const tool = raw.get(name);
    if (tool) return signInHint(await tool.call(input, context));
    const problem = problems.find((p) => p.name === name);
    return kit.pipeline.refuse(String(name), context, () =>
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

  return {
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
    ...kit.surface(call),
    relist: () => relistOnce(),
    onToolsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => wire.close(),
  };
}

/** The door's schema without some top-level fields (shown to the model). */
function withoutFields(json: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = { ...((json.properties ?? {}) as Record<string, unknown>) };
  for (const name of names) delete properties[name];
  const out: JsonSchema = { ...json, properties };
  if (Array.isArray(json.required)) out.required = json.required.filter((n) => !names.includes(String(n)));
  return out;
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
