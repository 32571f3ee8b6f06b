import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../src/tools/define.js";
import { catalog } from "../../src/tools/index.js";

// The catalog's schemas are built when first read, so importing an adapter builds none of them.

describe("defineTool with an input function", () => {
  it("builds the input on first read, once, and the wire schema carries the rules", () => {
    let built = 0;
    const def = defineTool({
      name: "lazy",
      group: "A",
      description: "A tool.",
      effect: "read",
      plan: "every",
      statuses: [200],
      input: () => {
        built += 1;
        return z.object({ a: z.string().optional(), b: z.string().optional() });
      },
      rules: (value, ctx) => {
        if (!value.a && !value.b) ctx.addIssue({ code: "custom", message: "give a or b" });
      },
    });
    expect(built).toBe(0);
    expect(def.name).toBe("lazy");
    expect(def.hints).toEqual({ readOnly: true, destructive: false, idempotent: true });
    expect(def.input).toBe(def.input);
    expect(def.inputSchema).toBe(def.inputSchema);
    expect(built).toBe(1);
    expect(def.inputSchema.safeParse({}).success).toBe(false);
    expect(def.inputSchema.safeParse({ a: "x" }).success).toBe(true);
    expect(def.input.safeParse({}).success).toBe(true);
  });

  it("every catalog tool's schemas are getters, read the same object each time", () => {
    for (const def of catalog) {
      expect(typeof Object.getOwnPropertyDescriptor(def, "input")?.get, def.name).toBe("function");
      expect(def.inputSchema, def.name).toBe(def.inputSchema);
      expect(def.input.shape, def.name).toBeTypeOf("object");
    }
  });
});
