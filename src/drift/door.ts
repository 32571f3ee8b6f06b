import type { Tool } from "@modelcontextprotocol/client";
import type { GuardKind, UpstreamToolMap } from "../upstream/mapping.js";
import { compareInputs, type Drift } from "./compare.js";

// Drift on the MCP door: its `tools/list` (every page) against the door adrails expects. The
// spec lets the door's names, shapes and availability differ from REST (sections 1 and 9), so
// the reference is not the REST catalog but the door as adrails knows it: each catalog tool the
// door offers under its own name with the catalog's own schema (what a mapped tool's guards
// check), `results` renamed `get_results`, `compare` reshaped as `compare_benchmarks`, and the
// door's own tools (docs/sim-mcp-door.md).

/** A tool adrails expects the MCP door to list. */
export interface ExpectedDoorTool {
  /** Its name on the door. */
  name: string;
  /** Its input schema (JSON Schema). */
  inputSchema: unknown;
  /** The REST tool it stands for, when there is one. */
  rest?: string;
}

/** A tool as the door lists it. */
export interface ListedDoorTool {
  name: string;
  inputSchema: unknown;
}

/** The door adrails expects: the catalog's tools as the door offers them, and the door's own. */
export async function expectedDoor(): Promise<ExpectedDoorTool[]> {
  const { doorCatalog } = await import("../sim/door/catalog.js");
  return doorCatalog().map(({ name, inputSchema, rest }) => ({
    name,
    inputSchema,
    ...(rest === undefined ? {} : { rest }),
  }));
}

/**
 * The drift between the door's listing and `expected`: tools added or removed, and per tool the
 * input schema's fields added or removed, made required or optional, or changed, compared as
 * {@link compareDocument} compares REST (normalised, so one constraint written two ways is no drift).
 */
export function compareDoor(
  listed: readonly ListedDoorTool[],
  expected: readonly ExpectedDoorTool[],
): Drift[] {
  const door = new Map<string, unknown>();
  // A name listed twice is not offered by adrails at all (it cannot tell which one runs).
  const twice = new Set<string>();
  for (const tool of listed) {
    if (door.has(tool.name)) twice.add(tool.name);
    else door.set(tool.name, tool.inputSchema);
  }
  const drift: Drift[] = [];
  const ours = new Map(expected.map((tool) => [tool.name, tool]));
  for (const [name, tool] of ours) {
    const also = tool.rest !== undefined && tool.rest !== name ? ` (${tool.rest} on REST)` : "";
    if (!door.has(name)) {
      drift.push({
        tool: name,
        change: "tool-removed",
        detail: `The MCP door no longer lists ${name}${also}.`,
      });
      continue;
    }
    if (twice.has(name)) {
      drift.push({
        tool: name,
        change: "tool-removed",
        detail: `The MCP door lists ${name} more than once, so adrails cannot tell which one runs and does not offer it.`,
      });
      continue;
    }
    compareInputs(name, tool.inputSchema, door.get(name), drift, { who: "The MCP door" });
  }
  for (const name of door.keys()) {
    if (ours.has(name)) continue;
    drift.push({
      tool: name,
      change: "tool-added",
      detail: `The MCP door lists a tool adrails does not expect: ${name}. Unless your toolMap says what it is, every call of it needs a person's approval.`,
    });
  }
  return drift;
}

/** Options of {@link checkDoorDrift}. */
export interface DoorDriftOptions {
  /** The MCP endpoint, `{base}/api/mcp`. */
  mcpUrl: string;
  /** Where `adrails login` stored the sign-in. Default: `ADRAILS_HOME`, `$XDG_CONFIG_HOME/adrails`, `~/.config/adrails`. */
  home?: string | undefined;
  /** Default: {@link expectedDoor}. */
  expected?: readonly ExpectedDoorTool[];
  /** Default 30 s for the whole listing. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Where messages for people go (a credentials file made private). Default: stderr. */
  warn?: (message: string) => void;
  /** The tool map `call` and `connectAdTools` use, so the guards reported are theirs. */
  toolMap?: UpstreamToolMap | undefined;
}

/** A listed tool `call` would not run without a person, and why. */
export interface DoorGuard {
  tool: string;
  guard: GuardKind;
  reason: string;
}

/** The drift found on the door, its address, and the tools that need a person on every call. */
export interface DoorDriftReport {
  url: string;
  drift: Drift[];
  /** Listed tools adrails does not know (each call needs a person), as `call` treats them. */
  unknown: DoorGuard[];
}

/**
 * Lists the MCP door's tools (every page) with the sign-in `adrails login` stored and compares
 * them with the door adrails expects. Throws the upstream `UpstreamError` when there is no usable
 * sign-in (kind `login-needed`).
 */
export async function checkDoorDrift(options: DoorDriftOptions): Promise<DoorDriftReport> {
  const [{ credentialStore }, { storedAuth }, { createMcpWire }, { checkCatalog }, { mapCatalog }] =
    await Promise.all([
      import("../upstream/store.js"),
      import("../upstream/stored-auth.js"),
      import("../upstream/wire.js"),
      import("../upstream/catalog.js"),
      import("../upstream/mapping.js"),
    ]);
  const { mcpUrl } = options;
  const store = credentialStore({ home: options.home, warn: options.warn });
  const auth = storedAuth({ store, mcpUrl, fetch: options.fetch });
  const wire = createMcpWire({ mcpUrl, auth, fetch: options.fetch });
  let listed: Tool[];
  try {
    listed = await wire.listTools(AbortSignal.timeout(options.timeoutMs ?? 30_000));
  } finally {
    await wire.close();
  }
  const drift = compareDoor(listed, options.expected ?? (await expectedDoor()));
  // The guards exactly as `call` gives them: a declaration that lapsed is drift, unknown tools are named.
  const pins = new Map(Object.entries(store.find(mcpUrl)?.pins ?? {}));
  const mapped = mapCatalog(checkCatalog(listed), options.toolMap, pins);
  for (const tool of mapped) {
    if (tool.declaration && tool.declaration.state !== "applied") {
      drift.push({
        tool: tool.name,
        change: "declaration-lapsed",
        detail: `Your tool map entry ${tool.declaration.entry} no longer applies: ${tool.reason}. Every call of it needs a person's approval until you check the tool and declare it again.`,
      });
    }
  }
  const unknown = mapped
    .filter((tool) => tool.guard === "unknown" && !tool.declaration)
    .map(({ name, guard, reason }) => ({ tool: name, guard, reason }));
  return { url: mcpUrl, drift, unknown };
}
