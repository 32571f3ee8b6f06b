import { performance } from "node:perf_hooks";

// A guarded launch asks for the store's clock several times (the rules' day, the ask, the answer,
// the verifier), each a Redis TIME of its own: a round trip for a number that moves in step with
// this process's monotonic clock. So the offset between a TIME reply and performance.now() is kept
// and the clock answered from it while it is fresh; Date.now() is never the base (a process whose
// wall clock is wrong must still read the store's).
//
// The reply is taken as arriving when its promise settles, so the value answered is a lower bound
// of the server's time, stale by what a TIME read is stale by when its reply is used: the time
// since Redis ran it, at worst one round trip (plus the batch's turn). Never ahead of the server:
// an ask time from here is never later than a live ad Redis records after it. Kept for
// `REUSE_MS` only, and forgotten when the connection drops or is made again (a restarted Redis or a
// failover to another host brings another clock), and when this process's wall clock moved
// differently from its monotonic one (a suspended machine: the monotonic clock stood still).

/** How long a TIME reply answers the clock. */
export const REUSE_MS = 1000;

/** Rate error allowed between this machine's monotonic clock and the server's (0.1%: NTP slews at most 0.05%). */
const DRIFT = 1e-3;

/** The store's clock from `readTime` (server ms), read again only when the offset is stale. */
export interface LearnedClock {
  clock(): Promise<number>;
  /** Drops the offset: the next clock reads TIME. */
  forget(): void;
}

export function learnedClock(readTime: () => Promise<number>): LearnedClock {
  let learned: { server: number; mono: number; wall: number } | undefined;
  // Bumped by forget(): a TIME read that was in flight across a reconnect teaches nothing.
  let era = 0;

  const fromOffset = (): number | undefined => {
    if (!learned) return undefined;
    const mono = performance.now() - learned.mono;
    const wall = Date.now() - learned.wall;
    // The wall clock is only a witness: it must have moved about as far, or the machine slept.
    if (mono < 0 || mono >= REUSE_MS || wall < -50 || wall >= REUSE_MS + 50 || Math.abs(wall - mono) > 50)
      return undefined;
    return Math.floor(learned.server + mono * (1 - DRIFT));
  };

  return {
    async clock() {
      const known = fromOffset();
      if (known !== undefined) return known;
      const at = era;
      const server = await readTime();
      if (at === era) learned = { server, mono: performance.now(), wall: Date.now() };
      return server;
    },
    forget() {
      era++;
      learned = undefined;
    },
  };
}
