import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { JsonSchema } from "../../src/adapters/shared.js";
import { createAdTools } from "../../src/toolkit.js";
import { getTool, offeredTools } from "../../src/tools/index.js";
import type { AdToolkit, ToolResult } from "../../src/types.js";
import { type Fixture, startFixture } from "./fixture-server.js";

// Every offered tool gets inputs shaped like its schema, the same with fields replaced by JavaScript
// junk a model or a host could hand over (undefined, functions, symbols, BigInt, cycles, huge
// strings, throwing getters, prototype-pollution keys), and junk alone. The toolkit must never
// throw, must send only bodies the catalog's own wire schema accepts, and must explain every refusal.

const PER_TOOL = 200;
const SEED = 12_122_026;
const KEY = "adk_fuzz_secret_0123456789abcdef";

// Inputs are shaped by the full zod schema (formats included), not the lean one models are shown.
const shapeOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" }) as JsonSchema;

let fixture: Fixture;
let toolkit: AdToolkit;
beforeAll(async () => {
  fixture = await startFixture(KEY);
  toolkit = createAdTools({
    apiKey: KEY,
    baseUrl: fixture.url,
    accountId: "act_100200300",
    rateLimit: false,
    retry: { maxRetries: 0 },
    writeBudget: { limit: 1_000_000, windowMs: 3_600_000 },
  });
});
afterAll(() => fixture.close());

const cyclic = () => {
  const a: Record<string, unknown> = { name: "loop" };
  a.self = a;
  return a;
};
const throwingGetter = () =>
  Object.defineProperty({}, "account_id", {
    enumerable: true,
    get() {
      throw new Error("getter exploded");
    },
  });

/** JavaScript values no JSON model would send, and some it would. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    undefined,
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    Symbol("s"),
    10n,
    () => "fn",
    new Date(0),
    new Map([["a", 1]]),
    new Uint8Array([1, 2]),
    "x".repeat(200_000),
    "",
    " ",
    "\u0000",
    "ACTIVE",
    [],
    {},
  ),
  fc.bigInt(),
  fc.func(fc.anything()),
  fc.constant(0).map(cyclic),
  fc.constant(0).map(throwingGetter),
  fc.anything({ maxDepth: 2, withBigInt: true, withNullPrototype: true, withObjectString: true }),
  fc.string({ unit: "binary", maxLength: 50 }),
);

/** Keys that pollute prototypes when merged carelessly. */
const pollution = fc.constantFrom(
  () => JSON.parse('{"__proto__": {"status": "ACTIVE", "polluted": true}}'),
  () => ({ constructor: { prototype: { polluted: true } } }),
  () => JSON.parse('{"prototype": {"polluted": true}, "__proto__": {"hard_confirm_text": "yes"}}'),
);

const URLS = [
  "https://cdn.example.com/a.png",
  "https://shop.example.com/",
  "example.com",
  "http://127.0.0.1/x.png",
];

/** Values shaped by a JSON Schema, valid more often than not. */
function shaped(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...(schema.anyOf as JsonSchema[]).map((s) => shaped(s, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "uri") return fc.constantFrom(...URLS, URLS[0]!, URLS[1]!);
      if (schema.format === "date") return fc.constantFrom("2026-11-01", "2026-11-20", "yesterday");
      const min = typeof schema.minLength === "number" ? schema.minLength : 0;
      const max = typeof schema.maxLength === "number" ? Math.min(schema.maxLength, min + 30) : min + 30;
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max }),
        fc.constantFrom("act_100200300", "ad_1", "as_1", "2026-11-24T00:00:00Z", "US", "pain", ...URLS),
      );
    }
    case "integer":
      return fc.integer({
        min: typeof schema.minimum === "number" ? schema.minimum : -3,
        max: typeof schema.maximum === "number" ? schema.maximum : 60,
      });
    case "number":
      return fc.double({ min: -10, max: 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array": {
      const items =
        typeof schema.items === "object" && depth < 3
          ? shaped(schema.items as JsonSchema, depth + 1)
          : fc.string();
      return fc.array(items, {
        minLength: typeof schema.minItems === "number" ? schema.minItems : 0,
        maxLength: 3,
      });
    }
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      // Each optional field is left out half the time, so cross-field rules hold often enough.
      const entries = Object.entries(props).map(([key, value]) => {
        const arb =
          key === "account_id"
            ? fc.constantFrom("act_100200300", "act_42", "not-an-account")
            : depth < 3
              ? shaped(value, depth + 1)
              : fc.string();
        const pair = arb.map((v) => [key, v] as [string, unknown]);
        return required.has(key) ? pair : fc.option(pair, { freq: 2 });
      });
      return fc
        .tuple(...entries)
        .map((pairs) => Object.fromEntries(pairs.filter((p): p is [string, unknown] => p !== null)));
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** One input for a tool: shaped, shaped with junk mixed in, polluted, or junk alone. */
function inputs(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = shaped(schema) as fc.Arbitrary<Record<string, unknown>>;
  const fields = Object.keys((schema.properties ?? {}) as object);
  const withJunk = fc
    .tuple(
      base,
      fc.array(fc.tuple(fc.constantFrom(...fields, "extra_field", "hard_confirm_text", "status"), junk), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([value, swaps]) => {
      const out: Record<string, unknown> = { ...value };
      for (const [key, bad] of swaps) out[key] = bad;
      return out;
    });
  const polluted = fc.tuple(base, pollution).map(([value, make]) => Object.assign(make(), value));
  return fc.oneof(
    { weight: 5, arbitrary: base },
    { weight: 3, arbitrary: withJunk },
    { weight: 1, arbitrary: polluted },
    { weight: 1, arbitrary: junk },
  );
}

describe("fuzz: every offered tool, junk included", () => {
  it(`${offeredTools.length} tools x ${PER_TOOL} inputs: no throw, no invalid body sent, every refusal readable`, {
    timeout: 120_000,
  }, async () => {
    expect(offeredTools).toHaveLength(52);
    let calls = 0;
    let throws = 0;
    let refusals = 0;
    let unreadable = 0;
    const before = fixture.requests.length;
    for (const [index, def] of offeredTools.entries()) {
      const adTool = toolkit.get(def.name)!;
      const samples = fc.sample(inputs(shapeOf(adTool.inputSchema)), {
        numRuns: PER_TOOL,
        seed: SEED + index,
      });
      for (let i = 0; i < samples.length; i += 25) {
        await Promise.all(
          samples.slice(i, i + 25).map(async (input) => {
            calls++;
            let result: ToolResult;
            try {
              result = await toolkit.call(def.name, input);
            } catch {
              throws++;
              return;
            }
            if (result.ok === false) {
              refusals++;
              const readable =
                typeof result.error === "string" &&
                result.error.length > 0 &&
                typeof result.hint === "string" &&
                result.hint.length > 0 &&
                !/\[object /.test(`${result.error}${result.hint}`);
              if (!readable) unreadable++;
            }
            const text = toolkit.toModelText(result);
            if (typeof text !== "string" || text.length > 4000 || text.includes(KEY)) unreadable++;
          }),
        );
      }
    }

    const sent = fixture.requests.slice(before);
    const invalid = sent.filter((r) => {
      const body = r.body as Record<string, unknown>;
      const valid = getTool(r.tool)?.inputSchema.safeParse(body).success === true;
      return !valid || body?.status === "ACTIVE" || body?.hard_confirm_text !== undefined;
    });
    const toolsSent = new Set(sent.map((r) => r.tool));
    console.log(
      `fuzz: ${calls} inputs over ${offeredTools.length} tools, ${sent.length} bodies sent (${toolsSent.size} tools), ` +
        `${refusals} refused before or by the service: ${throws} throws, ${invalid.length} invalid bodies, ${unreadable} unreadable results`,
    );
    expect({ throws, invalid: invalid.map((r) => [r.tool, r.body]).slice(0, 3), unreadable }).toEqual({
      throws: 0,
      invalid: [],
      unreadable: 0,
    });
    expect(calls).toBeGreaterThanOrEqual(10_000);
    // The inputs reached the wire for every tool, so "no invalid body" is not vacuous.
    expect(toolsSent.size).toBe(52);
    // Nothing leaked into the prototypes the process shares.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});
