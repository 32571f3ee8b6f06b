import type { IncomingMessage, ServerResponse } from "node:http";
import { getTool, type ToolDefinition } from "../tools/index.js";
import { Answer, hold, MAX_BODY_BYTES, parseLoose, readBody } from "./answer.js";
import { authenticate } from "./auth.js";
import { SimError, UPGRADE_URL } from "./errors.js";
import { EARLY_FAULTS, type FaultQueue } from "./faults.js";
import { accountList, activeAccount } from "./handlers/accounts.js";
import { softFailure } from "./handlers/calculators.js";
import type { HandlerContext, Reply, SimSettings } from "./handlers/context.js";
import { handlers } from "./handlers/index.js";
import type { FixedWindow, SlidingWindow } from "./limits.js";
import { canonical, sha256 } from "./random.js";
import type { SimRequest, SimState } from "./state.js";
import { validateBody } from "./validate.js";
import type { Identity, KeyLabel, SimAccount, World } from "./world.js";

/** Everything a request can touch; `state` is replaced on reset. */
export interface SimRuntime {
  world: World;
  state: SimState;
  faults: FaultQueue;
  rate: FixedWindow;
  budget: SlidingWindow;
  settings: SimSettings;
  latencyMs: number;
  openapi: (baseUrl: string) => unknown;
  /** Timers holding answers (latency, timeout-after-write), cleared on close. */
  timers: Set<NodeJS.Timeout>;
  log?: (line: string) => void;
}

const TOOL_PATH = /^\/api\/mcp\/([^/]+)\/?$/;
/** Validation failures of these answer 200 with data.error (spec section 7). */
const SOFT_TOOLS = new Set(["benchmarks", "compare", "fatigue", "get-skill"]);
/** Writes stored under request_id and metered by the write budget. */
const RETRY_KEYED = new Set([
  "push-creative",
  "creative-dna",
  "url-to-ads",
  "multiply-winner",
  "competitor-creatives",
  "creative-matrix",
  "creative-loop",
]);

/** Answers one HTTP request the way the service would. Never throws. */
export async function handleRequest(
  rt: SimRuntime,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = Date.now();
  const state = rt.state;
  const url = new URL(req.url ?? "/", "http://simulator.invalid");
  const entry: SimRequest = {
    seq: state.requests.length + 1,
    at: new Date(started).toISOString(),
    method: req.method ?? "GET",
    path: url.pathname,
    tool: TOOL_PATH.exec(url.pathname)?.[1] ?? null,
    key: null,
    status: null,
    body: undefined,
    durationMs: 0,
  };
  state.requests.push(entry);
  const answer = new Answer(rt, res, entry, started);
  try {
    const text = await readBody(req);
    entry.body = text === null ? "<body too large>" : parseLoose(text);
    await route(rt, state, req, url, text, entry, answer);
  } catch (error) {
    if (res.headersSent || res.destroyed) return;
    await answer.waitOnce();
    if (error instanceof SimError) answer.wrapped(error.status, { error: error.message, ...error.extra });
    else answer.wrapped(500, { error: `Internal simulator error: ${(error as Error).message}` });
  }
}

async function route(
  rt: SimRuntime,
  state: SimState,
  req: IncomingMessage,
  url: URL,
  text: string | null,
  entry: SimRequest,
  answer: Answer,
): Promise<void> {
  if (url.pathname === "/api/openapi") {
    if (req.method !== "GET") return answer.wrapped(400, { error: "Use GET /api/openapi" });
    return answer.json(200, rt.openapi(baseUrlOf(req)));
  }
  const name = entry.tool;
  if (name === null) {
    return answer.wrapped(404, {
      error: `No such endpoint: ${url.pathname}. Tools live at POST /api/mcp/{tool}.`,
    });
  }

  const auth = authenticate(req.headers.authorization, rt.world);
  if (!auth.ok) {
    const anon = rt.rate.hit(`anon:${req.socket.remoteAddress ?? "?"}`);
    answer.rate = { limit: rt.rate.limit, ...anon };
    if (!anon.allowed) return answer.tooMany(anon.resetS, "Rate limit exceeded");
    answer.header("WWW-Authenticate", 'Bearer realm="api"');
    return answer.bare(401, auth.error);
  }
  const label = auth.key.label;
  const identity = auth.key.identity;
  entry.key = label;

  const early = rt.faults.take(name, EARLY_FAULTS);
  if (early) entry.fault = early.kind;
  if (early?.kind === "drop") return answer.drop();
  const bucket = `key:${auth.key.hash}`;
  if (early?.kind === "503" || early?.kind === "429") {
    // An injected fault is not counted: a degraded limiter did not count the request either.
    answer.rate = { limit: rt.rate.limit, ...rt.rate.peek(bucket) };
    if (early.kind === "503")
      return answer.bare(503, "Service temporarily unavailable: rate limiting is degraded");
    return answer.tooMany(early.retryAfterS ?? 1, "Too many requests");
  }
  const hit = rt.rate.hit(bucket);
  answer.rate = { limit: rt.rate.limit, ...hit };
  if (!hit.allowed) {
    return answer.tooMany(hit.resetS, `Rate limit exceeded: ${rt.rate.limit} requests per window per key`);
  }
  // Latency delays every answer from here on; a retry-keyed write waits after claiming its request_id,
  // so a duplicate sent meanwhile finds it in flight.
  answer.delayMs = rt.latencyMs + (early?.kind === "latency" ? (early.ms ?? 0) : 0);
  const keyed = RETRY_KEYED.has(name) && req.method === "POST";
  if (!keyed) await answer.waitOnce();

  if (req.method !== "POST") {
    answer.header("Allow", "POST");
    return answer.wrapped(400, { error: `Use POST for /api/mcp/${name} (got ${req.method})` });
  }
  const def = getTool(name);
  if (!def) return answer.wrapped(404, { error: `Unknown tool: ${name}` });
  if (def.disabled) {
    return answer.wrapped(410, { error: `${name} is a disabled legacy tool and no longer available` });
  }

  const raw = parseJsonBody(req, text);
  const body = validated(def, raw);
  if ("soft" in body) return answer.wrapped(200, { error: body.soft });

  if (def.plan === "paid" && identity.plan === "free") {
    throw new SimError(403, `${name} requires a paid plan (Pro or Agency); this key is on the Free plan`, {
      upgrade_url: UPGRADE_URL,
    });
  }
  if (identity.role === "client_viewer" && (def.effect === "write" || def.effect === "workflow")) {
    throw new SimError(403, `The Client Viewer role is read-only and cannot use ${name}`);
  }
  const account = resolveAccount(rt, state, def, body.value, label, identity);

  const ctx: HandlerContext = {
    tool: def,
    body: body.value,
    raw,
    label,
    identity,
    account,
    world: rt.world,
    state,
    settings: rt.settings,
    forcePartial: false,
    forceInterrupt: name === "generate-from-brief" && rt.faults.take(name, ["interrupt"]) !== undefined,
    requestId: null,
    replayed: false,
  };
  const reply = keyed ? await keyedWrite(rt, state, ctx, answer) : await handlers[name]!(ctx);
  if (ctx.replayed) entry.replayed = true;
  // Taken only once the write has an outcome, so a refused request does not use the fault up.
  const writes = def.effect === "write" || def.effect === "workflow";
  const dropAfter = writes ? rt.faults.take(name, ["timeout-after-write"]) : undefined;
  if (dropAfter) entry.fault = dropAfter.kind;
  await answer.waitOnce();
  if (dropAfter) {
    entry.appliedThenDropped = true;
    await hold(rt, dropAfter.ms ?? 0);
    return answer.drop();
  }
  answer.wrapped(reply.status, reply.data);
}

/** push-creative and the workflow writes: replay by request_id, one run at a time, write budget. */
async function keyedWrite(
  rt: SimRuntime,
  state: SimState,
  ctx: HandlerContext,
  answer: Answer,
): Promise<Reply> {
  const name = ctx.tool.name;
  const accountId = ctx.account!.id;
  const given = ctx.body.request_id as string | undefined;
  const { request_id: _omit, ...rest } = ctx.body;
  ctx.requestId = given ?? `derived-${sha256(`${name}\u0000${canonical(rest)}`).slice(0, 32)}`;
  const key = `${name}|${accountId}|${ctx.requestId}`;

  const stored = state.outcomes.get(key);
  if (stored) {
    ctx.replayed = true;
    return stored;
  }
  if (state.inflight.has(key)) {
    throw new SimError(
      409,
      `Duplicate request_id ${ctx.requestId}: the first request with it is still running`,
    );
  }
  const waitS = rt.budget.waitS(accountId);
  if (waitS > 0) {
    throw new SimError(
      409,
      `Write budget spent: ${rt.budget.limit} writes per window for ${accountId}; next slot in ${waitS} s`,
      { retry_after_s: waitS },
    );
  }
  ctx.forcePartial = hasPartialTrigger(ctx.raw) || rt.faults.take(name, ["partial"]) !== undefined;
  state.inflight.add(key);
  try {
    await answer.waitOnce();
    const reply = await handlers[name]!(ctx);
    if (reply.status === 200 || reply.status === 207) rt.budget.record(accountId);
    state.outcomes.set(key, reply);
    return reply;
  } finally {
    state.inflight.delete(key);
  }
}

function resolveAccount(
  rt: SimRuntime,
  state: SimState,
  def: ToolDefinition,
  body: Record<string, unknown>,
  label: KeyLabel,
  identity: Identity,
): SimAccount | null {
  const given = typeof body.account_id === "string" ? body.account_id : undefined;
  if (given === undefined) {
    // Reads of group A default to the active account; C tools require account_id in their schema.
    if (def.group !== "A" || def.name === "list-accounts") return null;
    const active = activeAccount(state, label, identity);
    if (!active) {
      throw new SimError(404, "No connected ad account: connect one in the app, then call list-accounts", {
        accounts: [],
      });
    }
    return active;
  }
  const mine = identity.accounts.find((a) => a.id === given);
  if (mine) return mine;
  const accounts = accountList(state, label, identity);
  if (rt.world.accounts.has(given)) {
    throw new SimError(403, `Account ${given} is not accessible with this key; pick one from accounts`, {
      accounts,
    });
  }
  throw new SimError(404, `Account ${given} was not found in this workspace; pick one from accounts`, {
    accounts,
  });
}

function validated(
  def: ToolDefinition,
  raw: Record<string, unknown>,
): { value: Record<string, any> } | { soft: string } {
  // list-accounts ignores its body (spec section 4, group A).
  if (def.name === "list-accounts") return { value: {} };
  const result = validateBody(def, lenient(def.name, raw));
  if (result.ok) return { value: result.value };
  if (SOFT_TOOLS.has(def.name) && result.unknownKeys.length === 0) {
    return { soft: softFailure(def.name, raw, result.message) };
  }
  throw new SimError(400, result.message);
}

/**
 * Values the service takes although the catalog's schema, written for models, does not (spec
 * section 4): any `status` but exact ACTIVE creates a PAUSED ad, and only the JSON boolean `true`
 * enables fatigue-alerts' quick pass, so another `quick` is a full pass rather than a 400.
 */
function lenient(tool: string, raw: Record<string, unknown>): Record<string, unknown> {
  if (tool === "push-creative" && raw.status !== undefined && typeof raw.status !== "string") {
    // Kept as its JSON text, which is never exactly ACTIVE, so the answer still names it.
    return { ...raw, status: JSON.stringify(raw.status) };
  }
  if (tool === "fatigue-alerts" && raw.quick !== undefined && typeof raw.quick !== "boolean") {
    return { ...raw, quick: false };
  }
  return raw;
}

function parseJsonBody(req: IncomingMessage, text: string | null): Record<string, unknown> {
  if (text === null) throw new SimError(400, `Body too large: at most ${MAX_BODY_BYTES} bytes`);
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new SimError(400, "Content-Type must be application/json");
  }
  if (text.trim() === "")
    throw new SimError(400, "A JSON body is required; send {} for tools without inputs");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SimError(400, "The body is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new SimError(400, "The body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

function hasPartialTrigger(value: unknown): boolean {
  if (typeof value === "string") return value.includes("sim:partial");
  if (Array.isArray(value)) return value.some(hasPartialTrigger);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasPartialTrigger);
  return false;
}

function baseUrlOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? "127.0.0.1"}`;
}
