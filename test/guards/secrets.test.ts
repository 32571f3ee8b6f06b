import { describe, expect, it } from "vitest";
import { redactDeep, redactResult } from "../../src/guards/secrets.js";

const KEY = "adk_live_0123456789abcdef";

describe("redactDeep", () => {
  it("returns a clean value itself", () => {
    const value = { a: [1, { b: "text" }], c: null };
    expect(redactDeep(value, KEY)).toBe(value);
  });

  it("replaces the key and key-shaped strings at any depth, in values and names, without touching the input", () => {
    const value = { note: `key ${KEY}`, list: [{ [KEY]: "x" }, "adk_other_secret"], keep: 1 };
    const clean = redactDeep(value, KEY);
    expect(JSON.stringify(clean)).not.toContain(KEY);
    expect(JSON.stringify(clean)).not.toContain("adk_other_secret");
    expect(clean.keep).toBe(1);
    expect(value.note).toContain(KEY);
  });

  it("still redacts values JSON cannot serialise", () => {
    const withBigInt = { s: `x ${KEY}`, n: 1n };
    expect(redactDeep(withBigInt, KEY).s).toBe("x adk_***");
  });
});

describe("redactResult", () => {
  it("scrubs what adrails wrote and leaves the client's already redacted data as it is", () => {
    const data = { rows: [{ id: "1" }] };
    const result = {
      ok: false,
      error: `bad ${KEY}`,
      note: "see adk_other_secret",
      applied: [{ k: KEY }],
      data,
    };
    const clean = redactResult(result, KEY);
    expect(JSON.stringify(clean)).not.toContain(KEY);
    expect(clean.error).toBe("bad adk_***");
    expect(clean.note).toBe("see adk_***");
    expect(clean.data).toBe(data);
    expect(result.error).toContain(KEY);
  });

  it("returns a clean result itself", () => {
    const result = { ok: true, status: 200, data: { a: 1 }, note: "fine" };
    expect(redactResult(result, KEY)).toBe(result);
  });
});
