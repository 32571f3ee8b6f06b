// The last signature counter seen of each passkey, for the verifier's check that an authenticator's
// counter only moves forward (a cloned authenticator shows up as a counter going back). A
// defence in depth, never the proof: the proof is the signature, checked with the people file's
// public key. Each store spreads these methods in.

/** The passkey counters of a store. Keys are hashed by the store like every other identifier. */
export interface PasskeyCounterStore {
  /** The value kept under `key`, or null. */
  passkeyCounter(key: string): Promise<string | null>;
  /** Sets `key` to `next` for `ttlMs` only if it still holds `expected` (null: nothing); true when set. */
  swapPasskeyCounter(key: string, expected: string | null, next: string, ttlMs: number): Promise<boolean>;
}

/** Passkey counters in this process's memory, each until it expires. */
export function memoryPasskeyCounters(): PasskeyCounterStore {
  const values = new Map<string, { value: string; until: number }>();
  const get = (key: string) => {
    const entry = values.get(key);
    return entry && entry.until > Date.now() ? entry.value : null;
  };
  return {
    async passkeyCounter(key) {
      return get(key);
    },
    async swapPasskeyCounter(key, expected, next, ttlMs) {
      if (get(key) !== expected) return false;
      values.set(key, { value: next, until: Date.now() + Math.max(1, ttlMs) });
      return true;
    },
  };
}

const SWAP = `
local cur = redis.call('GET', KEYS[1])
if (cur == false and ARGV[1] == '') or cur == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
`;

/** Passkey counters in Redis: the compare-and-set is one script, atomic across processes. */
export function redisPasskeyCounters(
  command: (args: string[]) => Promise<unknown>,
  script: (lua: string, keys: string[], args: (string | number)[]) => Promise<unknown>,
  hashed: (kind: string, id: string) => string,
): PasskeyCounterStore {
  return {
    async passkeyCounter(key) {
      const value = await command(["GET", hashed("passkey", key)]);
      return typeof value === "string" ? value : null;
    },
    async swapPasskeyCounter(key, expected, next, ttlMs) {
      const ms = Math.max(1, Math.ceil(ttlMs));
      return (await script(SWAP, [hashed("passkey", key)], [expected ?? "", next, ms])) === 1;
    },
  };
}
