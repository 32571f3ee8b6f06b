import { afterAll, describe, expect, it } from "vitest";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import { startFleetProcess } from "./fleet-process.js";
import { unique, useWorld } from "./support.js";

// Issue 29, sequence 8: clocks of a fleet's processes differ by 5 s. Process A (an AI SDK chat
// route), whose clock runs 5 s ahead, shows its person the form for an ACTIVE push (no identical
// ad is live); the answer is redeemed by the same process, so its own ask time is known. Meanwhile
// process B, on the right clock, puts the identical ad live. A's person, never told of it, approves.
// On the base commit A compares B's "went live" time with its own ask time, sees the ad as live
// before the ask (so, it assumes, named on the form) and launches a second ad. Safe outcome: one
// clock for the fleet (the store's): A's approval is refused and nothing is sent for it.

const w = useWorld({ redis: true, cli: true });
const stores: ReturnType<typeof redisStore>[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

describe("sequence 8: a 5 s clock skew between two processes on one Redis", { timeout: 40_000 }, () => {
  it.each([
    ["5 s ahead", 5000],
    ["5 s behind", -5000],
    ["right (control)", 0],
  ])(
    "A's clock %s: the identical ad launched while its person was asked is not launched again",
    async (_, skewMs) => {
      const headline = unique(`Clock skew ${skewMs}`);
      const input = w.push(headline);
      const a = startFleetProcess("ai-sdk", {
        url: w.sim.url,
        apiKey: w.sim.apiKey,
        redisUrl: w.redis.url,
        skewMs,
        input,
      });
      try {
        const shown = await a.asked();
        expect(shown.previousLive).toBeUndefined();
        // Process B (this one, on the right clock) launches the identical ad, its person approving.
        const store = redisStore({ url: w.redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
        stores.push(store);
        const b = createAdTools({
          apiKey: w.sim.apiKey,
          baseUrl: w.sim.url,
          rateLimit: false,
          retry: { maxRetries: 0 },
          store,
          confirm: () => ({ approved: true, text: "I, Sam, approve this ad going live." }),
        });
        const launched = await b.call("push-creative", input);
        expect(launched, JSON.stringify(launched)).toMatchObject({ ok: true });
        expect(w.live(headline)).toBe(1);
        // A's person approves the form they saw, which said nothing of B's ad.
        a.answer("yes");
        const result = await a.result();
        expect(w.live(headline), JSON.stringify(result)).toBe(1);
        expect(result).toMatchObject({ ok: false, status: null });
        expect(w.sent(headline)).toHaveLength(1);
      } finally {
        a.kill();
      }
    },
  );
});
