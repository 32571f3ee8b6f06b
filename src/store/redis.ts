import { createHash } from "node:crypto";
import { createClient } from "redis";
import { batchedScripts } from "./batch.js";
import { learnedClock } from "./clock.js";
import { redisRuleCounts } from "./counts.js";
import { BUMP, epochGuard, epochMemo, GET, SET_NX, USE_ONCE } from "./epoch.js";
import { redisLiveRecords } from "./live.js";
import { memoryStore } from "./memory.js";
import { redisPasskeyCounters } from "./passkey-counters.js";
import { redisApprovalRecords } from "./redis-approvals.js";
import {
  HEARD_RATE,
  PAUSE_RATE,
  RECORD_WRITE,
  RELEASE,
  TAKE_RATE,
  VIEW_BUDGET,
  VIEW_RATE,
} from "./scripts.js";
import { type AdStore, type BudgetView, type RateRule, StoreError } from "./types.js";

/** The part of a node-redis client (v5 or later) the store uses. */
export interface RedisClientLike {
  sendCommand(args: string[], options?: { timeout?: number }): Promise<unknown>;
  readonly isReady: boolean;
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  on(event: string, listener: (...args: any[]) => void): unknown;
  close?(): Promise<unknown>;
  destroy?(): void;
}

/** Options of {@link redisStore} besides the connection. */
export interface RedisStoreSettings {
  /** Prefix of every key. Default "adrails". */
  prefix?: string;
  /** How long the first operation waits for a connection. Default 2000 ms. */
  connectTimeoutMs?: number;
  /** How long any operation waits for Redis. Default 1000 ms. */
  commandTimeoutMs?: number;
  /**
   * When Redis fails or is too slow: "fail-closed" (default) refuses every call, with a hint
   * naming the store; "local" lets reads go on with this process's own limiter. Writes and
   * anything that needs single use always fail closed: nothing is sent.
   */
  onStoreError?: "fail-closed" | "local";
  /**
   * Use a Redis whose `maxmemory-policy` can evict adrails' keys (`volatile-*`, `allkeys-*` with a
   * `maxmemory` set). Off by default: the store then refuses every operation, naming the policy,
   * since an evicted retry-id ledger or live record could let a repeat create a second ad.
   */
  allowEviction?: boolean;
}

/**
 * Where the store keeps its state: a Redis URL (the store opens and owns the connection), or a
 * node-redis client you own (connected by the store if it is not yet; `close()` leaves it open).
 */
export type RedisStoreOptions = ({ url: string } | { client: RedisClientLike }) & RedisStoreSettings;

/**
 * A store in Redis (or Valkey, or any Redis-compatible service), so every process on the same
 * Redis shares one request rate per key, one pause after a 429, one write budget per account,
 * single-use approvals, the refusal ledger and in-flight claims. Pass it as
 * `createAdTools({ store })`. Keys hold hashes, never an API key, and every key expires.
 */
export function redisStore(options: RedisStoreOptions): AdStore {
  const prefix = options.prefix ?? "adrails";
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 1000;
  const owned = "url" in options;
  const name = owned ? `redis at ${hostOf(options.url)}` : "redis";
  const client: RedisClientLike = owned
    ? (createClient({
        url: options.url,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: connectTimeoutMs,
          // Keep trying in the background: when Redis is back, work resumes without a restart.
          reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000),
        },
      }) as unknown as RedisClientLike)
    : options.client;
  let lastError = "";
  // TIME once, then its offset from this process's monotonic clock while fresh (clock.ts).
  const time = learnedClock(() => records.clock());
  // node-redis reports connection trouble as events; without a listener they would crash the process.
  client.on("error", (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
    time.forget();
  });
  let connecting: Promise<unknown> | undefined;
  let everReady = false;
  let closed = false;

  const fail = (reason: string) =>
    new StoreError(name, `The shared store (${name}) is unavailable: ${reason}. Nothing was sent.`);

  async function ready(): Promise<void> {
    if (client.isReady) {
      everReady = true;
      return;
    }
    if (closed) throw fail("the store was closed");
    // A client passed in unconnected is connected here; closing it stays with its owner.
    if (!client.isOpen && !connecting) {
      connecting = client.connect().catch((error: unknown) => {
        lastError = error instanceof Error ? error.message : String(error);
      });
    }
    // Once connected, a lost connection fails at once while node-redis reconnects behind.
    if (everReady) throw fail(`not connected${lastError ? ` (${lastError})` : ""}`);
    if (!(await readyWithin(client, connectTimeoutMs)))
      throw fail(`no connection within ${connectTimeoutMs} ms`);
    everReady = true;
  }

  // Checked once per store, on the first operation: a Redis that may evict adrails' keys is
  // refused unless the caller opted in.
  let evictionChecked: Promise<void> | undefined;
  const checkEviction = async () => {
    if (options.allowEviction === true) return;
    const reply = client.sendCommand(["INFO", "memory"], { timeout: commandTimeoutMs });
    let info: string;
    try {
      info = String((await within(reply, commandTimeoutMs)) ?? "");
    } catch (error) {
      throw fail(
        `its eviction policy could not be read (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const policy = /maxmemory_policy:(\S+)/.exec(info)?.[1];
    const maxmemory = Number(/maxmemory:(\d+)/.exec(info)?.[1] ?? "0");
    if (policy === undefined) throw fail("its eviction policy could not be read (INFO memory gave none)");
    if (!evicts(policy, maxmemory)) return;
    throw new StoreError(
      name,
      `The shared store (${name}) can evict adrails' keys: its maxmemory-policy is ${policy} with maxmemory ${maxmemory} bytes, so the ledger of retry ids, live ads and approval requests could vanish under memory pressure and a repeat could create a second ad. Nothing was sent.`,
      "Tell the user the store needs maxmemory-policy noeviction (or no maxmemory) for adrails; pass allowEviction: true to redisStore only to accept that risk.",
    );
  };

  async function command(args: string[]): Promise<unknown> {
    await ready();
    evictionChecked ??= checkEviction().catch((error: unknown) => {
      evictionChecked = undefined;
      throw error;
    });
    await evictionChecked;
    const reply = client.sendCommand(args, { timeout: commandTimeoutMs });
    let result: { value: unknown } | undefined;
    try {
      result = await within(
        reply.then((value) => ({ value })),
        commandTimeoutMs,
      );
    } catch (error) {
      throw fail(error instanceof Error ? error.message : String(error));
    }
    if (!result) throw fail(`no answer within ${commandTimeoutMs} ms`);
    return result.value;
  }

  // Scripts go by their SHA1 once Redis knows them: a call then sends its keys and arguments, not
  // kilobytes of Lua for Redis to hash again. A Redis that forgot them (restart, SCRIPT FLUSH) gets
  // the text once more. Scripts asked for in the same turn go together as one (batch.ts).
  const known = new Set<string>();
  const script = batchedScripts(async (lua, sha, keys, args) => {
    const rest = [String(keys.length), ...keys, ...args];
    if (!known.has(sha)) {
      if (known.size >= 1024) known.clear();
      known.add(sha);
      return command(["EVAL", lua, ...rest]);
    }
    try {
      return await command(["EVALSHA", sha, ...rest]);
    } catch (error) {
      if (!(error instanceof StoreError) || !error.message.includes("NOSCRIPT")) throw error;
      return command(["EVAL", lua, ...rest]);
    }
  }, fail);

  const hashed = (kind: string, id: string) =>
    `${prefix}:${kind}:${createHash("sha256").update(id).digest("hex").slice(0, 40)}`;
  // One hash tag per bucket keeps its two keys in one slot of a cluster.
  const rateKeys = (bucket: string) => {
    const base = `${prefix}:rate:{${createHash("sha256").update(bucket).digest("hex").slice(0, 40)}}`;
    return [`${base}:m`, `${base}:l`];
  };
  const span = (rule: Pick<RateRule, "windowMs" | "marginMs">) => rule.windowMs + rule.marginMs;
  const ledger = epochGuard(
    name,
    epochMemo(`${owned ? name : "client"}\n${prefix}`, owned ? undefined : options.client),
    `${prefix}:epoch`,
    script,
  );

  const records = redisApprovalRecords(prefix, script);
  // Another connection may reach another host with another clock: the offset is learned again
  // (forgotten on "error" above too).
  for (const event of ["ready", "end"]) client.on(event, time.forget);

  const store: AdStore = {
    name,
    ...redisLiveRecords(command, hashed, script),
    ...redisPasskeyCounters(command, script, hashed),
    ...redisRuleCounts(script, prefix),
    ...records,
    clock: time.clock,
    ...(options.onStoreError === "local" ? { fallback: memoryStore() } : {}),

    async takeRate(bucket, rule, want) {
      const [granted, waitMs, seq, paused, run] = (await script(TAKE_RATE, rateKeys(bucket), [
        rule.limit,
        span(rule),
        rule.holdMs,
        want,
        rule.probeMs,
      ])) as [number, number, number, number, string];
      return { granted, waitMs, seq, run, ...(paused === 1 ? { paused: true } : {}) };
    },

    async heardRate(bucket, rule, heard) {
      const args: (string | number)[] = [span(rule), rule.holdMs, heard.run, heard.seq];
      if (heard.limit !== undefined && heard.remaining !== undefined && heard.resetMs !== undefined) {
        args.push(heard.limit, heard.remaining, Math.round(heard.resetMs), rule.limit, rule.windowMs);
      }
      await script(HEARD_RATE, rateKeys(bucket), args);
    },

    async pauseRate(bucket, ms) {
      await script(PAUSE_RATE, rateKeys(bucket), [Math.ceil(ms)]);
    },

    async viewRate(bucket) {
      const [used, pausedMs, limit, remaining, resetMs] = (await script(
        VIEW_RATE,
        rateKeys(bucket),
        [],
      )) as number[];
      return {
        used: used!,
        pausedMs: pausedMs!,
        ...(resetMs === undefined ? {} : { server: { limit: limit!, remaining: remaining!, resetMs } }),
      };
    },

    async recordWrite(account, limit, windowMs) {
      const key = hashed("writes", account);
      await script(RECORD_WRITE, [key, `${key}:n`], [limit, windowMs]);
    },

    async markBudgetSpent(account, ms) {
      await command(["SET", hashed("spent", account), "1", "PX", String(Math.max(1, Math.ceil(ms)))]);
    },

    async viewBudget(account, limit, windowMs): Promise<BudgetView> {
      const [used, resetMs] = (await script(
        VIEW_BUDGET,
        [hashed("writes", account), hashed("spent", account)],
        [limit, windowMs],
      )) as number[];
      return { used: used!, resetMs: resetMs! < 0 ? null : resetMs! };
    },

    async consume(id, expiresAtMs) {
      if (!Number.isFinite(expiresAtMs)) return false;
      return (await ledger(USE_ONCE, hashed("approval", id), [String(Math.floor(expiresAtMs))])) === 1;
    },

    async generation(slot) {
      const value = await ledger(GET, hashed("generation", slot), []);
      return value === "" ? 0 : Number(value);
    },

    async bumpGeneration(slot, expected, ttlMs) {
      const ms = String(Math.max(1, Math.ceil(ttlMs)));
      return (await ledger(BUMP, hashed("generation", slot), [String(expected), ms])) === 1;
    },

    async pinned(slot) {
      const value = await ledger(GET, hashed("pin", slot), []);
      return typeof value === "string" && value !== "" ? value : null;
    },

    async pin(slot, id, ttlMs) {
      await ledger(SET_NX, hashed("pin", slot), [id, String(Math.max(1, Math.ceil(ttlMs)))]);
    },

    async unpin(slot, id) {
      // Compare and delete in one step: the same script that releases a claim.
      await script(RELEASE, [hashed("pin", slot)], [id]);
    },

    async claim(key, ttlMs) {
      const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const ms = String(Math.max(1, Math.ceil(ttlMs)));
      // A claim only orders identical sends: losing one is harmless, so it is not relied on.
      const set = await ledger(SET_NX, hashed("claim", key), [token, ms], false);
      return set === 1 ? token : null;
    },

    async release(key, token) {
      await script(RELEASE, [hashed("claim", key)], [token]);
    },

    async close() {
      closed = true;
      if (!owned) return;
      if (client.isOpen) await client.close?.().catch(() => client.destroy?.());
      else client.destroy?.();
    },
  };
  return store;
}

/** True when Redis may evict keys that carry a TTL (every adrails key does) under this policy. */
function evicts(policy: string, maxmemory: number): boolean {
  return maxmemory > 0 && policy !== "noeviction";
}

/** host:port of a Redis URL, without user or password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || "localhost:6379";
  } catch {
    return "an unparsable URL";
  }
}

/** True once the client is ready, false when `ms` pass first. */
function readyWithin(client: RedisClientLike, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (client.isReady) resolve(true);
      else if (Date.now() >= deadline) resolve(false);
      else setTimeout(check, 10);
    };
    check();
  });
}

/** The promise's value, or undefined when `ms` pass first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
