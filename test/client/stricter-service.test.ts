import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { memoryStore } from "../../src/store/index.js";

// The service allows 10 requests per second while the client is left at its default 60 a minute,
// as when another client spends most of the key. 60 reads fit the client's own minute, so the
// service's limit is the one that governs; bench/stricter.ts prints the 100-read case (over a minute).
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ rateLimit: { limit: 10, windowMs: 1000 } });
});
afterAll(() => sim?.close());

describe("a service stricter than the configured limit", () => {
  it("a burst of 60 reads in one step: all ok, the limit learned from the first answer, not from 429s", async () => {
    const client = createClient({ apiKey: sim.apiKey, baseUrl: sim.url, store: memoryStore() });
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => client.call("list-accounts", {})));
    expect(outcomes.map((o) => o.kind)).toEqual(Array(60).fill("success"));
    const onWire = sim.control.requests().filter((r) => r.tool !== null);
    expect(onWire.filter((r) => r.status === 429).length).toBeLessThanOrEqual(10);
    expect(onWire.filter((r) => r.status === 200)).toHaveLength(60);
    expect(client.rateLimit().server).toMatchObject({ limit: 10 });
  }, 60_000);
});
