import { describe, expect, it } from "vitest";
import { counterProblem, storePasskeyCounters } from "../../src/guards/approval/passkey-counter.js";
import { keyScoped } from "../../src/store/index.js";
import { bothStores } from "./both-stores.js";

// The last signature counter of each passkey, kept by a compare-and-set that holds across
// processes: of several checks racing to record a newer use, one wins; a use whose counter goes
// back against the decision times is refused; the same assertion checked again is not a new use.

const { kinds, fresh } = bothStores();

describe.each(kinds)("%s store", (_kind, make) => {
  it("swaps a passkey counter only from the value it still holds", async () => {
    const store = make();
    const key = fresh("passkey");
    expect(await store.passkeyCounter!(key)).toBeNull();
    expect(await store.swapPasskeyCounter!(key, "x", "a", 60_000)).toBe(false);
    expect(await store.swapPasskeyCounter!(key, null, "a", 60_000)).toBe(true);
    expect(await store.swapPasskeyCounter!(key, null, "b", 60_000)).toBe(false);
    const results = await Promise.all(
      ["b", "c", "d", "e"].map((next) => store.swapPasskeyCounter!(key, "a", next, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(["b", "c", "d", "e"]).toContain(await store.passkeyCounter!(key));
  });

  it("refuses a counter that goes back, in any order of redemption, and one key's counter is every key's", async () => {
    const store = make();
    // Two API keys' views of one store: a person's passkey is the same device for both.
    const one = storePasskeyCounters(keyScoped(store, "key-one"))!;
    const two = storePasskeyCounters(keyScoped(store, "key-two"))!;
    const credential = fresh("credential");
    expect(await counterProblem(one, credential, { counter: 5, at: 1000, signature: "s5" })).toBeUndefined();
    // The same assertion again; an older decision with a lower counter, redeemed late.
    expect(await counterProblem(two, credential, { counter: 5, at: 1000, signature: "s5" })).toBeUndefined();
    expect(await counterProblem(two, credential, { counter: 3, at: 900, signature: "s3" })).toBeUndefined();
    // A later decision at or below the counter seen; an earlier one above it; a counter back to 0.
    expect(await counterProblem(two, credential, { counter: 5, at: 2000, signature: "x" })).toMatch(
      /went backwards/,
    );
    expect(await counterProblem(one, credential, { counter: 9, at: 500, signature: "y" })).toMatch(
      /went backwards/,
    );
    expect(await counterProblem(one, credential, { counter: 0, at: 3000, signature: "z" })).toMatch(
      /went backwards/,
    );
    expect(await counterProblem(one, credential, { counter: 6, at: 2000, signature: "s6" })).toBeUndefined();
    // An authenticator that keeps no counter says 0 every time.
    const none = fresh("credential");
    for (const at of [1, 2, 3])
      expect(await counterProblem(one, none, { counter: 0, at, signature: `n${at}` })).toBeUndefined();
  });
});
