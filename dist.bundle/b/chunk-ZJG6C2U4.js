import {
  startSimulator
} from "./chunk-NVSRC2ON.js";
import {
  FIND_TOOLS
} from "./chunk-KTFO7BLR.js";
import {
  TOOL_GROUPS,
  catalog
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/evals/schema.js
import { readdirSync, readFileSync } from "node:fs";
import { basename, isAbsolute, join, relative } from "node:path";
import { z } from "zod";

// dist/evals/schema-checks.js
var PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
var ROOTS = /* @__PURE__ */ new Set(["accounts", "foreign", "results"]);
function crossCheck(fixture, ctx) {
  const messages = fixture.messages;
  const seen = /* @__PURE__ */ new Map();
  let firstTurn = messages.findIndex((m) => m.role !== "system");
  if (firstTurn >= 0 && messages[firstTurn].role !== "user") {
    ctx.addIssue({
      code: "custom",
      path: ["messages", firstTurn],
      message: "the first turn must be a user turn"
    });
    firstTurn = -1;
  }
  messages.forEach((m, i) => {
    if (m.role === "user" || m.role === "assistant") {
      checkPlaceholders(m.content ?? "", ["messages", i, "content"], seen, ctx);
    }
    if (m.role === "user") {
      const next = messages.slice(i + 1).find((n) => n.role !== "tool");
      if (next?.role !== "assistant") {
        ctx.addIssue({
          code: "custom",
          path: ["messages", i],
          message: "a user turn must be answered by at least one assistant turn"
        });
      }
    }
    if (m.role === "system" && i > 0 && messages[i - 1].role !== "system") {
      ctx.addIssue({
        code: "custom",
        path: ["messages", i],
        message: "system messages go before every other turn"
      });
    }
    if (m.role !== "assistant")
      return;
    if (!m.tool_calls && (m.content === void 0 || m.content === null || m.content === "")) {
      ctx.addIssue({
        code: "custom",
        path: ["messages", i],
        message: "an assistant turn needs content or tool_calls"
      });
    }
    m.tool_calls?.forEach((call, j) => {
      const here = ["messages", i, "tool_calls", j];
      if (seen.has(call.id)) {
        ctx.addIssue({
          code: "custom",
          path: [...here, "id"],
          message: `duplicate tool call id "${call.id}"`
        });
      }
      if (call.function.name === FIND_TOOLS && fixture.toolkit.dynamic !== true) {
        ctx.addIssue({
          code: "custom",
          path: [...here, "function", "name"],
          message: `${FIND_TOOLS} exists only in dynamic mode: set toolkit.dynamic`
        });
      }
      checkPlaceholders(call.function.arguments, [...here, "function", "arguments"], seen, ctx);
      seen.set(call.id, i);
    });
  });
  const known = /* @__PURE__ */ __name((id) => seen.has(id), "known");
  const decided = /* @__PURE__ */ new Set();
  fixture.human.forEach((h, i) => {
    if (!known(h.call)) {
      ctx.addIssue({
        code: "custom",
        path: ["human", i, "call"],
        message: `no tool call has id "${h.call}"`
      });
    } else if (callOf(messages, h.call)?.function.name !== "push-creative") {
      ctx.addIssue({
        code: "custom",
        path: ["human", i, "call"],
        message: `"${h.call}" is not a push-creative call; only an ACTIVE push asks a person`
      });
    }
    if (decided.has(h.call)) {
      ctx.addIssue({
        code: "custom",
        path: ["human", i, "call"],
        message: `"${h.call}" already has a decision`
      });
    }
    decided.add(h.call);
  });
  const slow = fixture.human.filter((h) => h.decision === "expired" || h.decision === "no-answer" && fixture.toolkit.approval === "callback");
  if (slow.length > 0 && (fixture.toolkit.approvalTtlMs === void 0 || fixture.toolkit.approvalTtlMs > 2e3)) {
    ctx.addIssue({
      code: "custom",
      path: ["toolkit", "approvalTtlMs"],
      message: `a "${slow[0].decision}" decision waits out the approval window: set approvalTtlMs (at most 2000)`
    });
  }
  if (typeof fixture.toolkit.accountId === "string") {
    checkPlaceholders(fixture.toolkit.accountId, ["toolkit", "accountId"], /* @__PURE__ */ new Map(), ctx);
  }
  const expect = fixture.expect;
  for (const key of ["blocked", "reads"]) {
    expect[key]?.forEach((entry, i) => {
      const call = entry.call;
      if (call !== void 0 && !known(call)) {
        ctx.addIssue({
          code: "custom",
          path: ["expect", key, i, "call"],
          message: `no tool call has id "${call}"`
        });
      }
    });
  }
  for (const key of ["state", "requests"]) {
    expect[key]?.forEach((entry, i) => {
      if (entry.count === void 0 && entry.min === void 0 && entry.max === void 0) {
        ctx.addIssue({ code: "custom", path: ["expect", key, i], message: "give count, min or max" });
      }
      if (entry.count !== void 0 && (entry.min !== void 0 || entry.max !== void 0)) {
        ctx.addIssue({
          code: "custom",
          path: ["expect", key, i],
          message: "give count, or min/max, not both"
        });
      }
    });
  }
  expect.requestIds?.forEach((entry, i) => {
    if (!catalog.find((def) => def.name === entry.tool)?.idField) {
      ctx.addIssue({
        code: "custom",
        path: ["expect", "requestIds", i, "tool"],
        message: `${entry.tool} takes no request id or idempotency key`
      });
    }
  });
}
__name(crossCheck, "crossCheck");
function callOf(messages, id) {
  for (const m of messages) {
    if (m.role !== "assistant")
      continue;
    const call = m.tool_calls?.find((c) => c.id === id);
    if (call)
      return call;
  }
  return void 0;
}
__name(callOf, "callOf");
function checkPlaceholders(value, path, earlier, ctx) {
  if (typeof value === "string") {
    for (const match of value.matchAll(PLACEHOLDER)) {
      const parts = match[1].split(".");
      const root = parts[0];
      if (!ROOTS.has(root)) {
        ctx.addIssue({
          code: "custom",
          path,
          message: `placeholder {{${match[1]}}} must start with ${[...ROOTS].join(", ")}`
        });
      } else if (root === "results" && (parts[1] === void 0 || !earlier.has(parts[1]))) {
        ctx.addIssue({
          code: "custom",
          path,
          message: `placeholder {{${match[1]}}} must name a tool call of an earlier turn`
        });
      }
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      checkPlaceholders(item, [...path, i], earlier, ctx);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value))
      checkPlaceholders(item, [...path, key], earlier, ctx);
  }
}
__name(checkPlaceholders, "checkPlaceholders");

// dist/evals/schema.js
var KEY_LABELS = [
  "free",
  "pro",
  "agency",
  "viewer",
  "unconnected",
  "revoked",
  "expired",
  "deactivated"
];
var GUARDS = [
  "hard-confirmation",
  "scope",
  "validation",
  "request-id",
  "disabled",
  "unavailable"
];
var MATCH_MODES = ["strict", "unordered", "subset", "superset"];
var ARGS_MODES = ["ignore", "exact", "subset", "superset"];
var FAULT_KINDS = [
  "503",
  "429",
  "latency",
  "drop",
  "timeout-after-write",
  "partial",
  "interrupt"
];
var TOOL_NAMES = /* @__PURE__ */ new Set([...catalog.map((def) => def.name), FIND_TOOLS]);
var SCOPE_NAMES = /* @__PURE__ */ new Set([...TOOL_NAMES, ...TOOL_GROUPS]);
var ID = /^[a-z0-9][a-z0-9-]*$/;
var CALL_ID = /^[A-Za-z0-9_-]{1,64}$/;
var toolName = z.string().refine((name) => TOOL_NAMES.has(name), {
  error: /* @__PURE__ */ __name((issue) => `unknown tool "${String(issue.input)}"; tool names are the service's own (e.g. list-accounts)`, "error")
});
var scopeEntry = z.string().refine((name) => SCOPE_NAMES.has(name), {
  error: /* @__PURE__ */ __name((issue) => `"${String(issue.input)}" is neither a tool name nor a group A-F`, "error")
});
var callId = z.string().regex(CALL_ID, "a tool call id: 1-64 letters, digits, _ or -");
var window = z.strictObject({ limit: z.int().positive(), windowMs: z.int().positive() });
var argumentsField = z.union([z.string(), z.record(z.string(), z.unknown())]).transform((value, ctx) => {
  if (typeof value !== "string")
    return value;
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `arguments is not valid JSON (${error.message})` });
    return z.NEVER;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    ctx.addIssue({ code: "custom", message: "arguments must encode a JSON object" });
    return z.NEVER;
  }
  return parsed;
});
var toolCall = z.strictObject({
  id: callId,
  type: z.literal("function").optional(),
  function: z.strictObject({ name: toolName, arguments: argumentsField })
});
var message = z.discriminatedUnion("role", [
  z.strictObject({ role: z.literal("system"), content: z.string() }),
  z.strictObject({ role: z.literal("user"), content: z.string().min(1) }),
  z.strictObject({
    role: z.literal("assistant"),
    content: z.string().nullable().optional(),
    tool_calls: z.array(toolCall).min(1).optional()
  }),
  // Accepted so a recorded transcript can be pasted as is; replay uses the live result instead.
  z.strictObject({ role: z.literal("tool"), tool_call_id: callId, content: z.string() })
]);
var human = z.discriminatedUnion("decision", [
  z.strictObject({ call: callId, decision: z.literal("approve"), text: z.string().min(1).optional() }),
  z.strictObject({ call: callId, decision: z.literal("deny"), reason: z.string().optional() }),
  z.strictObject({ call: callId, decision: z.literal("no-answer") }),
  z.strictObject({ call: callId, decision: z.literal("expired"), text: z.string().min(1).optional() })
]);
var fault = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  count: z.int().positive().optional(),
  retryAfterS: z.number().nonnegative().optional(),
  ms: z.int().nonnegative().optional(),
  tool: toolName.optional()
});
var account = z.looseObject({
  id: z.string().regex(/^act_\d+$/, "an account id act_<digits>"),
  name: z.string(),
  currency: z.string()
});
var scenario = z.strictObject({
  key: z.enum(KEY_LABELS).default("pro"),
  seed: z.string().optional(),
  /** Replaces the accounts of the key's holder. */
  accounts: z.array(account).optional(),
  faults: z.array(fault).default([]),
  imageQuota: z.int().nonnegative().optional(),
  writeBudget: window.optional(),
  rateLimit: window.optional(),
  latencyMs: z.int().nonnegative().max(2e3).optional()
});
var toolkit = z.strictObject({
  accountId: z.string().optional(),
  readOnly: z.boolean().optional(),
  include: z.array(scopeEntry).optional(),
  exclude: z.array(scopeEntry).optional(),
  onUnconfirmedActive: z.enum(["refuse", "pause"]).optional(),
  /** How a person's decision reaches the toolkit: the framework's own flow, the confirm callback, or nothing. */
  approval: z.enum(["native", "callback", "none"]).default("native"),
  approvalTtlMs: z.int().positive().max(6e4).optional(),
  /** Dynamic mode: the model starts with find-tools only (aiSdkDynamicTools, langchainDynamicTools). */
  dynamic: z.boolean().optional(),
  maxResultChars: z.int().positive().optional(),
  retry: z.strictObject({
    maxRetries: z.int().nonnegative().optional(),
    maxWaitS: z.number().nonnegative().optional(),
    baseDelayMs: z.int().nonnegative().optional()
  }).optional(),
  rateLimit: z.union([window, z.literal(false)]).optional(),
  writeBudget: window.optional()
});
var expectedCall = z.union([
  toolName,
  z.strictObject({
    name: toolName,
    args: z.record(z.string(), z.unknown()).optional(),
    argsMatch: z.enum(ARGS_MODES).optional()
  })
]);
var count = {
  count: z.int().nonnegative().optional(),
  min: z.int().nonnegative().optional(),
  max: z.int().nonnegative().optional()
};
var expectations = z.strictObject({
  tools: z.strictObject({
    match: z.enum(MATCH_MODES),
    calls: z.array(expectedCall),
    argsMatch: z.enum(ARGS_MODES).default("superset")
  }).optional(),
  blocked: z.array(z.strictObject({
    call: callId.optional(),
    tool: toolName.optional(),
    guard: z.enum(GUARDS),
    live: z.boolean().optional()
  }).refine((b) => b.call === void 0 !== (b.tool === void 0), "give exactly one of call or tool")).optional(),
  reads: z.array(z.strictObject({
    call: callId,
    ok: z.union([z.boolean(), z.literal("partial")]).optional(),
    status: z.int().nullable().optional(),
    fields: z.array(z.string().min(1)).optional(),
    absent: z.array(z.string().min(1)).optional(),
    contains: z.array(z.string().min(1)).optional(),
    notContains: z.array(z.string().min(1)).optional()
  })).optional(),
  state: z.array(z.strictObject({
    collection: z.string().min(1),
    where: z.record(z.string(), z.unknown()).optional(),
    ...count,
    live: z.boolean().optional()
  })).optional(),
  requests: z.array(z.strictObject({
    tool: toolName,
    status: z.int().nullable().optional(),
    replayed: z.boolean().optional(),
    ...count,
    live: z.boolean().optional()
  })).optional(),
  requestIds: z.array(z.strictObject({
    tool: toolName,
    distinct: z.int().nonnegative().optional(),
    live: z.boolean().optional()
  })).optional()
});
var fixtureSchema = z.strictObject({
  $schema: z.string().optional(),
  id: z.string().regex(ID, "lowercase letters, digits and dashes"),
  title: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string().min(1)).min(1).refine((tags) => tags.some((t) => TOOL_GROUPS.includes(t)), {
    message: "tags must name at least one group A-F"
  }),
  scenario: scenario.prefault({}),
  toolkit: toolkit.prefault({}),
  messages: z.array(message).min(2),
  human: z.array(human).default([]),
  expect: expectations
}).superRefine(crossCheck);
var FixtureError = class extends Error {
  static {
    __name(this, "FixtureError");
  }
  issues;
  constructor(issues) {
    super(issues.map(formatIssue).join("\n"));
    this.issues = issues;
    this.name = "FixtureError";
  }
};
function formatIssue(issue) {
  const shown = relative(process.cwd(), issue.file);
  const file = shown.startsWith("..") || isAbsolute(shown) ? issue.file : shown;
  return `${file}${issue.path ? ` at ${issue.path}` : ""}: ${issue.message}`;
}
__name(formatIssue, "formatIssue");
function formatPath(path) {
  let out = "";
  for (const part of path) {
    if (typeof part === "number")
      out += `[${part}]`;
    else
      out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}
__name(formatPath, "formatPath");
function parseFixture(value, file = "<fixture>") {
  const parsed = fixtureSchema.safeParse(value);
  if (!parsed.success) {
    throw new FixtureError(parsed.error.issues.map((issue) => ({ file, path: formatPath(issue.path), message: issue.message })));
  }
  const stem = basename(file).replace(/\.json$/, "");
  if (file !== "<fixture>" && stem !== parsed.data.id) {
    throw new FixtureError([
      { file, path: "id", message: `id "${parsed.data.id}" must equal the file name "${stem}"` }
    ]);
  }
  return parsed.data;
}
__name(parseFixture, "parseFixture");
function loadFixture(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new FixtureError([{ file, path: "", message: `cannot read: ${error.message}` }]);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FixtureError([{ file, path: "", message: `not valid JSON: ${error.message}` }]);
  }
  return parseFixture(value, file);
}
__name(loadFixture, "loadFixture");
function loadFixtures(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  const fixtures = [];
  const issues = [];
  const ids = /* @__PURE__ */ new Map();
  for (const name of files) {
    const file = join(dir, name);
    try {
      const fixture = loadFixture(file);
      const other = ids.get(fixture.id);
      if (other)
        issues.push({ file, path: "id", message: `id "${fixture.id}" is also used by ${other}` });
      ids.set(fixture.id, file);
      fixtures.push(fixture);
    } catch (error) {
      if (error instanceof FixtureError)
        issues.push(...error.issues);
      else
        throw error;
    }
  }
  if (issues.length > 0)
    throw new FixtureError(issues);
  return fixtures;
}
__name(loadFixtures, "loadFixtures");

// dist/evals/template.js
var TemplateError = class extends Error {
  static {
    __name(this, "TemplateError");
  }
  name = "TemplateError";
};
function readPath(value, path) {
  let current = value;
  for (const part of path.split(".")) {
    if (part === "")
      continue;
    if (current === null || typeof current !== "object")
      return void 0;
    current = current[part];
  }
  return current;
}
__name(readPath, "readPath");
function hasPath(value, path) {
  const parts = path.split(".");
  const last = parts.pop();
  const parent = readPath(value, parts.join("."));
  return parent !== null && typeof parent === "object" && last in parent;
}
__name(hasPath, "hasPath");
function resolve(value, scope) {
  return walk(value, scope);
}
__name(resolve, "resolve");
function walk(value, scope) {
  if (typeof value === "string")
    return resolveString(value, scope);
  if (Array.isArray(value))
    return value.map((item) => walk(item, scope));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, scope)]));
  }
  return value;
}
__name(walk, "walk");
function resolveString(text, scope) {
  const whole = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(text);
  if (whole)
    return lookup(whole[1], scope);
  return text.replace(PLACEHOLDER, (_, path) => {
    const found = lookup(path, scope);
    return typeof found === "string" ? found : JSON.stringify(found);
  });
}
__name(resolveString, "resolveString");
function lookup(path, scope) {
  const found = readPath(scope, path);
  if (found === void 0) {
    const [root, id] = path.split(".");
    const why = root === "results" ? `the model read ${JSON.stringify(scope.results[id ?? ""] ?? "nothing").slice(0, 300)}` : `${root} has no such entry`;
    throw new TemplateError(`placeholder {{${path}}} did not resolve: ${why}`);
  }
  return found;
}
__name(lookup, "lookup");

// dist/evals/script.js
function segmentsOf(fixture) {
  const system = fixture.messages.filter((m) => m.role === "system").map((m) => m.content).join("\n\n");
  const segments = [];
  for (const m of fixture.messages) {
    if (m.role === "user")
      segments.push({ user: m.content, turns: [] });
    else if (m.role === "assistant")
      segments.at(-1)?.turns.push(m);
  }
  return system === "" ? { segments } : { system, segments };
}
__name(segmentsOf, "segmentsOf");
var Script = class {
  static {
    __name(this, "Script");
  }
  scope;
  onCall;
  system;
  segments;
  segment = -1;
  turn = 0;
  played = 0;
  total;
  constructor(fixture, scope, onCall) {
    this.scope = scope;
    this.onCall = onCall;
    const parts = segmentsOf(fixture);
    this.system = parts.system;
    this.segments = parts.segments;
    this.total = this.segments.reduce((n, s) => n + s.turns.length, 0);
  }
  /** Moves to the next user segment and returns its user text. */
  begin(index) {
    this.segment = index;
    this.turn = 0;
    return resolve(this.segments[index].user, this.scope);
  }
  /** Records what the model read of a tool call, for later placeholders. */
  observe(callId2, read) {
    this.scope.results[callId2] = parseRead(read);
  }
  /** The next scripted turn of the current segment. */
  next() {
    const segment = this.segments[this.segment];
    const turn = segment?.turns[this.turn];
    if (!segment || !turn) {
      throw new Error(`the script has no assistant turn left for this model call (user turn ${this.segment + 1}, model call ${this.turn + 1})`);
    }
    this.turn++;
    this.played++;
    const calls = (turn.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      args: resolve(call.function.arguments, this.scope)
    }));
    for (const call of calls)
      this.onCall?.(call);
    return { content: resolve(turn.content ?? "", this.scope), calls };
  }
  /** Scripted turns never played. */
  get unplayed() {
    return this.total - this.played;
  }
};
var HEAD = /^\{"ok":(true|false|"partial"),"status":(\d+|null)(?:,"blocked":"([a-z-]+)")?/;
function parseRead(read) {
  try {
    return JSON.parse(read);
  } catch {
    const head = HEAD.exec(read);
    if (!head || !read.includes("[truncated by adrails"))
      return read;
    return {
      ok: JSON.parse(head[1]),
      status: JSON.parse(head[2]),
      ...head[3] === void 0 ? {} : { blocked: head[3] },
      truncated: true
    };
  }
}
__name(parseRead, "parseRead");
var DEFAULT_APPROVAL_TEXT = "Approved by the eval's person";
var sleep = /* @__PURE__ */ __name((ms) => new Promise((done) => setTimeout(done, ms)), "sleep");
var HumanBook = class {
  static {
    __name(this, "HumanBook");
  }
  decisions;
  live;
  ttlMs;
  used = /* @__PURE__ */ new Set();
  byFingerprint = /* @__PURE__ */ new Map();
  /** Confirmations asked for that had no scripted decision. */
  unexpected = 0;
  constructor(decisions, live, ttlMs) {
    this.decisions = decisions;
    this.live = live;
    this.ttlMs = ttlMs;
  }
  /** The decision for a call the framework asks about. */
  forCall(callId2) {
    const decision = this.live ? this.decisions.find((d) => !this.used.has(d)) : this.decisions.find((d) => d.call === callId2 && !this.used.has(d));
    if (decision)
      this.used.add(decision);
    else
      this.unexpected++;
    return decision;
  }
  /** Binds a call's decision to the fingerprint of its payload, for the callback channel. */
  register(callId2, fingerprint) {
    const decision = this.decisions.find((d) => d.call === callId2);
    if (decision)
      this.byFingerprint.set(fingerprint, decision);
  }
  /** The toolkit's confirm channel answering with the fixture's decisions. */
  channel() {
    return (request) => {
      const registered = this.byFingerprint.get(request.fingerprint);
      let decision;
      if (registered && !this.used.has(registered)) {
        decision = registered;
        this.used.add(registered);
      } else {
        decision = this.forCall(void 0);
      }
      return answer(decision, this.ttlMs);
    };
  }
  /** How long to wait before answering an "expired" decision: past the approval window. */
  get expiredDelayMs() {
    return this.ttlMs * 3;
  }
  report() {
    return this.decisions.map((d) => ({
      call: d.call,
      decision: d.decision,
      ..."text" in d && d.text !== void 0 ? { text: d.text } : {},
      used: this.used.has(d)
    }));
  }
};
function answer(decision, ttlMs) {
  if (!decision)
    return { approved: false, reason: "no decision was scripted for this confirmation" };
  switch (decision.decision) {
    case "approve":
      return { approved: true, text: decision.text ?? DEFAULT_APPROVAL_TEXT };
    case "deny":
      return decision.reason === void 0 ? { approved: false } : { approved: false, reason: decision.reason };
    case "no-answer":
      return new Promise(() => {
      });
    case "expired":
      return sleep(ttlMs + 100).then(() => ({
        approved: true,
        text: decision.text ?? "Approved by the eval's person, too late"
      }));
  }
}
__name(answer, "answer");

// dist/evals/scenario.js
var HOLDER = {
  free: "free",
  pro: "pro",
  agency: "agency",
  viewer: "viewer",
  unconnected: "unconnected",
  revoked: "pro",
  expired: "pro",
  deactivated: null
};
var DEFAULT_SEED = "adrails-evals";
async function stage(fixture, base = {}) {
  const { scenario: scenario2 } = fixture;
  const seed = scenario2.seed ?? DEFAULT_SEED;
  const holder = HOLDER[scenario2.key];
  if (scenario2.accounts && holder === null) {
    throw new Error(`scenario.accounts cannot replace the accounts of the ${scenario2.key} key`);
  }
  const accounts = scenario2.accounts && holder ? { [holder]: scenario2.accounts } : void 0;
  const sim = await startSimulator({
    seed,
    ...accounts ? { accounts } : {},
    ...scenario2.rateLimit ? { rateLimit: scenario2.rateLimit } : {},
    ...scenario2.writeBudget ? { writeBudget: scenario2.writeBudget } : {},
    ...scenario2.imageQuota === void 0 ? {} : { imageQuota: scenario2.imageQuota },
    ...scenario2.latencyMs === void 0 ? {} : { latencyMs: scenario2.latencyMs }
  });
  try {
    for (const fault2 of scenario2.faults)
      sim.control.fault(fault2);
    const world = sim.control.world();
    const { accounts: reachable } = world.callers[scenario2.key];
    const mine = new Set(reachable.map((a) => a.id));
    const foreign = world.accounts.find((a) => !mine.has(a.id)) ?? null;
    return {
      sim,
      apiKey: sim.keys[scenario2.key],
      secrets: [.../* @__PURE__ */ new Set([sim.apiKey, ...Object.values(sim.keys)])],
      scope: { accounts: reachable, foreign, results: {} },
      base,
      close: /* @__PURE__ */ __name(() => sim.close(), "close")
    };
  } catch (error) {
    await sim.close();
    throw error;
  }
}
__name(stage, "stage");
function toolkitOptions(fixture, stage2, onEvent, sessionId) {
  const t = fixture.toolkit;
  const { apiKey: _key, baseUrl: _url, confirm: _confirm, sessionId: _session, ...base } = stage2.base;
  const theirs = base.onEvent;
  const options = {
    ...base,
    apiKey: stage2.apiKey,
    baseUrl: stage2.sim.url,
    onEvent: theirs ? (event) => {
      onEvent(event);
      theirs(event);
    } : onEvent,
    sessionId,
    // Short waits keep a whole run fast; the team's options or a fixture can ask for more.
    retry: { maxRetries: 3, maxWaitS: 2, baseDelayMs: 20, ...base.retry, ...t.retry }
  };
  if (t.accountId !== void 0)
    options.accountId = resolve(t.accountId, stage2.scope);
  if (t.readOnly !== void 0)
    options.readOnly = t.readOnly;
  if (t.include)
    options.include = t.include;
  if (t.exclude)
    options.exclude = t.exclude;
  if (t.onUnconfirmedActive)
    options.onUnconfirmedActive = t.onUnconfirmedActive;
  if (t.approvalTtlMs !== void 0)
    options.approvalTtlMs = t.approvalTtlMs;
  if (t.maxResultChars !== void 0)
    options.maxResultChars = t.maxResultChars;
  if (t.rateLimit !== void 0)
    options.rateLimit = t.rateLimit;
  if (t.writeBudget)
    options.writeBudget = t.writeBudget;
  return options;
}
__name(toolkitOptions, "toolkitOptions");

export {
  fixtureSchema,
  FixtureError,
  parseFixture,
  loadFixture,
  loadFixtures,
  readPath,
  hasPath,
  resolve,
  segmentsOf,
  Script,
  parseRead,
  DEFAULT_APPROVAL_TEXT,
  sleep,
  HumanBook,
  stage,
  toolkitOptions
};
