import { blocked } from "./guards/results.js";
import { searchTools } from "./tools/search.js";
import type { AdToolkit, JsonSchema, ToolResult } from "./types.js";

// On-demand discovery, framework-neutral: the find-tools meta-tool and which tools a conversation
// has made callable. The adapters wire it into each framework's own mechanism; nothing here
// imports a framework.

/** The name of the meta-tool that finds tools and makes them callable. */
export const FIND_TOOLS = "find-tools";

/** How the find-tools tool is shown to a model (as any framework or an MCP server lists it). */
export interface FindToolsDefinition {
  readonly name: typeof FIND_TOOLS;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

/** Options of {@link createToolDiscovery}. */
export interface DiscoveryOptions {
  /** How many tools one search makes callable. Default 5. */
  limit?: number;
  /** Tools callable from the start, without a search (e.g. `list-accounts`). */
  active?: readonly string[];
}

/** The outcome of one find-tools call. */
export interface FindOutcome {
  /** The tools found, best first; callable from the model's next step. */
  found: string[];
  /** What the model reads. */
  result: ToolResult;
}

/**
 * A conversation's or MCP session's set of callable tools, for hosts that keep state per session
 * (an MCP server): find-tools calls grow it, and listeners hear of every change (send
 * `notifications/tools/list_changed` from one).
 */
export interface ActiveToolSession {
  /** The tools to list now: find-tools first, then the active tools in the toolkit's order. */
  names(): string[];
  has(name: string): boolean;
  /** Runs a find-tools call and activates what it found. */
  find(input: unknown): FindOutcome;
  /** Calls `listener` with the new list whenever a search adds tools; returns the unsubscribe. */
  onChange(listener: (names: readonly string[]) => void): () => void;
}

/** On-demand discovery over a toolkit's tools. */
export interface ToolDiscovery {
  readonly toolkit: AdToolkit;
  readonly tool: FindToolsDefinition;
  /** Runs a find-tools call. Pure: what it found depends only on the input and the toolkit. */
  find(input: unknown): FindOutcome;
  /**
   * The tools active after a conversation's completed find-tools calls, given their inputs: what
   * frameworks that keep the conversation (AI SDK messages, LangGraph state) derive each step from.
   */
  activeAfter(inputs: Iterable<unknown>): Set<string>;
  /** True for a toolkit tool a model may only call once a search found it. */
  isDeferred(name: string): boolean;
  /** The answer to a call of a toolkit tool that no search has made callable yet. Nothing is sent. */
  notActive(name: string): ToolResult;
  /** A new stateful active set, for one MCP session or conversation. */
  session(): ActiveToolSession;
}

const DESCRIPTION =
  "Find the tools for a task: describe what you want to do in a few words. The tools found can be called from your next step on. Search again for another task.";

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: { query: { type: "string", minLength: 1, maxLength: 500 } },
  required: ["query"],
  additionalProperties: false,
};

/**
 * Discovery over a toolkit: the find-tools definition, its search (`searchTools` restricted to the
 * toolkit's tools), and the active set a conversation builds with it. Throws on an `active` name
 * the toolkit does not offer.
 */
export function createToolDiscovery(toolkit: AdToolkit, options: DiscoveryOptions = {}): ToolDiscovery {
  const limit = Math.max(1, Math.floor(options.limit ?? 5));
  const names = toolkit.tools.map((tool) => tool.name);
  const offered = new Set(names);
  const initial = [...(options.active ?? [])];
  for (const name of initial) {
    if (!offered.has(name)) throw new TypeError(`adrails: "${name}" is not a tool of this toolkit (active)`);
  }
  const ordered = (set: ReadonlySet<string>) => [FIND_TOOLS, ...names.filter((name) => set.has(name))];

  const find = (input: unknown): FindOutcome => {
    const notActive = notActiveName(input);
    if (notActive !== undefined && offered.has(notActive)) return { found: [], result: refusal(notActive) };
    const query = queryOf(input);
    if (query === undefined) {
      return {
        found: [],
        result: blocked(
          "validation",
          `Invalid input for ${FIND_TOOLS}: query is required (a non-empty string of at most 500 characters).`,
          "Nothing was searched. Call again with a few words on what you want to do.",
        ),
      };
    }
    const found = searchTools(query, { limit, tools: names });
    const result: ToolResult =
      found.length > 0
        ? {
            ok: true,
            status: null,
            data: { tools: found },
            note: "These tools can be called from your next step on.",
          }
        : {
            ok: true,
            status: null,
            data: { tools: [] },
            note: "No tool matched. Search again with other words for the task.",
          };
    return { found, result };
  };

  const activeAfter = (inputs: Iterable<unknown>): Set<string> => {
    const active = new Set(initial);
    for (const input of inputs) for (const name of find(input).found) active.add(name);
    return active;
  };

  const refusal = (name: string): ToolResult =>
    blocked(
      "scope",
      `${name} cannot be called yet: no ${FIND_TOOLS} search has found it in this conversation.`,
      `Nothing was sent. Call ${FIND_TOOLS} with what you want to do (for example "${name.replace(/-/g, " ")}"); the tools it finds can be called from your next step.`,
    );

  return Object.freeze({
    toolkit,
    tool: Object.freeze({ name: FIND_TOOLS, description: DESCRIPTION, inputSchema: INPUT_SCHEMA }),
    find,
    activeAfter,
    isDeferred: (name: string) => offered.has(name),
    notActive: refusal,
    session(): ActiveToolSession {
      const active = new Set(initial);
      const listeners = new Set<(names: readonly string[]) => void>();
      return {
        names: () => ordered(active),
        has: (name) => name === FIND_TOOLS || active.has(name),
        find(input) {
          const outcome = find(input);
          const added = outcome.found.filter((name) => !active.has(name));
          for (const name of added) active.add(name);
          if (added.length > 0) {
            const now = ordered(active);
            for (const listener of listeners) {
              try {
                listener(now);
              } catch {
                // A failing listener must not fail the model's call.
              }
            }
          }
          return outcome;
        },
        onChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  });
}

/** The query of a find-tools input, or undefined when it has none usable. */
function queryOf(input: unknown): string | undefined {
  if (input === null || typeof input !== "object") return undefined;
  const query = (input as { query?: unknown }).query;
  if (typeof query !== "string") return undefined;
  const trimmed = query.trim();
  return trimmed === "" || trimmed.length > 500 ? undefined : trimmed;
}

/** The field an adapter uses to hand find-tools a call of a tool that was not active. */
export const NOT_ACTIVE_FIELD = "not_active";

function notActiveName(input: unknown): string | undefined {
  if (input === null || typeof input !== "object") return undefined;
  const name = (input as Record<string, unknown>)[NOT_ACTIVE_FIELD];
  return typeof name === "string" ? name : undefined;
}
