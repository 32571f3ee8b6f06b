import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAdTools } from "../../src/door-toolkit.js";
import { doorCatalog } from "../../src/sim/door/catalog.js";
import { signedInDoor } from "./door-setup.js";
import type { Sim } from "./helpers.js";

// Door declarations and money rules that fail closed (issues 43 and 41): the simulator's door
// over real HTTP, with tools added or changed the way a door may change them.
let sim: Sim;
let home: string;
let account: string;
let adset: string;
const doorCalls = (tool: string) => sim.door!.calls().filter((c) => c.tool === tool);
const open = (extra: Partial<Parameters<typeof connectAdTools>[0]> = {}) =>
  connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home, ...extra });
const approve = () => ({ approved: true, text: "I approve this." });

beforeAll(async () => {
  ({ sim, home, account, adset } = await signedInDoor());
});
afterAll(async () => {
  await sim.close();
});

describe("the service's own door is known", () => {
  it("tools of adrails sim's door: no unknown read; get_results, compare_benchmarks, list_ads, get_ad run unasked", async () => {
    const toolkit = await open();
    try {
      const unknown = toolkit.catalog.filter((t) => t.guard === "unknown").map((t) => t.name);
      expect(unknown.sort()).toEqual(["launch_ad", "set_ad_status"]);
      expect(toolkit.catalog.find((t) => t.name === "get_results")).toMatchObject({
        guard: "known",
        reason: "known by name and shape as results",
      });
      for (const name of ["list_ads", "get_ad", "compare_benchmarks"]) {
        expect(toolkit.catalog.find((t) => t.name === name)?.guard, name).toBe("known");
      }
      const ads = await toolkit.call("list_ads", { account_id: account });
      expect(ads.ok, JSON.stringify(ads)).toBe(true);
      const compared = await toolkit.call("compare_benchmarks", { niche: "ecommerce", metrics: { ctr: 1 } });
      expect(compared.ok, JSON.stringify(compared)).toBe(true);
    } finally {
      await toolkit.close();
    }
  });
});

describe("rules see the ad a door write names", () => {
  it("protect.adsets refuses set_ad_status and duplicate_ad of an ad in the protected ad set, nothing sent", async () => {
    sim.door!.addTool({
      name: "duplicate_ad",
      description: "Copy an ad into its ad set.",
      inputSchema: { type: "object", properties: { ad_id: { type: "string" } }, required: ["ad_id"] },
      annotations: { readOnlyHint: false },
      run: () => ({ copied: true }),
    });
    const plain = await open({ confirm: approve });
    const toolkit = await open({ confirm: approve, rules: { protect: { adsets: [adset] } } });
    try {
      const made = (await plain.call("push-creative", {
        account_id: account,
        adset_id: adset,
        image_url: "https://cdn.example.com/creative/a.png",
        website_url: "https://northwind.example.com/a",
        status: "PAUSED",
      })) as { ok: boolean; data: { ad_id: string } };
      expect(made.ok, JSON.stringify(made)).toBe(true);
      const adId = made.data.ad_id;
      for (const [tool, input] of [
        ["set_ad_status", { ad_id: adId, status: "ACTIVE" }],
        ["duplicate_ad", { ad_id: adId }],
      ] as const) {
        const r = (await toolkit.call(tool, input)) as { rule?: string; error?: string };
        expect(r, tool).toMatchObject({ ok: false, blocked: "rule", rule: "protect.adsets" });
        expect(r.error).toContain(adset);
        expect(doorCalls(tool)).toHaveLength(0);
      }
    } finally {
      await Promise.all([plain.close(), toolkit.close()]);
      sim.door!.removeTool("duplicate_ad");
    }
  });
});

describe("door declarations fail closed", () => {
  it("a write annotation or no annotations overrule a read-only declaration: a person is asked, and perDay 0 refuses it", async () => {
    const schema = { type: "object", properties: { q: { type: "string" } } };
    sim.door!.addTool({
      name: "says_write",
      description: "Looks up.",
      inputSchema: schema,
      annotations: { readOnlyHint: false },
    });
    sim.door!.addTool({ name: "says_nothing", description: "Looks up.", inputSchema: schema });
    const map = { says_write: "read-only", says_nothing: "read-only" };
    const toolkit = await open({ toolMap: map });
    const ruled = await open({ toolMap: map, confirm: approve, rules: { launches: { perDay: 0 } } });
    try {
      for (const name of ["says_write", "says_nothing"]) {
        expect(
          toolkit.catalog.find((t) => t.name === name),
          name,
        ).toMatchObject({
          guard: "unknown",
          declaration: { state: "overruled" },
        });
        expect(await toolkit.call(name, { q: "x" })).toMatchObject({ blocked: "hard-confirmation" });
        expect(await ruled.call(name, { q: "x" })).toMatchObject({
          blocked: "rule",
          rule: "launches.perDay",
        });
        expect(doorCalls(name)).toHaveLength(0);
      }
    } finally {
      await Promise.all([toolkit.close(), ruled.close()]);
      sim.door!.removeTool("says_write");
      sim.door!.removeTool("says_nothing");
    }
  });

  it("the pin covers the description: a read-only declaration lapses when the door rewords the tool", async () => {
    const schema = { type: "object", properties: { q: { type: "string" } } };
    const spec = { name: "reworded", inputSchema: schema, annotations: { readOnlyHint: true } };
    sim.door!.addTool({ ...spec, description: "Looks up stats." });
    const pins = { toolMap: { reworded: "read-only" } };
    const first = await open(pins);
    try {
      expect(first.catalog.find((t) => t.name === "reworded")?.guard).toBe("read-only");
    } finally {
      await first.close();
    }
    sim.door!.addTool({ ...spec, description: "Looks up stats and copies each ad it finds, live." });
    const second = await open(pins);
    try {
      expect(second.catalog.find((t) => t.name === "reworded")).toMatchObject({
        guard: "unknown",
        declaration: { state: "lapsed" },
      });
      expect(await second.call("reworded", { q: "x" })).toMatchObject({ blocked: "hard-confirmation" });
    } finally {
      await second.close();
      sim.door!.removeTool("reworded");
    }
  });

  it("a push-creative whose status gains LIVE is unknown: status LIVE is not sent unasked", async () => {
    const original = doorCatalog().find((t) => t.name === "push-creative")!;
    const props = (original.inputSchema as { properties: Record<string, Record<string, unknown>> })
      .properties;
    sim.door!.addTool({
      name: "push-creative",
      description: original.description,
      inputSchema: {
        ...original.inputSchema,
        properties: { ...props, status: { ...props.status, enum: ["PAUSED", "ACTIVE", "LIVE"] } },
      },
      annotations: original.annotations,
      rest: "push-creative",
    });
    const toolkit = await open();
    try {
      const tool = toolkit.catalog.find((t) => t.name === "push-creative")!;
      expect(tool.guard).toBe("unknown");
      expect(tool.reason).toMatch(/status also takes "LIVE"/);
      const r = await toolkit.call("push-creative", {
        account_id: account,
        adset_id: adset,
        image_url: "https://cdn.example.com/creative/a.png",
        website_url: "https://northwind.example.com/a",
        request_id: "live-request-1",
        status: "LIVE",
      });
      expect(r).toMatchObject({ ok: false, blocked: "hard-confirmation" });
      expect(doorCalls("push-creative").filter((c) => c.arguments.status === "LIVE")).toHaveLength(0);
    } finally {
      await toolkit.close();
      sim.door!.addTool({
        name: original.name,
        description: original.description,
        inputSchema: original.inputSchema,
        annotations: original.annotations,
        rest: "push-creative",
      });
    }
  });
});
