import { describe, expect, it } from "vitest";
import { z } from "zod";
import { modelSchema, validate } from "../../src/guards/validation.js";
import { getTool, offeredTools } from "../../src/tools/index.js";

const push = getTool("push-creative")!;
const valid = {
  account_id: "act_1",
  adset_id: "123",
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://example.com",
};

describe("modelSchema", () => {
  it("hides hard_confirm_text and makes the retry key optional", () => {
    const json = z.toJSONSchema(modelSchema(push), { io: "input" }) as any;
    expect(Object.keys(json.properties)).not.toContain("hard_confirm_text");
    expect(json.properties.request_id).toBeDefined();
    expect(json.required).not.toContain("request_id");
    expect(json.required).toContain("account_id");
  });

  it("makes account_id optional when there is a default account, without naming it per field", () => {
    const json = z.toJSONSchema(modelSchema(push, { accountDefault: "act_9" }), { io: "input" }) as any;
    expect(json.required ?? []).not.toContain("account_id");
    expect(json.properties.account_id).toEqual({ type: "string" });
  });

  it("leaves account_id out with hideAccountId, and only when there is a default account", () => {
    const hidden = z.toJSONSchema(modelSchema(push, { accountDefault: "act_9", hideAccountId: true }), {
      io: "input",
    }) as any;
    expect(Object.keys(hidden.properties)).not.toContain("account_id");
    const kept = z.toJSONSchema(modelSchema(push, { hideAccountId: true }), { io: "input" }) as any;
    expect(kept.required).toContain("account_id");
  });

  it("keeps the cross-field rules and the strictness of the wire schema", () => {
    const schema = modelSchema(push);
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, video_url: "https://cdn.example.com/a.mp4" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, hard_confirm_text: "yes" }).success).toBe(false);
  });

  it("builds for every offered tool, and never offers hard_confirm_text", () => {
    for (const def of offeredTools) {
      const json = z.toJSONSchema(modelSchema(def, { accountDefault: "act_1" }), { io: "input" }) as any;
      expect(json.properties?.hard_confirm_text, def.name).toBeUndefined();
      if (def.idField) expect(json.required ?? [], def.name).not.toContain(def.idField.name);
    }
  });

  it("leaves resume-generation's idempotency_key required: it names an existing run", () => {
    const json = z.toJSONSchema(modelSchema(getTool("resume-generation")!), { io: "input" }) as any;
    expect(json.required).toContain("idempotency_key");
  });
});

describe("validate", () => {
  it("names each bad field with the allowed values or bounds", () => {
    const results = getTool("results")!;
    const out = validate("results", modelSchema(results), {
      level: "weekly",
      date_preset: "forever",
      extra: 1,
    });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error).toContain('level must be one of "account", "campaign", "adset", "ad"');
    expect(out.error).toContain('date_preset must be one of "today"');
    expect(out.error).toContain("unknown field: extra");
    expect(out.hint).toContain("Nothing was sent");
  });

  it("reports missing fields, types, numeric and length bounds and cross-field rules", () => {
    const fatigue = getTool("fatigue")!;
    const out = validate("fatigue", modelSchema(fatigue), {
      frequency: -1,
      ctr_trend: [1],
      days_running: "3",
    });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error).toContain("frequency must be at least 0");
    expect(out.error).toContain("ctr_trend must have at least 2 items");
    expect(out.error).toContain("days_running must be a number");

    const pushOut = validate("push-creative", modelSchema(push), { account_id: "act_1", image_url: "x" });
    expect(pushOut.ok).toBe(false);
    if (pushOut.ok) return;
    expect(pushOut.error).toContain("adset_id is required");
    expect(pushOut.error).toContain("image_url");

    const cross = validate("push-creative", modelSchema(push), { ...valid, lead_gen_form_id: "f1" });
    expect(cross.ok).toBe(false);
    if (cross.ok) return;
    expect(cross.error).toContain("exactly one of website_url, lead_gen_form_id");
  });

  it("returns the parsed body with defaults applied", () => {
    const out = validate("push-creative", modelSchema(push), valid);
    expect(out).toEqual({ ok: true, value: { ...valid, status: "PAUSED" } });
  });
});
