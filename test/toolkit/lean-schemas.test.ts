import { describe, expect, it } from "vitest";
import { explicitJsonSchema, modelJsonSchema } from "../../src/adapters/shared.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ConfirmSummary } from "../../src/types.js";

const kit = (options: AdToolsOptions = {}) =>
  createAdTools({ apiKey: "adk_unused_placeholder", baseUrl: "http://127.0.0.1:9", ...options });

type Json = Record<string, unknown>;
function* nodes(schema: unknown): Generator<Json> {
  if (Array.isArray(schema)) for (const item of schema) yield* nodes(item);
  else if (schema && typeof schema === "object") {
    yield schema as Json;
    for (const value of Object.values(schema)) yield* nodes(value);
  }
}
const isEmpty = (value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;

describe("lean model schemas", () => {
  it("send no empty properties or additionalProperties, and no description naming the default account", () => {
    const toolkit = kit({ accountId: "act_777" });
    for (const tool of toolkit.tools) {
      const schema = modelJsonSchema(tool);
      for (const node of nodes(schema)) {
        expect(isEmpty(node.properties), tool.name).toBe(false);
        expect(isEmpty(node.additionalProperties), tool.name).toBe(false);
      }
      expect(JSON.stringify(schema), tool.name).not.toContain("act_777");
    }
  });

  it("keep open objects distinguishable for strict mode in the explicit schema", () => {
    const patch = explicitJsonSchema(kit().get("edit-creative-brief")!).properties as Record<string, Json>;
    expect(patch.patch).toMatchObject({ type: "object", additionalProperties: {} });
    const lean = modelJsonSchema(kit().get("edit-creative-brief")!).properties as Record<string, Json>;
    expect(lean.patch).toEqual({ type: "object" });
  });

  it("say the default account once, on the first tool that takes an account", () => {
    for (const [options, words] of [
      [{}, "active account"],
      [{ accountId: "act_777" }, "act_777"],
      [{ accountId: "act_777", hideAccountId: true }, "act_777"],
    ] as const) {
      const carriers = kit(options).tools.filter((t) => t.description.includes(words));
      expect(carriers.map((t) => t.name)).toEqual(["results"]);
    }
    expect(
      kit({ pack: "creative", accountId: "act_777" })
        .tools.filter((t) => t.description.includes("act_777"))
        .map((t) => t.name),
    ).toEqual(["creative-dna"]);
    expect(kit({ pack: "sources" }).tools.some((t) => t.description.includes("account_id"))).toBe(false);
  });

  it("hideAccountId leaves account_id out of every schema, and calls still act on the default account", () => {
    const toolkit = kit({ accountId: "act_777", hideAccountId: true });
    for (const tool of toolkit.tools) {
      const properties = (modelJsonSchema(tool).properties ?? {}) as Json;
      expect(Object.keys(properties), tool.name).not.toContain("account_id");
    }
    const push = toolkit.get("push-creative")!;
    const request = push.confirmationRequest({
      adset_id: "as_1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://shop.example.com",
      status: "ACTIVE",
    });
    expect((request?.summary as ConfirmSummary | undefined)?.account_id).toBe("act_777");
    // Without a default account there is nothing to hide.
    const required = modelJsonSchema(kit({ hideAccountId: true }).get("push-creative")!).required;
    expect(required).toContain("account_id");
  });

  it("with accountId costs no more than without: required account_id becomes optional", () => {
    const without = modelJsonSchema(kit().get("creative-dna")!);
    const withAccount = modelJsonSchema(kit({ accountId: "act_777" }).get("creative-dna")!);
    expect(without.required).toContain("account_id");
    expect(withAccount.required).not.toContain("account_id");
    expect(JSON.stringify(withAccount).length).toBeLessThan(JSON.stringify(without).length);
  });
});
