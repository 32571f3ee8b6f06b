// The record of ads that went live, per payload: read before a person is asked to approve an
// identical one, so they are told it exists. Kept apart from the rest of the store's state; each
// store spreads the methods in.

/** The live-ad record of a store. Keys are hashed by the store like every other identifier. */
export interface LiveRecordStore {
  /** Keeps `record` under `key` for `ttlMs`, replacing what was there. */
  noteLive(key: string, record: string, ttlMs: number): Promise<void>;
  /** The record under `key`, or null when there is none or it expired. */
  lastLive(key: string): Promise<string | null>;
}

/** The live-ad record in this process's memory: the newest `max` entries, each until it expires. */
export function memoryLiveRecords(max = 10_000): LiveRecordStore {
  const records = new Map<string, { value: string; until: number }>();
  return {
    async noteLive(key, record, ttlMs) {
      const now = Date.now();
      records.delete(key);
      records.set(key, { value: record, until: now + Math.max(1, ttlMs) });
      // Maps iterate in insertion order: expired and then the oldest entries go first.
      for (const [k, entry] of records) {
        if (records.size <= max && entry.until > now) break;
        records.delete(k);
      }
    },
    async lastLive(key) {
      const entry = records.get(key);
      return entry && entry.until > Date.now() ? entry.value : null;
    },
  };
}

/** The live-ad record in Redis, through the store's own command path and key hashing. */
export function redisLiveRecords(
  command: (args: string[]) => Promise<unknown>,
  hashed: (kind: string, id: string) => string,
): LiveRecordStore {
  return {
    async noteLive(key, record, ttlMs) {
      await command(["SET", hashed("live", key), record, "PX", String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    async lastLive(key) {
      const value = await command(["GET", hashed("live", key)]);
      return typeof value === "string" ? value : null;
    },
  };
}
