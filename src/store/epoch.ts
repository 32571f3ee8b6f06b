import { randomId } from "../hashing.js";
import { StoreError } from "./types.js";

// A store that restarts empty (or evicts adrails keys) forgets refusal generations and pins: a
// repeat would then go out under an id the service never saw, and create a second ad. Every
// ledger operation checks the store's epoch marker, written at its first use and never expiring:
// when it is gone or changed, the state this process relied on is gone, and the changes it knew
// fail closed instead of moving to fresh ids.

/**
 * Wraps a ledger script: KEYS[1] is the marker, ARGV[1] the epoch expected ('' when none is known
 * yet), ARGV[2] a fresh epoch to write when the marker is missing. The body sees its own keys and
 * arguments as K and A, and returns one value. Returns {1, epoch, value} when the marker holds the
 * expected epoch (or none was expected), {0, epoch} when the store lost its state.
 */
export const withEpoch = (body: string) => `
local current = redis.call('GET', KEYS[1])
local lost = ARGV[1] ~= '' and current ~= ARGV[1]
if not current then
  current = ARGV[2]
  redis.call('SET', KEYS[1], current)
end
if lost then return {0, current} end
local K, A = {}, {}
for i = 2, #KEYS do K[i - 1] = KEYS[i] end
for i = 3, #ARGV do A[i - 2] = ARGV[i] end
local function run()
${body}
end
return {1, current, run()}
`;

/** GET, '' when absent (a value table cannot hold nil). */
export const GET = `return redis.call('GET', K[1]) or ''`;

/** SET NX PX: 1 when set. */
export const SET_NX = `if redis.call('SET', K[1], A[1], 'NX', 'PX', A[2]) then return 1 end
return 0`;

/** Moves a generation on from the expected one: 1 when moved. */
export const BUMP = `local current = tonumber(redis.call('GET', K[1])) or 0
if current ~= tonumber(A[1]) then return 0 end
redis.call('SET', K[1], current + 1, 'PX', A[2])
return 1`;

/** One use of an approval while it is valid on the store's clock: 1 when this was the first. */
export const USE_ONCE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expires = tonumber(A[1])
if expires <= now then return 0 end
if redis.call('SET', K[1], 1, 'NX', 'PX', expires - now) then return 1 end
return 0`;

const SUSPECT_MAX = 100_000;
const TOUCHED_MAX = 100_000;

/**
 * What one process knows of a store's epoch, shared by every store instance of the process on
 * the same Redis and prefix (a new toolkit on a new client still knows what the old one relied on).
 */
interface EpochMemo {
  epoch: string;
  /** Keys this process read or wrote under the known epoch, newest last. */
  touched: Set<string>;
  /** Keys touched before a loss: their state is gone, so changes on them fail closed. */
  suspect: Set<string>;
}

const memos = new Map<string, EpochMemo>();
const clientMemos = new WeakMap<object, Map<string, EpochMemo>>();

/**
 * The epoch memo for a store's identity in this process: its name and prefix, or for a client
 * passed in (whose server the store cannot name), that client and the prefix.
 */
export function epochMemo(identity: string, client?: object): EpochMemo {
  let byIdentity = memos;
  if (client) {
    byIdentity = clientMemos.get(client) ?? new Map();
    clientMemos.set(client, byIdentity);
  }
  let memo = byIdentity.get(identity);
  if (!memo) {
    memo = { epoch: "", touched: new Set(), suspect: new Set() };
    byIdentity.set(identity, memo);
  }
  return memo;
}

/** The ledger side of a store: runs epoch-checked scripts and fails closed on lost keys. */
export function epochGuard(
  storeName: string,
  memo: EpochMemo,
  markerKey: string,
  script: (lua: string, keys: string[], args: string[]) => Promise<unknown>,
) {
  const lostError = () =>
    new StoreError(
      storeName,
      `The shared store (${storeName}) lost its state since this process used it for this change (it restarted empty, or evicted adrails keys), so it no longer knows whether an earlier attempt was applied. Nothing was sent.`,
      "Do not repeat this change: a repeat could create it twice. Tell the user an earlier attempt may already have been applied: check the account (for example list the ads) before doing it again, in a new session. The store needs persistence and an eviction policy that keeps adrails keys.",
    );

  const add = (set: Set<string>, key: string, max: number) => {
    set.delete(key);
    if (set.size >= max) set.delete(set.values().next().value!);
    set.add(key);
  };

  /** Runs `body` on `key` under the known epoch; `track` records the key as relied on. */
  return async function checked(body: string, key: string, args: string[], track = true): Promise<unknown> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (memo.suspect.has(key)) throw lostError();
      const reply = (await script(withEpoch(body), [markerKey, key], [memo.epoch, randomId(), ...args])) as [
        number,
        string,
        unknown?,
      ];
      const [ok, epoch] = reply;
      if (ok === 1) {
        memo.epoch = epoch;
        if (track) add(memo.touched, key, TOUCHED_MAX);
        return reply[2];
      }
      // Lost: everything relied on before is suspect; the new epoch holds for what comes next.
      for (const old of memo.touched) add(memo.suspect, old, SUSPECT_MAX);
      memo.touched.clear();
      memo.epoch = epoch;
    }
    throw lostError();
  };
}
