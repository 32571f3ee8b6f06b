import { describe, expect, it } from "vitest";
import {
  explicitJsonSchema,
  modelJsonSchema,
  nonStrictTools,
  providerSchema,
  strictJsonSchema,
} from "../../src/adapters/shared.js";
import { createAdTools } from "../../src/toolkit.js";

// The one policy every adapter uses for what a provider is shown and how a model's input is read.

const kit = createAdTools({ apiKey: "adk_policyCheck000000000", baseUrl: "http://127.0.0.1:9" });
const results = kit.get("results")!;

describe("providerSchema", () => {
  it("by default sends the model schema with strict: false", () => {
    for (const tool of kit.tools) {
      const sent = providerSchema(tool);
      expect(sent.schema).toBe(modelJsonSchema(tool));
      expect(sent.strict).toBe(false);
    }
  });

  it("with strict: true, strict schemas where strict mode accepts them and the model schema elsewhere", () => {
    const open = new Set(nonStrictTools(kit).map((t) => t.name));
    expect(open.size).toBeGreaterThan(0);
    for (const tool of kit.tools) {
      const sent = providerSchema(tool, { strict: true });
      expect(sent.strict, tool.name).toBe(!open.has(tool.name));
      const strict = strictJsonSchema(explicitJsonSchema(tool));
      expect(sent.schema).toEqual(strict.strict ? strict.schema : modelJsonSchema(tool));
    }
  });

  it.each([false, true])(
    "strict %s: a null in an optional field is read as absent, a null where one is required is kept",
    (strict) => {
      const sent = providerSchema(results, { strict });
      expect(sent.toInput({ date_preset: "last_7d", since: null, until: null, level: null })).toEqual({
        date_preset: "last_7d",
      });
      // Left for the toolkit, which names the field in its refusal.
      const push = providerSchema(kit.get("push-creative")!, { strict });
      expect(push.toInput({ adset_id: null, headline: null })).toEqual({ adset_id: null });
      expect(sent.toInput("not an object")).toBe("not an object");
    },
  );
});

it("no tool schema carries a string format Gemini refuses; a date says its shape in words", () => {
  const formats: string[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (typeof record.format === "string" && record.format !== "date-time") formats.push(record.format);
    for (const value of Object.values(record)) visit(value);
  };
  for (const tool of kit.tools) visit(modelJsonSchema(tool));
  expect(formats).toEqual([]);
  const since = (modelJsonSchema(results).properties as Record<string, { description?: string }>).since;
  expect(since?.description).toContain("YYYY-MM-DD");
});
