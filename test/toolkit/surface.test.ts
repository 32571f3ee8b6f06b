import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAdTools } from "../../src/toolkit.js";
import { offeredTools } from "../../src/tools/index.js";
import type { AuditEvent } from "../../src/types.js";
import { type Fixture, startFixture } from "./fixture-server.js";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

describe("createAdTools: what it offers", () => {
  it("offers the 52 offered tools in catalog order, never emergency-recovery", () => {
    const kit = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url });
    expect(kit.tools.map((t) => t.name)).toEqual(offeredTools.map((t) => t.name));
    expect(kit.tools).toHaveLength(52);
    expect(kit.get("emergency-recovery" as string)).toBeUndefined();
    expect(kit.get("push-creative")?.group).toBe("C");
  });

  it("applies include, exclude and readOnly", () => {
    const kit = createAdTools({
      apiKey: fx.apiKey,
      baseUrl: fx.url,
      include: ["A", "B", "push-creative"],
      exclude: ["health"],
    });
    expect(kit.tools.map((t) => t.name)).toContain("push-creative");
    expect(kit.tools.map((t) => t.name)).not.toContain("health");
    expect(kit.tools.every((t) => ["A", "B"].includes(t.group) || t.name === "push-creative")).toBe(true);
    const ro = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url, readOnly: true });
    expect(
      ro.tools.every((t) => t.definition.effect === "read" || t.definition.effect === "calculator"),
    ).toBe(true);
  });

  it("shows the model a schema without hard_confirm_text and tells it the default account once", () => {
    const kit = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url, accountId: "act_123" });
    const push = kit.get("push-creative")!;
    const json = z.toJSONSchema(push.inputSchema, { io: "input" }) as any;
    expect(json.properties.hard_confirm_text).toBeUndefined();
    expect(json.required).not.toContain("account_id");
    expect(json.required).not.toContain("request_id");
    for (const tool of kit.tools) {
      expect(JSON.stringify(z.toJSONSchema(tool.inputSchema, { io: "input" })), tool.name).not.toContain(
        "act_123",
      );
    }
    expect(kit.tools.filter((tool) => tool.description.includes("act_123")).map((t) => t.name)).toEqual([
      "results",
    ]);
  });

  it("does not expose the API key through its options", () => {
    const kit = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url });
    expect(JSON.stringify(kit.options)).not.toContain(fx.apiKey);
    expect(kit.options.baseUrl).toBe(fx.url);
  });
});

describe("scope: a tool outside scope is refused and nothing is sent", () => {
  it("refuses unknown, disabled and out-of-scope tools", async () => {
    const events: AuditEvent[] = [];
    const kit = createAdTools({
      apiKey: fx.apiKey,
      baseUrl: fx.url,
      readOnly: true,
      onEvent: (e) => events.push(e),
    });
    const before = fx.requests.length;
    expect(await kit.call("push-creative", {} as Record<string, unknown>)).toMatchObject({
      ok: false,
      status: null,
      blocked: "scope",
    });
    expect(await kit.call("emergency-recovery" as string, { account_id: "act_1" })).toMatchObject({
      blocked: "disabled",
    });
    expect(await kit.call("drop-tables" as string, {})).toMatchObject({ blocked: "scope" });
    expect(await kit.call(undefined as any, {})).toMatchObject({ blocked: "scope" });
    expect(fx.requests.length).toBe(before);
    expect(events.map((e) => e.decisions[0]?.decision)).toEqual(["refuse", "refuse", "refuse", "refuse"]);
    expect(events[0]).toMatchObject({ tool: "push-creative", status: null, ok: false });
  });

  it("injects the default account where the model leaves it out, and keeps a given one", async () => {
    const kit = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url, accountId: "act_123" });
    await kit.call("health", {});
    expect(fx.requests.at(-1)).toMatchObject({ tool: "health", body: { account_id: "act_123" } });
    await kit.call("health", { account_id: "act_9" });
    expect(fx.requests.at(-1)!.body.account_id).toBe("act_9");
    await kit.call("benchmarks", {});
    expect(fx.requests.at(-1)!.body).toEqual({});
  });
});

describe("validation comes before every guard and request", () => {
  it("names each bad field and sends nothing, without asking a person", async () => {
    let asked = 0;
    const kit = createAdTools({
      apiKey: fx.apiKey,
      baseUrl: fx.url,
      confirm: () => {
        asked++;
        return { approved: true, text: "ok" };
      },
    });
    const before = fx.requests.length;
    const result = await kit.call("push-creative", {
      account_id: "act_1",
      adset_id: "1",
      image_url: "not a url",
      website_url: "https://example.com",
      status: "ACTIVE",
    });
    expect(result).toMatchObject({ ok: false, status: null, blocked: "validation" });
    expect((result as any).error).toContain("image_url");
    const levels = await kit.call("results", { level: "weekly" } as Record<string, unknown>);
    expect((levels as any).error).toContain('"account", "campaign", "adset", "ad"');
    expect(await kit.call("results", "level=ad" as any)).toMatchObject({ blocked: "validation" });
    expect(await kit.call("results", [1] as any)).toMatchObject({ blocked: "validation" });
    expect(asked).toBe(0);
    expect(fx.requests.length).toBe(before);
  });

  it("takes a missing input as an empty object", async () => {
    const kit = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url });
    expect(await kit.call("list-skills", undefined as unknown)).toMatchObject({ ok: true, status: 200 });
    expect(fx.requests.at(-1)!.body).toEqual({});
  });
});

describe("call never throws", () => {
  it("turns an input that blows up on reading into a failure result", async () => {
    const kit = createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url });
    const hostile = {
      get account_id(): string {
        throw new Error("getter exploded");
      },
    };
    const result = await kit.call("health", hostile);
    expect(result).toMatchObject({ ok: false, status: null, retryable: false });
    expect((result as any).error).toContain("getter exploded");
    expect(kit.get("push-creative")!.needsConfirmation(hostile)).toBe(false);
    expect(kit.get("push-creative")!.confirmationRequest(hostile)).toBeNull();
  });
});
