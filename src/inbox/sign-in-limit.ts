import { isIPv6 } from "node:net";

/** Options of {@link createSignInLimit}; the defaults are the documented rates (docs/inbox.md). */
export interface SignInLimitOptions {
  /** Wrong tries one address makes before each next try waits. Default 5. */
  perAddress?: number;
  /** Wrong tries of every address together before each next one waits. Default 20. */
  global?: number;
  /** Wrong tries older than this are forgotten once an address (or everyone) has been quiet that long. Default 15 min. */
  windowMs?: number;
  /** The longest wait of one address: the first is 1 s, each next wrong try doubles it up to this. Default 60 s. */
  maxWaitMs?: number;
  /**
   * Past the global count, one wrong try a period this long from addresses that failed before,
   * and one from addresses that did not (so a person at another address still gets a turn):
   * at most two a period in all. Default 2 s.
   */
  globalEveryMs?: number;
  /** The clock (tests give their own). */
  now?: () => number;
}

interface Tries {
  count: number;
  last: number;
}

/**
 * The key of an address: IPv6 by its /64 (one host holds a whole /64), IPv4-mapped as IPv4.
 * Loopback stays one address: local processes share it with the person.
 */
export function addressKey(address: string): string {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  if (!isIPv6(plain)) return plain;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = plain.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/**
 * How fast sign-in tries are compared with the token. A try that arrives while its address (or
 * everyone) must wait is answered without being compared, the right token too: otherwise the
 * answer to a guess would tell it was right whatever the limit. The right token works again once
 * the wait is over (at most {@link SignInLimitOptions.maxWaitMs}); an address that has not
 * failed within the window waits only for its own lane of the global limit, not for the others.
 */
export function createSignInLimit(options: SignInLimitOptions = {}) {
  const perAddress = options.perAddress ?? 5;
  const global = options.global ?? 20;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const globalEveryMs = options.globalEveryMs ?? 2000;
  const now = options.now ?? Date.now;
  const byAddress = new Map<string, Tries>();
  let all: Tries = { count: 0, last: 0 };
  // The last wrong try past the global count from an address that had failed before, and from one that had not.
  const lane = { known: 0, fresh: 0 };
  const recent = (tries: Tries | undefined, at: number): Tries =>
    tries && at - tries.last < windowMs ? tries : { count: 0, last: 0 };

  return {
    /** Milliseconds before a try from `address` is compared; 0: now. */
    waitMs(address: string): number {
      const at = now();
      const mine = recent(byAddress.get(addressKey(address)), at);
      let until = 0;
      if (mine.count >= perAddress) {
        until = mine.last + Math.min(maxWaitMs, 1000 * 2 ** (mine.count - perAddress));
      }
      const everyone = recent(all, at);
      if (everyone.count >= global) {
        until = Math.max(until, (mine.count > 0 ? lane.known : lane.fresh) + globalEveryMs);
      }
      return Math.max(0, until - at);
    },
    /** A compared try was wrong. */
    fail(address: string): void {
      const at = now();
      const key = addressKey(address);
      const mine = recent(byAddress.get(key), at);
      byAddress.delete(key);
      byAddress.set(key, { count: mine.count + 1, last: at });
      // The oldest addresses go first; one that comes back starts its count again.
      if (byAddress.size > 100_000) byAddress.delete(byAddress.keys().next().value as string);
      const everyone = recent(all, at);
      if (everyone.count >= global) lane[mine.count > 0 ? "known" : "fresh"] = at;
      all = { count: everyone.count + 1, last: at };
    },
  };
}
