import { createHash } from "node:crypto";
import { AUDIT_GENESIS, chainedLine, lineHash } from "./audit-chain.js";
import { isItem, logUnreadable, MAX_ITEM_BYTES, readItem } from "./item-check.js";
import { type AccountTurns, accountKey, askerKey, clampPage, fairPicks } from "./listing.js";
import { type InboxRedisOptions, type RedisConnection, redisConnection } from "./redis-connection.js";
import { ADD, CLOSE, DECIDE, FETCH, QUARANTINE, REDEEM, SETTLE, SHAPE } from "./redis-scripts.js";
import type {
  DecideRefusal,
  InboxAudit,
  InboxAuditEntry,
  InboxItem,
  InboxQueue,
  QueuePage,
  QueuePageQuery,
  UnreadableItem,
} from "./types.js";

/** How long decided items stay visible as history. */
const KEEP_MS = 7 * 24 * 3600_000;
/** Audit entries the stream keeps (approximately). */
export const AUDIT_MAX = 100_000;
/** Audit entries one read of a follower takes at most. */
const FOLLOW_BATCH = 500;
const shas = new Map<string, string>();
const sha1 = (lua: string) => {
  const known = shas.get(lua);
  if (known) return known;
  const sha = createHash("sha1").update(lua).digest("hex");
  shas.set(lua, sha);
  return sha;
};
/** Unreadable items a page names at most. */
const UNREADABLE_SHOWN = 20;

/**
 * The inbox in Redis, for a fleet: every agent process on the same Redis puts its waiting calls
 * here and every inbox page on it sees and decides them. Uses the fleet store's key prefix.
 */
export function redisInbox(options: InboxRedisOptions): { queue: InboxQueue; audit: InboxAudit } {
  const redis = redisConnection(options);
  return { queue: redisQueue(redis), audit: redisAudit(redis) };
}

function redisQueue(redis: RedisConnection): InboxQueue {
  const base = `${redis.prefix}:inbox`;
  const itemKey = (id: string) => `${base}:item:${id}`;
  const aliveKey = (id: string) => `${base}:alive:${id}`;
  const index = `${base}:index`;
  // Scripts go by their SHA-1 once Redis has them: a page read sends a few hundred bytes, not the scripts.
  const script = async (lua: string, keys: string[], args: (string | number)[]) => {
    const rest = [String(keys.length), ...keys, ...args.map(String)];
    try {
      return await redis.command(["EVALSHA", sha1(lua), ...rest]);
    } catch (error) {
      if (!String((error as Error)?.message).includes("NOSCRIPT")) throw error;
      return redis.command(["EVAL", lua, ...rest]);
    }
  };
  // A stored text that is not a readable item is skipped (and said once), never thrown.
  const parse = (raw: unknown, id: string): InboxItem | null => {
    if (raw === null || raw === undefined || raw === "") return null;
    const read = readItem(raw, id);
    if (isItem(read)) return read;
    logUnreadable(redis.name, id, read.unreadable);
    return null;
  };

  async function readPage(query: QueuePageQuery): Promise<QueuePage> {
    const shape = (await script(SHAPE, [], [base, UNREADABLE_SHOWN])) as unknown[];
    let at = 1;
    const turns: AccountTurns[] = [];
    for (let a = 0; a < Number(shape[0]); a++) {
      const key = String(shape[at++]);
      const n = Number(shape[at++]);
      const askers: AccountTurns["askers"] = [];
      for (let k = 0; k < n; k++) askers.push({ key: String(shape[at++]), count: Number(shape[at++]) });
      turns.push({ key, askers });
    }
    const historyTotal = Number(shape[at++]);
    const badTotal = Number(shape[at++]);
    const unreadable: UnreadableItem[] = [];
    while (at + 1 < shape.length) unreadable.push({ id: String(shape[at++]), reason: String(shape[at++]) });
    const total = turns.reduce((sum, t) => sum + t.askers.reduce((s, k) => s + k.count, 0), 0);
    const p = clampPage(query.pending, total, query.size);
    const h = clampPage(query.history, historyTotal, query.size);
    const picks = fairPicks(turns, (p.page - 1) * query.size, query.size).flatMap((pick) => {
      const account = turns[pick.account]!;
      return [`${account.key}:${account.askers[pick.asker]!.key}`, String(pick.index)];
    });
    const [pend, past] = (await script(
      FETCH,
      [],
      [base, MAX_ITEM_BYTES, (h.page - 1) * query.size, query.size, ...picks],
    )) as [string[], string[]];
    const bad: string[] = [];
    const read = (flat: string[]) => {
      const out: InboxItem[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const id = flat[i]!;
        const raw = flat[i + 1]!;
        const item = raw.startsWith("oversized:")
          ? { unreadable: `oversized (${raw.slice(10)} bytes)` }
          : readItem(raw, id);
        if (isItem(item)) out.push(item);
        else {
          logUnreadable(redis.name, id, item.unreadable);
          bad.push(id, item.unreadable);
        }
      }
      return out;
    };
    const pending = read(pend);
    const history = read(past);
    if (bad.length > 0) {
      // Out of both lists for good: the next read fills the page with readable items.
      await script(QUARANTINE, [], [base, Date.now(), ...bad]);
      for (let i = 0; i < bad.length; i += 2) unreadable.unshift({ id: bad[i]!, reason: bad[i + 1]! });
    }
    return {
      pending: {
        items: pending,
        page: p.page,
        pages: p.pages,
        total: total - (pend.length / 2 - pending.length),
      },
      history: {
        items: history,
        page: h.page,
        pages: h.pages,
        total: historyTotal - (past.length / 2 - history.length),
      },
      unreadable: unreadable.slice(0, UNREADABLE_SHOWN),
      unreadableTotal: badTotal + bad.length / 2,
    };
  }

  return {
    name: redis.name,
    async add(item, aliveMs) {
      await script(
        ADD,
        [itemKey(item.id), aliveKey(item.id), index],
        [
          base,
          JSON.stringify(item),
          Math.max(1, aliveMs),
          KEEP_MS,
          item.createdAt,
          item.id,
          accountKey(item),
          askerKey(item),
          item.state === "pending" ? 1 : 0,
        ],
      );
    },
    async beat(id, aliveMs) {
      await redis.command(["SET", aliveKey(id), "1", "PX", String(Math.max(1, aliveMs))]);
    },
    async get(id) {
      return parse(await redis.command(["GET", itemKey(id)]), id);
    },
    async list(limit) {
      const ids = (await redis.command(["ZREVRANGE", index, "0", String(limit - 1)])) as string[];
      if (ids.length === 0) return [];
      const raws = (await redis.command(["MGET", ...ids.map(itemKey)])) as unknown[];
      const bad: string[] = [];
      const items: InboxItem[] = [];
      for (const [i, raw] of raws.entries()) {
        if (raw === null || raw === undefined) continue;
        const read = readItem(raw, ids[i]);
        if (isItem(read)) items.push(read);
        else {
          logUnreadable(redis.name, ids[i]!, read.unreadable);
          bad.push(ids[i]!, read.unreadable);
        }
      }
      // Out of every list: the sweeper and the page read past them from now on.
      if (bad.length > 0) await script(QUARANTINE, [], [base, Date.now(), ...bad]).catch(() => {});
      return items;
    },
    async alive(id) {
      return (await redis.command(["EXISTS", aliveKey(id)])) === 1;
    },
    async decide(id, decision, graceMs, count = { needed: 1, prior: 0 }) {
      const [code, raw] = (await script(
        DECIDE,
        [itemKey(id), aliveKey(id)],
        [
          JSON.stringify(decision),
          graceMs,
          count.needed,
          count.prior,
          base,
          id,
          JSON.stringify(count.held ?? []),
          count.held ? "1" : "0",
        ],
      )) as [string, string];
      const item = parse(raw, id) ?? undefined;
      if (code === "ok" && item) return { ok: true, item };
      if (code === "ok") return { ok: false, code: "not-found" };
      return { ok: false, code: code as DecideRefusal, ...(item ? { item } : {}) };
    },
    async close(id, state, at) {
      return (await script(CLOSE, [itemKey(id)], [state, at, base, id])) === 1;
    },
    async redeem(id, at) {
      return (await script(REDEEM, [itemKey(id)], [at])) === 1;
    },
    async settle(id, outcome) {
      await script(SETTLE, [itemKey(id)], [JSON.stringify(outcome)]);
    },
    async mark(id, tag) {
      const set = await redis.command(["SET", `${base}:mark:${id}:${tag}`, "1", "NX", "PX", String(KEEP_MS)]);
      return set === "OK";
    },
    page: readPage,
    shutdown: () => redis.close(),
  };
}

// One audit line, chained: appended only while the head is the one the line names (processes
// racing on the stream retry with the head they are given back), so every line names the line
// before it in the stream, across processes. Redis' Lua has no sha256: the hash is made by the caller.
const APPEND = `
local head = redis.call('GET', KEYS[2])
if not head then head = '' end
if head ~= ARGV[1] then return {0, head} end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'entry', ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
return {1, id}`;

/** How many times an append retries when other processes keep appending first. */
const APPEND_TRIES = 50;

/** The audit trail as a Redis stream beside the fleet store, `<prefix>:inbox:audit`. */
function redisAudit(redis: RedisConnection): InboxAudit {
  const stream = `${redis.prefix}:inbox:audit`;
  const headKey = `${stream}:head`;
  return {
    name: `${redis.name} stream ${stream}`,
    async append(entry) {
      // The head is "<seq> <hash>"; none on a new stream (or one written before the chain).
      let head = ((await redis.command(["GET", headKey])) as string | null) ?? "";
      for (let i = 0; i < APPEND_TRIES; i++) {
        const [seq, hash] =
          head === "" ? [0, AUDIT_GENESIS] : [Number(head.split(" ")[0]), head.split(" ")[1]!];
        const line = chainedLine(entry, { seq, hash });
        const next = `${seq + 1} ${lineHash(line)}`;
        const [ok, value] = (await redis.command([
          "EVAL",
          APPEND,
          "2",
          stream,
          headKey,
          head,
          line,
          next,
          String(AUDIT_MAX),
        ])) as [number, string];
        if (ok === 1) return;
        head = value;
      }
      throw new Error(
        `The audit stream ${stream} kept moving: ${APPEND_TRIES} appends in a row were overtaken.`,
      );
    },
    async lines() {
      const rows = (await redis.command(["XRANGE", stream, "-", "+"])) as [string, string[]][];
      return rows.map(([, fields]) => fields[1] ?? "{}");
    },
    async read() {
      const rows = (await redis.command(["XRANGE", stream, "-", "+"])) as [string, string[]][];
      return rows.map(([, fields]) => JSON.parse(fields[1] ?? "{}") as InboxAuditEntry);
    },
    async since(cursor) {
      if (cursor === undefined) {
        const last = (await redis.command(["XREVRANGE", stream, "+", "-", "COUNT", "1"])) as [string][];
        return { entries: [], cursor: last[0]?.[0] ?? "0-0" };
      }
      const rows = (await redis.command([
        "XRANGE",
        stream,
        `(${cursor}`,
        "+",
        "COUNT",
        String(FOLLOW_BATCH),
      ])) as [string, string[]][];
      return {
        entries: rows.map(([, fields]) => JSON.parse(fields[1] ?? "{}") as InboxAuditEntry),
        cursor: rows.at(-1)?.[0] ?? cursor,
      };
    },
  };
}
