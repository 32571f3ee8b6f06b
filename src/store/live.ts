// The record of ads that went live, per payload: read before a person is asked to approve an
// identical one, so they are told it exists. Kept apart from the rest of the store's state; each
// store spreads the methods in.

/** The live-ad record of a store. Keys are hashed by the store like every other identifier. */
export interface LiveRecordStore {
  /** Keeps `record` under `key` for `ttlMs`, replacing what was there. */
  noteLive(key: string, record: string, ttlMs: number): Promise<void>;
  /** The record under `key`, or null when there is none or it expired. */
  lastLive(key: string): Promise<string | null>;
  /**
   * Keeps `{"adId":…,"at":…}` under `key` for `ttlMs`, `at` read from the store's clock, unless the
   * record there already names `adId` (a replay keeps when the ad first went live). One step.
   */
  noteLiveOnce(key: string, adId: string, ttlMs: number): Promise<void>;
}

/** True when `record` names the ad `adId`. */
const names = (record: string | null, adId: string) => {
  if (record === null) return false;
  try {
    return (JSON.parse(record) as { adId?: unknown }).adId === adId;
  } catch {
    return false;
  }
};

/** KEYS: record. ARGV: ad id, ttl ms. */
const NOTE_LIVE_ONCE = `
local prev = redis.call('GET', KEYS[1])
if prev then
  local ok, r = pcall(cjson.decode, prev)
  if ok and type(r) == 'table' and r.adId == ARGV[1] then return 0 end
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('SET', KEYS[1], '{"adId":' .. cjson.encode(ARGV[1]) .. ',"at":' .. string.format('%d', now) .. '}', 'PX', ARGV[2])
return 1
`;

/**
 * The live-ad record in this process's memory: the newest `max` entries, each until it expires;
 * `now` is the store's clock.
 */
export function memoryLiveRecords(max = 10_000, now: () => number = () => Date.now()): LiveRecordStore {
  const records = new Map<string, { value: string; until: number }>();
  const live: LiveRecordStore = {
    async noteLiveOnce(key, adId, ttlMs) {
      if (names(await live.lastLive(key), adId)) return;
      await live.noteLive(key, JSON.stringify({ adId, at: now() }), ttlMs);
    },
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
  return live;
}

/** The live-ad record in Redis, through the store's own command path and key hashing. */
export function redisLiveRecords(
  command: (args: string[]) => Promise<unknown>,
  hashed: (kind: string, id: string) => string,
  script: (lua: string, keys: string[], args: (string | number)[]) => Promise<unknown>,
): LiveRecordStore {
  return {
    async noteLiveOnce(key, adId, ttlMs) {
      await script(NOTE_LIVE_ONCE, [hashed("live", key)], [adId, Math.max(1, Math.ceil(ttlMs))]);
    },
    async noteLive(key, record, ttlMs) {
      await command(["SET", hashed("live", key), record, "PX", String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    async lastLive(key) {
      // A script, so the read joins the round trip of the steps asked for with it.
      const value = await script("return redis.call('GET', KEYS[1])", [hashed("live", key)], []);
      return typeof value === "string" ? value : null;
    },
  };
}
