import { readdirSync, readFileSync } from "node:fs";
import { basename, isAbsolute, join, relative } from "node:path";
import { z } from "zod";
import { FIND_TOOLS } from "../discovery.js";
import { catalog, TOOL_GROUPS } from "../tools/index.js";
import { crossCheck, PLACEHOLDER } from "./schema-checks.js";

export { PLACEHOLDER };

// The fixture format of a recorded conversation (see evals/README.md). One JSON file per conversation.

/** The simulator's demo keys a scenario can act with. */
export const KEY_LABELS = [
  "free",
  "pro",
  "agency",
  "viewer",
  "unconnected",
  "revoked",
  "expired",
  "deactivated",
] as const;
export type KeyLabel = (typeof KEY_LABELS)[number];

/** The toolkit's guards, plus "unavailable": the framework refused a tool it was not given. */
export const GUARDS = [
  "hard-confirmation",
  "scope",
  "validation",
  "request-id",
  "disabled",
  "unavailable",
] as const;
export const MATCH_MODES = ["strict", "unordered", "subset", "superset"] as const;
export const ARGS_MODES = ["ignore", "exact", "subset", "superset"] as const;
export const DECISIONS = ["approve", "deny", "no-answer", "expired"] as const;
export const FAULT_KINDS = [
  "503",
  "429",
  "latency",
  "drop",
  "timeout-after-write",
  "partial",
  "interrupt",
] as const;

// find-tools is the meta-tool of dynamic mode (toolkit.dynamic).
const TOOL_NAMES = new Set([...catalog.map((def) => def.name), FIND_TOOLS]);
const SCOPE_NAMES = new Set<string>([...TOOL_NAMES, ...TOOL_GROUPS]);
const ID = /^[a-z0-9][a-z0-9-]*$/;
const CALL_ID = /^[A-Za-z0-9_-]{1,64}$/;

const toolName = z.string().refine((name) => TOOL_NAMES.has(name), {
  error: (issue) =>
    `unknown tool "${String(issue.input)}"; tool names are the service's own (e.g. list-accounts)`,
});
const scopeEntry = z.string().refine((name) => SCOPE_NAMES.has(name), {
  error: (issue) => `"${String(issue.input)}" is neither a tool name nor a group A-F`,
});
const callId = z.string().regex(CALL_ID, "a tool call id: 1-64 letters, digits, _ or -");
const window = z.strictObject({ limit: z.int().positive(), windowMs: z.int().positive() });

const argumentsField = z.union([z.string(), z.record(z.string(), z.unknown())]).transform((value, ctx) => {
  if (typeof value !== "string") return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `arguments is not valid JSON (${(error as Error).message})` });
    return z.NEVER;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    ctx.addIssue({ code: "custom", message: "arguments must encode a JSON object" });
    return z.NEVER;
  }
  return parsed as Record<string, unknown>;
});

const toolCall = z.strictObject({
  id: callId,
  type: z.literal("function").optional(),
  function: z.strictObject({ name: toolName, arguments: argumentsField }),
});

const message = z.discriminatedUnion("role", [
  z.strictObject({ role: z.literal("system"), content: z.string() }),
  z.strictObject({ role: z.literal("user"), content: z.string().min(1) }),
  z.strictObject({
    role: z.literal("assistant"),
    content: z.string().nullable().optional(),
    tool_calls: z.array(toolCall).min(1).optional(),
  }),
  // Accepted so a recorded transcript can be pasted as is; replay uses the live result instead.
  z.strictObject({ role: z.literal("tool"), tool_call_id: callId, content: z.string() }),
]);

const human = z.discriminatedUnion("decision", [
  z.strictObject({ call: callId, decision: z.literal("approve"), text: z.string().min(1).optional() }),
  z.strictObject({ call: callId, decision: z.literal("deny"), reason: z.string().optional() }),
  z.strictObject({ call: callId, decision: z.literal("no-answer") }),
  z.strictObject({ call: callId, decision: z.literal("expired"), text: z.string().min(1).optional() }),
]);

const fault = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  count: z.int().positive().optional(),
  retryAfterS: z.number().nonnegative().optional(),
  ms: z.int().nonnegative().optional(),
  tool: toolName.optional(),
});

const account = z.looseObject({
  id: z.string().regex(/^act_\d+$/, "an account id act_<digits>"),
  name: z.string(),
  currency: z.string(),
});

const scenario = z.strictObject({
  key: z.enum(KEY_LABELS).default("pro"),
  seed: z.string().optional(),
  /** Replaces the accounts of the key's holder. */
  accounts: z.array(account).optional(),
  faults: z.array(fault).default([]),
  imageQuota: z.int().nonnegative().optional(),
  writeBudget: window.optional(),
  rateLimit: window.optional(),
  latencyMs: z.int().nonnegative().max(2000).optional(),
});

const toolkit = z.strictObject({
  accountId: z.string().optional(),
  readOnly: z.boolean().optional(),
  include: z.array(scopeEntry).optional(),
  exclude: z.array(scopeEntry).optional(),
  onUnconfirmedActive: z.enum(["refuse", "pause"]).optional(),
  /** How a person's decision reaches the toolkit: the framework's own flow, the confirm callback, or nothing. */
  approval: z.enum(["native", "callback", "none"]).default("native"),
  approvalTtlMs: z.int().positive().max(60_000).optional(),
  /** Dynamic mode: the model starts with find-tools only (aiSdkDynamicTools, langchainDynamicTools). */
  dynamic: z.boolean().optional(),
  maxResultChars: z.int().positive().optional(),
  retry: z
    .strictObject({
      maxRetries: z.int().nonnegative().optional(),
      maxWaitS: z.number().nonnegative().optional(),
      baseDelayMs: z.int().nonnegative().optional(),
    })
    .optional(),
  rateLimit: z.union([window, z.literal(false)]).optional(),
  writeBudget: window.optional(),
});

const expectedCall = z.union([
  toolName,
  z.strictObject({
    name: toolName,
    args: z.record(z.string(), z.unknown()).optional(),
    argsMatch: z.enum(ARGS_MODES).optional(),
  }),
]);

const count = {
  count: z.int().nonnegative().optional(),
  min: z.int().nonnegative().optional(),
  max: z.int().nonnegative().optional(),
};

const expectations = z.strictObject({
  tools: z
    .strictObject({
      match: z.enum(MATCH_MODES),
      calls: z.array(expectedCall),
      argsMatch: z.enum(ARGS_MODES).default("superset"),
    })
    .optional(),
  blocked: z
    .array(
      z
        .strictObject({
          call: callId.optional(),
          tool: toolName.optional(),
          guard: z.enum(GUARDS),
          live: z.boolean().optional(),
        })
        .refine((b) => (b.call === undefined) !== (b.tool === undefined), "give exactly one of call or tool"),
    )
    .optional(),
  reads: z
    .array(
      z.strictObject({
        call: callId,
        ok: z.union([z.boolean(), z.literal("partial")]).optional(),
        status: z.int().nullable().optional(),
        fields: z.array(z.string().min(1)).optional(),
        absent: z.array(z.string().min(1)).optional(),
        contains: z.array(z.string().min(1)).optional(),
        notContains: z.array(z.string().min(1)).optional(),
      }),
    )
    .optional(),
  state: z
    .array(
      z.strictObject({
        collection: z.string().min(1),
        where: z.record(z.string(), z.unknown()).optional(),
        ...count,
        live: z.boolean().optional(),
      }),
    )
    .optional(),
  requests: z
    .array(
      z.strictObject({
        tool: toolName,
        status: z.int().nullable().optional(),
        replayed: z.boolean().optional(),
        ...count,
        live: z.boolean().optional(),
      }),
    )
    .optional(),
  requestIds: z
    .array(
      z.strictObject({
        tool: toolName,
        distinct: z.int().nonnegative().optional(),
        live: z.boolean().optional(),
      }),
    )
    .optional(),
});

/** A recorded conversation as parsed from its JSON file. */
export const fixtureSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: z.string().regex(ID, "lowercase letters, digits and dashes"),
    title: z.string().min(1),
    description: z.string().optional(),
    tags: z
      .array(z.string().min(1))
      .min(1)
      .refine((tags) => tags.some((t) => (TOOL_GROUPS as readonly string[]).includes(t)), {
        message: "tags must name at least one group A-F",
      }),
    scenario: scenario.prefault({}),
    toolkit: toolkit.prefault({}),
    messages: z.array(message).min(2),
    human: z.array(human).default([]),
    expect: expectations,
  })
  .superRefine(crossCheck);

export type Fixture = z.output<typeof fixtureSchema>;
export type FixtureMessage = Fixture["messages"][number];
export type AssistantMessage = Extract<FixtureMessage, { role: "assistant" }>;
export type ToolCall = NonNullable<AssistantMessage["tool_calls"]>[number];
export type HumanDecision = Fixture["human"][number];
export type Expectations = Fixture["expect"];
export type ExpectedCall = NonNullable<Expectations["tools"]>["calls"][number];
export type ArgsMode = (typeof ARGS_MODES)[number];
export type MatchMode = (typeof MATCH_MODES)[number];
export type Scenario = Fixture["scenario"];
export type ToolkitSettings = Fixture["toolkit"];

/** One problem in one fixture file. */
export interface FixtureIssue {
  file: string;
  /** Where in the file, e.g. `messages[3].tool_calls[0].function.arguments`; empty for the whole file. */
  path: string;
  message: string;
}

/** A fixture that failed to load: every problem found, each with file, path and message. */
export class FixtureError extends Error {
  constructor(readonly issues: FixtureIssue[]) {
    super(issues.map(formatIssue).join("\n"));
    this.name = "FixtureError";
  }
}

export function formatIssue(issue: FixtureIssue): string {
  const shown = relative(process.cwd(), issue.file);
  const file = shown.startsWith("..") || isAbsolute(shown) ? issue.file : shown;
  return `${file}${issue.path ? ` at ${issue.path}` : ""}: ${issue.message}`;
}

/** `messages[3].tool_calls[0].function` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Validates a parsed fixture. `file` names it in errors; its base name must equal the id. */
export function parseFixture(value: unknown, file = "<fixture>"): Fixture {
  const parsed = fixtureSchema.safeParse(value);
  if (!parsed.success) {
    throw new FixtureError(
      parsed.error.issues.map((issue) => ({ file, path: formatPath(issue.path), message: issue.message })),
    );
  }
  const stem = basename(file).replace(/\.json$/, "");
  if (file !== "<fixture>" && stem !== parsed.data.id) {
    throw new FixtureError([
      { file, path: "id", message: `id "${parsed.data.id}" must equal the file name "${stem}"` },
    ]);
  }
  return parsed.data;
}

/** Reads and validates one fixture file. */
export function loadFixture(file: string): Fixture {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new FixtureError([{ file, path: "", message: `cannot read: ${(error as Error).message}` }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FixtureError([{ file, path: "", message: `not valid JSON: ${(error as Error).message}` }]);
  }
  return parseFixture(value, file);
}

/** Loads every `*.json` in `dir`, sorted by name. Collects the problems of all files before throwing. */
export function loadFixtures(dir: string): Fixture[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const fixtures: Fixture[] = [];
  const issues: FixtureIssue[] = [];
  const ids = new Map<string, string>();
  for (const name of files) {
    const file = join(dir, name);
    try {
      const fixture = loadFixture(file);
      const other = ids.get(fixture.id);
      if (other) issues.push({ file, path: "id", message: `id "${fixture.id}" is also used by ${other}` });
      ids.set(fixture.id, file);
      fixtures.push(fixture);
    } catch (error) {
      if (error instanceof FixtureError) issues.push(...error.issues);
      else throw error;
    }
  }
  if (issues.length > 0) throw new FixtureError(issues);
  return fixtures;
}

/** The tool calls of a fixture in script order. */
export function toolCalls(fixture: Fixture): ToolCall[] {
  return fixture.messages.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : []));
}
