import { execFileSync } from "node:child_process";
import { createClient } from "redis";

// The actor "anyone who can write Redis": a separate process holding only the Redis URL
// (redis-cli), which reads and rewrites what the fleet keeps there.

/** Runs one Redis command in a `redis-cli` child process; its reply as text. */
export function redisCli(url: string, ...args: string[]): string {
  return execFileSync("redis-cli", ["-u", url, ...args], { encoding: "utf8" }).trim();
}

/** The store key of approval request `id`'s record (a hash), found as an outsider would. */
export async function recordKey(url: string, id: string): Promise<string> {
  const client = createClient({ url });
  await client.connect();
  try {
    for (const key of await client.keys("*:apr:*")) {
      if ((await client.type(key)) !== "hash") continue;
      const rec = await client.hGet(key, "rec");
      if (rec?.includes(`"${id}"`)) return key;
    }
    throw new Error(`no record of ${id} in Redis`);
  } finally {
    await client.close();
  }
}

/** The inbox item of request `id`, and a way to write it back (keeping its expiry). */
export async function inboxItem(url: string, id: string) {
  const client = createClient({ url });
  await client.connect();
  const [key] = await client.keys(`*inbox:item:${id}`);
  const item = JSON.parse((await client.get(key!))!);
  return {
    item,
    async write(next: unknown) {
      await client.set(key!, JSON.stringify(next), { KEEPTTL: true });
      await client.close();
    },
    close: () => client.close(),
  };
}

/**
 * Writes `approval` into inbox item `id`'s recorded approvals with `redis-cli`, as anyone holding
 * the Redis URL can (the item keeps its expiry).
 */
export function plantApproval(url: string, id: string, approval: Record<string, unknown>): void {
  const [key] = redisCli(url, "--scan", "--pattern", `*inbox:item:${id}`).split("\n");
  if (!key) throw new Error(`no inbox item ${id} in Redis`);
  const item = JSON.parse(redisCli(url, "GET", key));
  item.approvals = [...(item.approvals ?? []), approval];
  redisCli(url, "SET", key, JSON.stringify(item), "KEEPTTL");
}
