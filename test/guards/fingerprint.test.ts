import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprint, retryKeys } from "../../src/guards/fingerprint.js";

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("gives the same text whatever the key order", () => {
    expect(canonicalJson({ x: "1", y: [true, null] })).toBe(canonicalJson({ y: [true, null], x: "1" }));
  });

  it("keeps a __proto__ member as data and leaves the input untouched", () => {
    const input = JSON.parse('{"b":1,"__proto__":{"x":1},"a":[{"d":1,"c":2}]}');
    expect(canonicalJson(input)).toBe('{"__proto__":{"x":1},"a":[{"c":2,"d":1}],"b":1}');
    expect(Object.keys(input)).toEqual(["b", "__proto__", "a"]);
    expect(Object.keys(input.a[0])).toEqual(["d", "c"]);
  });

  it("writes non-finite numbers and undefined array items as null, as JSON does", () => {
    expect(canonicalJson([undefined, Number.NaN, 1.5])).toBe("[null,null,1.5]");
    expect(canonicalJson(undefined)).toBe("null");
  });
});

describe("fingerprint", () => {
  it("is bound to the tool and to every value", () => {
    const body = { account_id: "act_1", status: "ACTIVE" };
    const fp = fingerprint("push-creative", body);
    expect(fp).toMatch(/^fp_[0-9a-f]{32}$/);
    expect(fingerprint("push-creative", { status: "ACTIVE", account_id: "act_1" })).toBe(fp);
    expect(fingerprint("push-creative", { ...body, status: "ACTIVE " })).not.toBe(fp);
    expect(fingerprint("creative-loop", body)).not.toBe(fp);
  });

  it("leaves out the retry key and the confirmation text, at the top level only", () => {
    const body = { a: 1, request_id: "x".repeat(10), hard_confirm_text: "yes" };
    expect(canonicalJson(body, retryKeys("request_id"))).toBe('{"a":1}');
    expect(fingerprint("t", body, retryKeys("request_id"))).toBe(fingerprint("t", { a: 1 }));
    expect(
      canonicalJson({ b: { request_id: "x" }, idempotency_key: "k" }, retryKeys("idempotency_key")),
    ).toBe('{"b":{"request_id":"x"}}');
    expect(canonicalJson({ hard_confirm_text: "x", z: 1 }, retryKeys(undefined))).toBe('{"z":1}');
    // The input keeps its fields.
    expect(Object.keys(body)).toEqual(["a", "request_id", "hard_confirm_text"]);
  });
});
