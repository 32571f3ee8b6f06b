import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, SOURCE, startSimulator } from "../../src/sim/index.js";
import { call } from "./helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: "auth" });
});
afterAll(() => sim.close());

describe("authentication (spec 5.6)", () => {
  const bare401 = (answer: { status: number; body: any }) => {
    expect(answer.status).toBe(401);
    expect(Object.keys(answer.body)).toEqual(["error"]);
    expect(typeof answer.body.error).toBe("string");
  };

  it("refuses a missing key with a bare 401", async () => {
    bare401(await call(sim, "list-accounts", {}, { key: null }));
  });

  it("refuses malformed headers and keys", async () => {
    bare401(await call(sim, "list-accounts", {}, { key: null, headers: { authorization: sim.apiKey } }));
    bare401(
      await call(sim, "list-accounts", {}, { key: null, headers: { authorization: `Basic ${sim.apiKey}` } }),
    );
    bare401(await call(sim, "list-accounts", {}, { key: "sk_live_notakey" }));
    bare401(await call(sim, "list-accounts", {}, { key: "adk_" }));
  });

  it("refuses an unknown, a revoked and an expired key, and a deactivated account", async () => {
    bare401(await call(sim, "list-accounts", {}, { key: `adk_${"x".repeat(32)}` }));
    bare401(await call(sim, "list-accounts", {}, { key: sim.keys.revoked }));
    bare401(await call(sim, "list-accounts", {}, { key: sim.keys.expired }));
    bare401(await call(sim, "list-accounts", {}, { key: sim.keys.deactivated }));
  });

  it("accepts every working key and the scheme in any case", async () => {
    for (const label of ["free", "pro", "agency", "viewer", "unconnected"] as const) {
      expect((await call(sim, "list-accounts", {}, { key: sim.keys[label] })).status).toBe(200);
    }
    const lower = await call(
      sim,
      "list-accounts",
      {},
      { key: null, headers: { authorization: `bearer ${sim.apiKey}` } },
    );
    expect(lower.status).toBe(200);
  });

  it("has no query-parameter authentication", async () => {
    const res = await fetch(`${sim.url}/api/mcp/list-accounts?api_key=${sim.apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
  });

  it("issues demo keys with the adk_ prefix, distinct per key, and apiKey is the Pro key", () => {
    const keys = Object.values(sim.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^adk_[A-Za-z0-9]{16,}$/);
    expect(sim.apiKey).toBe(sim.keys.pro);
  });
});

describe("envelopes (spec 2.1-2.3, 7)", () => {
  it("wraps success in {source, data} with one constant source", async () => {
    const a = await call(sim, "list-accounts");
    const b = await call(sim, "list-skills");
    expect(a.status).toBe(200);
    expect(Object.keys(a.body).sort()).toEqual(["data", "source"]);
    expect(a.body.source).toBe(SOURCE);
    expect(b.body.source).toBe(SOURCE);
    expect(a.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("wraps errors as {source, data: {error}}", async () => {
    const bad = await call(sim, "results", { level: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.source).toBe(SOURCE);
    expect(typeof bad.body.data.error).toBe("string");
  });

  it("answers an unknown tool with a wrapped 404", async () => {
    const a = await call(sim, "no-such-tool");
    expect(a.status).toBe(404);
    expect(a.body.source).toBe(SOURCE);
    expect(a.body.data.error).toContain("no-such-tool");
  });

  it("answers a non-POST with a wrapped 400", async () => {
    const a = await call(sim, "list-accounts", undefined, { method: "GET" });
    expect(a.status).toBe(400);
    expect(a.body.source).toBe(SOURCE);
    expect(a.headers.get("allow")).toBe("POST");
  });

  it("answers bad JSON, a non-object body, an empty body and a wrong content type with a wrapped 400", async () => {
    for (const rawBody of ["{nope", "[1,2]", "null", "", '"text"']) {
      const a = await call(sim, "list-skills", undefined, { rawBody });
      expect(a.status, rawBody).toBe(400);
      expect(a.body.source).toBe(SOURCE);
    }
    const text = await call(sim, "list-skills", {}, { headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    expect(text.body.data.error).toMatch(/application\/json/);
  });

  it("ignores the body of list-accounts", async () => {
    const a = await call(sim, "list-accounts", { anything: 1 });
    expect(a.status).toBe(200);
    expect(Array.isArray(a.body.data.accounts)).toBe(true);
  });

  it("answers paths outside /api/mcp with a wrapped 404", async () => {
    const res = await fetch(`${sim.url}/api/other`, { method: "POST" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { source: string }).source).toBe(SOURCE);
  });
});

describe("emergency-recovery (spec 4, 9)", () => {
  it("answers 410 without validating the body, but only to an authenticated caller", async () => {
    const gone = await call(sim, "emergency-recovery", { nonsense: true });
    expect(gone.status).toBe(410);
    expect(gone.body.data.error).toMatch(/disabled/);
    const bad = await call(sim, "emergency-recovery", undefined, { rawBody: "{not json" });
    expect(bad.status).toBe(410);
    expect((await call(sim, "emergency-recovery", {}, { key: null })).status).toBe(401);
    expect((await call(sim, "emergency-recovery", {}, { key: sim.keys.free })).status).toBe(410);
  });
});
