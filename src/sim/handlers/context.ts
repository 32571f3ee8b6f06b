import type { ToolDefinition } from "../../tools/index.js";
import { SimError } from "../errors.js";
import type { SimState } from "../state.js";
import type { Identity, KeyLabel, SimAccount, World } from "../world.js";

/** Simulator settings a handler may read. */
export interface SimSettings {
  /** Images each account may generate over the simulator's life. */
  imageQuota: number;
}

/** What a handler gets: the validated body and everything the pipeline already resolved. */
export interface HandlerContext {
  tool: ToolDefinition;
  /** The body after the catalog schema (defaults applied). */
  body: Record<string, any>;
  /** The body as sent. */
  raw: Record<string, unknown>;
  label: KeyLabel;
  identity: Identity;
  /** The account the call acts on: the given account_id, or the active one for reads; null when none applies. */
  account: SimAccount | null;
  world: World;
  state: SimState;
  settings: SimSettings;
  /** True when this write must apply only in part (a `sim:partial` value or an injected fault). */
  forcePartial: boolean;
  /** generate-from-brief: an `interrupt` fault was taken, so the new run is interrupted first. */
  forceInterrupt?: boolean;
  /** push-creative and the workflow writes: the request_id given, or the one derived from the body. */
  requestId: string | null;
  /** Set by a handler that answered from a stored outcome (an idempotency key seen before). */
  replayed: boolean;
}

/**
 * A handler's answer: the status and the payload placed at `data`. A returned non-2xx reply is an
 * outcome stored under the write's request_id; a thrown SimError is a refusal that is not stored.
 */
export interface Reply {
  status: number;
  data: unknown;
}

export type Handler = (ctx: HandlerContext) => Reply | Promise<Reply>;

export const ok = (data: unknown): Reply => ({ status: 200, data });

/** A 207: `data.partial` holds the applied and the failed items. */
export const partial = (data: Record<string, unknown>, applied: unknown[], failed: unknown[]): Reply => ({
  status: 207,
  data: { ...data, partial: { applied, failed } },
});

/** The account a handler needs; the pipeline guarantees it for account-bound tools. */
export function accountOf(ctx: HandlerContext): SimAccount {
  if (!ctx.account) throw new Error(`${ctx.tool.name}: no account resolved`);
  return ctx.account;
}

/**
 * Answers once per (workspace, tool, key): a repeated idempotency key gets the first answer again.
 * Only 2xx answers are kept; a refusal changes nothing, so the same key may be tried again.
 */
export function idempotent(ctx: HandlerContext, key: string, run: () => Reply): Reply {
  const id = `${ctx.identity.workspace}|${ctx.tool.name}|${key}`;
  const stored = ctx.state.keyed.get(id);
  if (stored) {
    ctx.replayed = true;
    return stored;
  }
  const reply = run();
  if (reply.status < 300) ctx.state.keyed.set(id, reply);
  return reply;
}

/**
 * True for a record of this workspace whose ad account, when it names one, this key reaches: a
 * member stays subject to their account grants (spec 5.7), so a Client Viewer does not see the
 * records of the workspace's other accounts.
 */
export function reachable(ctx: HandlerContext, rec: { workspace: string; account_id?: unknown }): boolean {
  if (rec.workspace !== ctx.identity.workspace) return false;
  return typeof rec.account_id !== "string" || ctx.identity.accounts.some((a) => a.id === rec.account_id);
}

/** A record this key reaches (see {@link reachable}) by id, or a 404. */
export function owned<T extends { workspace: string }>(
  ctx: HandlerContext,
  map: Map<string, T>,
  id: string,
  what: string,
): T {
  const rec = map.get(id);
  if (!rec || !reachable(ctx, rec)) throw new SimError(404, `${what} ${id} not found`);
  return rec;
}

/** A stored record without its internal fields. */
export function view(rec: Record<string, unknown>): Record<string, unknown> {
  const { workspace: _w, ...rest } = rec;
  return Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith("_")));
}

/** Now as an ISO string. */
export const nowIso = () => new Date().toISOString();
