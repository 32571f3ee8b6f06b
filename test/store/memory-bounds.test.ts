import { describe, expect, it } from "vitest";
import { ExpiringMap, MEMORY_MAX_ENTRIES } from "../../src/store/expiring.js";
import { memoryStore, StoreError } from "../../src/store/index.js";

describe("memory store maps: bounded, with expiry", () => {
  it("an entry is forgotten at its expiry", () => {
    const map = new ExpiringMap<string>("claims", true, 10);
    map.set("a", "x", 1_000, 0);
    expect(map.get("a", 999)).toBe("x");
    expect(map.get("a", 1_000)).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it("a map that may forget drops its oldest entry when full of live ones", () => {
    const map = new ExpiringMap<number>("claims", true, 3);
    for (const [i, key] of ["a", "b", "c", "d"].entries()) map.set(key, i, 10_000, 0);
    expect(map.size).toBe(3);
    expect(map.get("a", 1)).toBeUndefined();
    expect(map.get("d", 1)).toBe(3);
  });

  it("a full map makes room from expired entries first, whatever kind it is", () => {
    const map = new ExpiringMap<number>("pins", false, 2);
    map.set("old", 1, 10, 0);
    map.set("live", 2, 10_000, 0);
    map.set("new", 3, 10_000, 20);
    expect(map.get("live", 30)).toBe(2);
    expect(map.get("new", 30)).toBe(3);
  });

  it("a ledger whose loss could send a change twice refuses a new entry when full, with a clear error", () => {
    const map = new ExpiringMap<string>("changes with an unknown outcome", false, 2);
    map.set("a", "1", 10_000, 0);
    map.set("b", "2", 10_000, 0);
    expect(() => map.set("c", "3", 10_000, 0)).toThrow(StoreError);
    try {
      map.set("c", "3", 10_000, 0);
    } catch (error) {
      expect((error as StoreError).message).toMatch(/Nothing was sent/);
      expect((error as StoreError).hint).toMatch(/shared store/);
    }
    // What it holds is kept: the pins still answer.
    expect(map.get("a", 1)).toBe("1");
  });

  it(`the memory store holds at most ${MEMORY_MAX_ENTRIES} claims, and fails closed on pins past that`, async () => {
    const store = memoryStore();
    for (let i = 0; i <= MEMORY_MAX_ENTRIES; i++) await store.claim(`c${i}`, 60_000);
    // The oldest claim was forgotten to make room: it can be taken again.
    expect(await store.claim("c0", 60_000)).not.toBeNull();
    for (let i = 0; i < MEMORY_MAX_ENTRIES; i++) await store.pin(`p${i}`, "adr_x", 60_000);
    await expect(store.pin("one-more", "adr_y", 60_000)).rejects.toBeInstanceOf(StoreError);
    expect(await store.pinned("p0")).toBe("adr_x");
  });
});
