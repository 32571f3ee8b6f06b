import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprint, retryKeys } from "../../src/guards/fingerprint.js";

/** The definition, written the slow and obvious way: sorted copies, then JSON.stringify. */
function reference(value: unknown, omit?: ReadonlySet<string>): string {
  const sortDeep = (v: unknown, top: boolean): unknown => {
    if (Array.isArray(v)) return v.map((item) => sortDeep(item, false));
    if (v === null || typeof v !== "object" || typeof (v as { toJSON?: unknown }).toJSON === "function")
      return v;
    const copy: Record<string, unknown> = Object.create(null);
    const keys = Object.keys(v).filter((key) => !(top && omit?.has(key)));
    for (const key of keys.sort()) copy[key] = sortDeep((v as Record<string, unknown>)[key], false);
    return copy;
  };
  return JSON.stringify(sortDeep(value, true)) ?? "null";
}

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

  it("agrees with sorted copies through JSON.stringify on any JSON-like value", () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom("__proto__", "0", "10", "2", "1a", "", "toJSON", "request_id", "é", "\u{1F600}"),
    );
    const leaf = fc.oneof(
      fc.string(),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constant(-0),
      fc.date({ noInvalidDate: true }),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, leaf, tie("array"), tie("object")),
      array: fc.array(tie("node"), { maxLength: 5 }),
      object: fc.dictionary(key, tie("node"), { maxKeys: 6 }),
    })).node;
    const omit = retryKeys("request_id");
    fc.assert(
      fc.property(tree, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
        expect(canonicalJson(value, omit)).toBe(reference(value, omit));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves cycles, bigints and very deep values to the general path, which throws or agrees", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow();
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
    let deep: unknown = "leaf";
    for (let i = 0; i < 200; i++) deep = i % 2 ? { [`k${i}`]: deep, a: i } : [deep];
    expect(canonicalJson(deep)).toBe(reference(deep));
  });

  it("writes non-finite numbers and undefined array items as null, as JSON does", () => {
    expect(canonicalJson([undefined, Number.NaN, 1.5])).toBe("[null,null,1.5]");
    expect(canonicalJson(undefined)).toBe("null");
  });
});

describe("fingerprint", () => {
  it("is stable across versions: derived request ids depend on it", () => {
    const body = {
      website_url: "https://shop.example.com/",
      status: "PAUSED",
      request_id: "adr_x",
      account_id: "act_1",
      adset_id: "238",
      image_url: "https://cdn.example.com/a.png",
      headline: "Sommer – 20 % \u{1F600}",
      extra: { z: [1, -0, 1.5e300, null, { b: true, a: "\u2028" }], "": 0, __proto__x: 1 },
    };
    expect(fingerprint("push-creative", body, retryKeys("request_id"))).toBe(
      "fp_5e5d45a06eeec6ebe14f8da48ca24b30",
    );
  });

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
