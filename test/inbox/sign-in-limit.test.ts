// The sign-in backoff on a clock of the test's own: how many guesses an online attacker gets
// compared in an hour (the rates docs/inbox.md states), and that the owner still gets in.
import { describe, expect, it } from "vitest";
import { addressKey, createSignInLimit } from "../../src/inbox/sign-in-limit.js";

const HOUR = 3600_000;

/**
 * An attacker guessing every 4-digit code as fast as the limit lets it (it waits exactly as told),
 * from `addresses` addresses in turn, for `ms`: how many guesses were compared, and whether one hit.
 */
function attack(addresses: string[], secret: string, ms: number) {
  let clock = 0;
  const limit = createSignInLimit({ now: () => clock });
  let compared = 0;
  let found = false;
  let guess = 0;
  let turn = 0;
  while (clock < ms && guess < 10_000 && !found) {
    // The address that can try soonest.
    let best = addresses[turn % addresses.length]!;
    let wait = limit.waitMs(best);
    for (const a of addresses) {
      if (wait === 0) break;
      const w = limit.waitMs(a);
      if (w < wait) [best, wait] = [a, w];
    }
    turn++;
    if (wait > 0) {
      clock += wait;
      continue;
    }
    compared++;
    const code = String(guess++).padStart(4, "0");
    if (code === secret) found = true;
    else limit.fail(best);
    clock += 1; // a guess takes at least a millisecond
  }
  return { compared, found, limit, at: () => clock };
}

describe("sign-in backoff (documented rates)", () => {
  it("one address: 5 wrong tries, then waits of 1 s doubling to 60 s: at most 70 guesses an hour", () => {
    const { compared, found } = attack(["203.0.113.7"], "7391", HOUR);
    expect(found).toBe(false);
    expect(compared).toBeLessThanOrEqual(70);
    expect(compared).toBeGreaterThanOrEqual(60);
  });

  it("a thousand addresses: 20 wrong tries in all, then at most one a second (two lanes of one each 2 s)", () => {
    const addresses = Array.from({ length: 1000 }, (_, i) => `198.51.${i >> 8}.${i & 255}`);
    const { compared, found } = attack(addresses, "9999", HOUR);
    expect(found).toBe(false);
    expect(compared).toBeLessThanOrEqual(20 + 3600 + 2);
  });

  it("a 4-digit token falls within the stated time only: all 10,000 codes take over a day from one address", () => {
    const { compared, found, at } = attack(["203.0.113.7"], "9999", 400 * HOUR);
    expect(found).toBe(true);
    expect(compared).toBe(10_000);
    expect(at()).toBeGreaterThan(24 * HOUR);
  });

  it("the owner elsewhere is compared at once during an attack; at the attacked address, after the wait", () => {
    let clock = 0;
    const limit = createSignInLimit({ now: () => clock });
    for (let i = 0; i < 40; i++) {
      clock += limit.waitMs("203.0.113.7");
      limit.fail("203.0.113.7");
    }
    // Another address that has not failed waits for its own lane only: at most 2 s, not the attacker's minute.
    expect(limit.waitMs("192.0.2.10")).toBeLessThanOrEqual(2000);
    // The attacked address waits at most a minute.
    const wait = limit.waitMs("203.0.113.7");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    clock += wait;
    expect(limit.waitMs("203.0.113.7")).toBe(0);
    // 15 quiet minutes forgive the address.
    limit.fail("203.0.113.7");
    clock += 15 * 60_000;
    expect(limit.waitMs("203.0.113.7")).toBe(0);
  });

  it("an IPv6 host is one address however many of its /64 it uses; IPv4-mapped is IPv4", () => {
    expect(addressKey("2001:db8:1:2::5")).toBe(addressKey("2001:db8:1:2:ffff:1:2:3"));
    expect(addressKey("2001:db8:1:2::5")).not.toBe(addressKey("2001:db8:1:3::5"));
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    const clock = 0;
    const limit = createSignInLimit({ now: () => clock });
    for (let i = 0; i < 5; i++) limit.fail(`2001:db8::${i + 1}`);
    expect(limit.waitMs("2001:db8::99")).toBeGreaterThan(0);
  });
});
