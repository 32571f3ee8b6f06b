import { zodSchema } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalog, getTool, offeredTools } from "../../src/tools/index.js";
import { SPEC, type SpecField } from "./spec-table.js";

type JsonSchema = Record<string, any>;
const wireJson = (name: string): JsonSchema =>
  z.toJSONSchema(getTool(name)!.inputSchema, { io: "input" }) as JsonSchema;

describe("catalog", () => {
  it("defines every tool of the spec once: 52 offered plus the disabled emergency-recovery", () => {
    const names = catalog.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(SPEC).sort());
    expect(catalog).toHaveLength(53);
    expect(offeredTools).toHaveLength(52);
    expect(getTool("emergency-recovery")?.disabled).toBe(true);
    expect(offeredTools.map((t) => t.name)).not.toContain("emergency-recovery");
  });

  it("counts the tools per group as the spec does", () => {
    const count = (g: string) => offeredTools.filter((t) => t.group === g).length;
    expect([count("A"), count("B"), count("C"), count("D"), count("E"), count("F")]).toEqual([
      5, 5, 11, 4, 19, 8,
    ]);
  });
});

describe.each(Object.entries(SPEC))("%s matches the spec", (name, spec) => {
  const def = getTool(name)!;
  const json = wireJson(name);
  const props: Record<string, JsonSchema> = json.properties ?? {};

  it("group, plan and advertised statuses", () => {
    expect(def.group).toBe(spec.group);
    expect(def.plan).toBe(spec.plan);
    expect([...def.statuses]).toEqual(spec.statuses);
  });

  it("fields and required fields", () => {
    expect(Object.keys(props).sort()).toEqual(Object.keys(spec.fields).sort());
    const required = Object.entries(spec.fields)
      .filter(([, f]) => f.required)
      .map(([k]) => k);
    expect([...(json.required ?? [])].sort()).toEqual(required.sort());
  });

  it.each(Object.entries(spec.fields))(
    "field %s: type, enum, default, format and bounds",
    (field, want: SpecField) => {
      const got = props[field]!;
      if (want.type) expect(got.type).toBe(want.type);
      expect(got.enum).toEqual(want.enum);
      expect(got.default).toEqual(want.default);
      expect(got.format).toBe(want.format);
      for (const bound of ["minLength", "maxLength", "minItems", "maxItems", "minimum", "maximum"] as const) {
        expect(got[bound], bound).toBe(want[bound]);
      }
    },
  );

  it("rejects unknown properties in groups A to C", () => {
    // list-accounts is the exception the spec names: its body is ignored, so extra keys are dropped.
    const strict = ["A", "B", "C"].includes(spec.group) && name !== "list-accounts";
    expect(json.additionalProperties === false).toBe(strict);
    if (strict)
      expect(def.inputSchema.safeParse({ ...minimalValid(name), extra_field: 1 }).success).toBe(false);
  });

  it("has a short description that does not restate the argument list", () => {
    expect(def.description.length).toBeGreaterThan(20);
    expect(def.description.length).toBeLessThanOrEqual(300);
    expect(def.description).toMatch(/^[A-Z]/);
    const named = Object.keys(spec.fields).filter((f) => f.includes("_") && def.description.includes(f));
    expect(named.length).toBeLessThanOrEqual(3);
  });
});

// A minimal body the wire schema accepts, for each tool; the rule tables below start from it.
function minimalValid(name: string): Record<string, unknown> {
  const base: Record<string, Record<string, unknown>> = {
    compare: { niche: "ecommerce", your_cpm: 10 },
    fatigue: { frequency: 2, ctr_trend: [1.2, 1], days_running: 10 },
    "get-skill": { slug: "fatigue" },
    "ad-copy": { description: "Running shoes", objective: "Purchases" },
    hooks: { description: "Running shoes" },
    "save-creative": { image_url: "https://cdn.example.com/a.png" },
    "push-creative": {
      account_id: "act_1",
      request_id: "req-12345678",
      adset_id: "as_1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://shop.example.com",
    },
    "creative-dna": { account_id: "act_1", brand_url: "example.com" },
    "analyze-winning-ad": { account_id: "act_1", ad_id: "ad_1" },
    "url-to-ads": { account_id: "act_1", url: "example.com" },
    "multiply-winner": { account_id: "act_1", ad_id: "ad_1" },
    "competitor-creatives": { account_id: "act_1", page_id: "123" },
    "creative-matrix": { account_id: "act_1", angles: ["pain"] },
    "creative-loop": { account_id: "act_1" },
    "emergency-recovery": { account_id: "act_1", request_id: "req-12345678" },
  };
  return base[name] ?? {};
}

const accepts = (name: string, body: Record<string, unknown>) =>
  getTool(name)!.inputSchema.safeParse(body).success;

describe("cross-field rules and bounds", () => {
  const push = minimalValid("push-creative");
  const cases: [string, string, Record<string, unknown>, boolean][] = [
    ["results", "date_preset alone", { date_preset: "last_30d" }, true],
    ["results", "since with until", { since: "2026-01-01", until: "2026-01-31" }, true],
    ["results", "since without until", { since: "2026-01-01" }, false],
    [
      "results",
      "date_preset with since/until",
      { date_preset: "today", since: "2026-01-01", until: "2026-01-02" },
      false,
    ],
    ["results", "a malformed date", { since: "01/01/2026", until: "2026-01-31" }, false],
    ["results", "an impossible date", { since: "2026-13-40", until: "2026-01-31" }, false],
    ["results", "an enum in the wrong case", { level: "Campaign" }, false],
    ["results", "a malformed account id", { account_id: "123" }, false],
    ["fatigue-alerts", "the string true for quick", { quick: "true" }, false],
    ["compare", "no metric", { niche: "ecommerce", your_cpm: undefined }, false],
    ["fatigue", "one ctr point", { frequency: 1, ctr_trend: [1], days_running: 1 }, false],
    ["fatigue", "negative frequency", { frequency: -1, ctr_trend: [1, 2], days_running: 1 }, false],
    ["ad-copy", "neither url nor description", { description: undefined }, false],
    ["ad-copy", "a whitespace-only description", { description: " \t\n " }, false],
    ["hooks", "a whitespace-only description", { description: "   " }, false],
    [
      "hooks",
      "a whitespace-only description beside a url",
      { description: " ", url: "https://a.example.com" },
      true,
    ],
    [
      "competitor-creatives",
      "a whitespace-only competitor name",
      { page_id: undefined, competitor_name: " " },
      false,
    ],
    ["multiply-winner", "a whitespace-only ad_id", { ad_id: "  " }, false],
    [
      "push-creative",
      "a whitespace-only lead form as the only destination",
      { ...push, website_url: undefined, lead_gen_form_id: "  " },
      false,
    ],
    [
      "push-creative",
      "a whitespace-only lead form beside a website",
      { ...push, lead_gen_form_id: " " },
      false,
    ],
    ["ad-copy", "a url without scheme", { url: "shop.example.com", objective: "Leads" }, true],
    ["ad-copy", "objective in lower case", { description: "x", objective: "leads" }, false],
    ["ad-copy", "Sign Ups objective", { description: "x", objective: "Sign Ups" }, true],
    ["ad-copy", "a 2001-char description", { description: "x".repeat(2001), objective: "Leads" }, false],
    ["hooks", "a 1001-char description", { description: "x".repeat(1001) }, false],
    ["hooks", "a single-platform value", { description: "x", platform: "instagram" }, true],
    ["save-creative", "neither image_urls nor image_url", { image_url: undefined }, false],
    [
      "save-creative",
      "eleven images",
      { image_urls: Array.from({ length: 11 }, (_, i) => `https://c.example.com/${i}.png`) },
      false,
    ],
    ["save-creative", "an empty image_urls", { image_urls: [] }, false],
    ["save-creative", "a loopback host", { image_url: "http://127.0.0.1/a.png" }, false],
    ["save-creative", "a private-range host", { image_url: "http://192.168.1.4/a.png" }, false],
    ["save-creative", "a link-local host", { image_url: "http://169.254.169.254/latest" }, false],
    ["save-creative", "an IPv6 loopback", { image_url: "http://[::1]/a.png" }, false],
    ["save-creative", "an IPv4-mapped loopback", { image_url: "http://[::ffff:127.0.0.1]/a.png" }, false],
    ["save-creative", "an IPv6 unique-local host", { image_url: "http://[fd00::1]/a.png" }, false],
    ["save-creative", "a public host", { image_url: "https://8.8.4.4/a.png" }, true],
    ["save-creative", "a documentation host", { image_url: "https://203.0.113.9/a.png" }, false],
    ["push-creative", "both image and video", { ...push, video_url: "https://cdn.example.com/v.mp4" }, false],
    ["push-creative", "no media", { ...push, image_url: undefined }, false],
    ["push-creative", "both destinations", { ...push, lead_gen_form_id: "lf_1" }, false],
    ["push-creative", "no destination", { ...push, website_url: undefined }, false],
    [
      "push-creative",
      "a lead form destination",
      { ...push, website_url: undefined, lead_gen_form_id: "lf_1" },
      true,
    ],
    ["push-creative", "a 7-char request_id", { ...push, request_id: "1234567" }, false],
    ["push-creative", "a 129-char request_id", { ...push, request_id: "r".repeat(129) }, false],
    ["push-creative", "a status in lower case (PAUSED at the service)", { ...push, status: "active" }, true],
    ["push-creative", "a private media host", { ...push, image_url: "http://10.0.0.8/a.png" }, false],
    ["multiply-winner", "neither ad_id nor image_url", { ad_id: undefined }, false],
    [
      "url-to-ads",
      "a count over the max (clamped by the service)",
      { account_id: "act_1", url: "x.com", count: 500 },
      true,
    ],
    ["url-to-ads", "a fractional count", { account_id: "act_1", url: "x.com", count: 2.5 }, false],
    ["url-to-ads", "a count of 0", { account_id: "act_1", url: "x.com", count: 0 }, false],
    ["multiply-winner", "a negative count", { account_id: "act_1", ad_id: "1", count: -1 }, false],
    [
      "competitor-creatives",
      "a country of digits",
      { account_id: "act_1", page_id: "1", country: "12" },
      false,
    ],
    ["results", "a date that does not exist", { since: "2024-02-30", until: "2024-03-01" }, false],
    ["results", "a leap day", { since: "2024-02-29", until: "2024-03-01" }, true],
    ["save-creative", "a loopback host with a trailing dot", { image_url: "http://localhost./a.png" }, false],
    ["competitor-creatives", "neither name nor page", { page_id: undefined }, false],
    [
      "competitor-creatives",
      "a three-letter country",
      { account_id: "act_1", page_id: "1", country: "USA" },
      false,
    ],
    [
      "creative-matrix",
      "27 cells",
      {
        account_id: "act_1",
        angles: ["a", "b", "c"],
        hooks: ["1", "2", "3"],
        visual_styles: ["x", "y", "z"],
      },
      true,
    ],
    ["creative-matrix", "28 cells", { account_id: "act_1", angles: Array(28).fill("a") }, false],
    ["creative-matrix", "no angles", { account_id: "act_1", angles: [] }, false],
    [
      "integrations-intelligence-report",
      "five connections",
      { connection_ids: ["1", "2", "3", "4", "5"] },
      false,
    ],
    ["integrations-query", "a query without operation", { request: { connectionId: "c1" } }, false],
    [
      "integrations-query",
      "a dateRange without end",
      { request: { connectionId: "c1", operation: "analytics.run_report", dateRange: { start: "a" } } },
      false,
    ],
    ["find-novelty-candidates", "limit 4", { limit: 4 }, false],
    [
      "capture-competitor-snapshot",
      "limit 0",
      { source_kind: "page_id", query: "q", market: "US", limit: 0 },
      false,
    ],
  ];
  it.each(cases)("%s: %s", (name, _label, body, ok) => {
    expect(accepts(name, { ...minimalValid(name), ...body })).toBe(ok);
  });
});

describe("JSON Schema for models", () => {
  it.each(offeredTools.map((t) => [t.name, t] as const))(
    "%s converts for the AI SDK and OpenAI function calling",
    async (name, def) => {
      expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      const schema = (await zodSchema(def.inputSchema).jsonSchema) as JsonSchema;
      expect(schema.type).toBe("object");
      for (const key of ["anyOf", "oneOf", "allOf", "not", "enum", "$ref"])
        expect(schema).not.toHaveProperty(key);
      const walk = (node: JsonSchema, path: string) => {
        expect(JSON.stringify(node), path).not.toContain('"pattern"');
        // Objects whose inner fields the spec does not show stay open on purpose (`additionalProperties: {}`).
        const open = Object.keys(node.properties ?? {}).length === 0;
        if (node.type === "object" && !open) expect(node.additionalProperties, path).toBe(false);
        for (const [k, v] of Object.entries(node.properties ?? {})) walk(v as JsonSchema, `${path}.${k}`);
        if (node.items) walk(node.items, `${path}[]`);
      };
      walk(schema, name);
    },
  );
});
