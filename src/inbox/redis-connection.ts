import type { RedisClientLike } from "../store/redis.js";
import { StoreError } from "../store/types.js";

/** Where the inbox keeps its state in Redis: a URL (opened and owned here) or a client you own. */
export type InboxRedisOptions = ({ url: string } | { client: RedisClientLike }) & {
  /** Prefix of every key, the same as the fleet store's. Default "adrails". */
  prefix?: string;
  /** How long any operation waits for Redis. Default 1000 ms. */
  commandTimeoutMs?: number;
};

/** One Redis connection with bounded waits; every failure is a StoreError naming the store. */
export interface RedisConnection {
  readonly name: string;
  readonly prefix: string;
  command(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Opens (lazily) the connection the inbox queue and audit share. */
export function redisConnection(options: InboxRedisOptions): RedisConnection {
  const prefix = options.prefix ?? "adrails";
  const timeoutMs = options.commandTimeoutMs ?? 1000;
  const owned = "url" in options;
  const name = owned ? `redis at ${hostOf(options.url)}` : "redis";
  let client: RedisClientLike | undefined = owned ? undefined : options.client;
  let opening: Promise<RedisClientLike> | undefined;
  let lastError = "";
  const fail = (reason: string) =>
    new StoreError(name, `The shared store (${name}) is unavailable: ${reason}.`);

  async function open(): Promise<RedisClientLike> {
    if (client) return client;
    opening ??= (async () => {
      // Loaded only when a Redis inbox is used: redis is an optional peer dependency.
      const { createClient } = await import("redis");
      const created = createClient({
        url: (options as { url: string }).url,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: timeoutMs * 2,
          reconnectStrategy: (n: number) => Math.min(50 * 2 ** n, 1000),
        },
      }) as unknown as RedisClientLike;
      created.on("error", (error: unknown) => {
        lastError = error instanceof Error ? error.message : String(error);
      });
      client = created;
      return created;
    })();
    return opening;
  }

  async function ready(c: RedisClientLike): Promise<void> {
    if (c.isReady) return;
    if (!c.isOpen) c.connect().catch(() => {});
    const deadline = Date.now() + timeoutMs * 2;
    while (!c.isReady) {
      if (Date.now() >= deadline) throw fail(`not connected${lastError ? ` (${lastError})` : ""}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    name,
    prefix,
    async command(args) {
      const c = await open();
      await ready(c);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(fail(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        return await Promise.race([c.sendCommand(args, { timeout: timeoutMs }), late]);
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw fail(error instanceof Error ? error.message : String(error));
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (!owned || !client) return;
      if (client.isOpen) await client.close?.().catch(() => client?.destroy?.());
      else client.destroy?.();
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || "localhost:6379";
  } catch {
    return "an unparsable URL";
  }
}
