import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectAdTools, type McpDoorToolkit } from "../../src/door-toolkit.js";
import { doorCatalog } from "../../src/sim/door/catalog.js";
import type { ConfirmRequest } from "../../src/types.js";
import { signedInDoor } from "./door-setup.js";
import type { Sim } from "./helpers.js";

// The guards that must hold on the door whatever it lists: annotations that say "write",
// hideAccountId, one live ad per approved payload. The simulator's door over real HTTP.
let sim: Sim;
let home: string;
let account: string;
let adset: string;
const doorCalls = (tool: string) => sim.door!.calls().filter((c) => c.tool === tool);
const shownJson = (toolkit: McpDoorToolkit, name: string) =>
  JSON.stringify(z.toJSONSchema(toolkit.get(name)!.inputSchema, { io: "input", unrepresentable: "any" }));

const open = (extra: Partial<Parameters<typeof connectAdTools>[0]> = {}) =>
  connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home, ...extra });

beforeAll(async () => {
  ({ sim, home, account, adset } = await signedInDoor());
});
afterAll(async () => {
  await sim.close();
});

describe("annotations that say write win over a read's name and shape", () => {
  it("a list-accounts that the door annotates destructive needs a person", async () => {
    const original = doorCatalog().find((t) => t.name === "list-accounts")!;
    sim.door!.addTool({
      name: "list-accounts",
      description: original.description,
      inputSchema: original.inputSchema,
      annotations: { readOnlyHint: false, destructiveHint: true },
      rest: "list-accounts",
    });
    const toolkit = await open();
    try {
      const tool = toolkit.catalog.find((t) => t.name === "list-accounts")!;
      expect(tool.guard).toBe("unknown");
      expect(tool.reason).toMatch(
        /annotates it destructive, which wins over its being known by name and shape/,
      );
      const sent = doorCalls("list-accounts").length;
      expect(await toolkit.call("list-accounts", {})).toMatchObject({ blocked: "hard-confirmation" });
      expect(doorCalls("list-accounts")).toHaveLength(sent);
    } finally {
      await toolkit.close();
      sim.door!.addTool({
        name: original.name,
        description: original.description,
        inputSchema: original.inputSchema,
        annotations: original.annotations,
        rest: "list-accounts",
      });
    }
  });
});

describe("hideAccountId on the door", () => {
  it("no schema shows account_id, and a read, a PAUSED push and an unknown write naming another account are refused", async () => {
    const asked: ConfirmRequest[] = [];
    const toolkit = await open({
      accountId: account,
      hideAccountId: true,
      toolMap: { get_results: "results" },
      confirm: (request) => {
        asked.push(request);
        return { approved: true, text: "I approve this ad going live now" };
      },
    });
    try {
      for (const name of ["get_results", "push-creative", "launch_ad", "health"]) {
        expect(shownJson(toolkit, name), name).not.toContain("account_id");
      }
      const other = "act_999000111";
      const before = sim.door!.calls().length;
      const ads = sim.control.ads().length;
      const read = await toolkit.call("get_results", { account_id: other });
      const paused = await toolkit.call("push-creative", {
        account_id: other,
        adset_id: adset,
        image_url: "https://cdn.example.com/a.png",
        website_url: "https://northwind.example.com/",
      });
      const launch = await toolkit.call("launch_ad", {
        account_id: other,
        adset_id: adset,
        creative: { image_url: "https://cdn.example.com/a.png" },
        destination: { website_url: "https://northwind.example.com/" },
      });
      for (const result of [read, paused, launch]) {
        expect(result).toMatchObject({ ok: false, blocked: "scope" });
        expect((result as { error: string }).error).toMatch(new RegExp(`acts on ad account ${account} only`));
      }
      expect(asked).toHaveLength(0);
      expect(sim.door!.calls()).toHaveLength(before);
      expect(sim.control.ads()).toHaveLength(ads);
      // Without account_id every call acts on the configured account.
      const own = await toolkit.call("get_results", {});
      expect(own.ok, JSON.stringify(own)).toBe(true);
      expect(doorCalls("get_results").at(-1)?.arguments.account_id).toBe(account);
    } finally {
      await toolkit.close();
    }
  });
});

describe("one live ad per approved payload on the door (issue 29, item 11)", () => {
  it("identical ACTIVE pushes at once make one live ad, and the form of a repeat names it", async () => {
    const asked: ConfirmRequest[] = [];
    const toolkit = await open({
      confirm: (request) => {
        asked.push(request);
        return { approved: true, text: "I approve this ad going live now" };
      },
    });
    const payload = {
      account_id: account,
      adset_id: adset,
      image_url: "https://cdn.example.com/creative/once.png",
      headline: "Only once",
      website_url: "https://northwind.example.com/once",
      status: "ACTIVE",
    };
    const live = () =>
      sim.control
        .ads()
        .filter((ad) => (ad as { headline?: string }).headline === "Only once" && ad.status === "ACTIVE");
    try {
      const both = await Promise.all([
        toolkit.call("push-creative", payload),
        toolkit.call("push-creative", payload),
      ]);
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      expect(both.find((r) => !r.ok)).toMatchObject({ blocked: "hard-confirmation" });
      expect(live()).toHaveLength(1);
      // Asked again, the person is told the identical ad is already live (the door's live record).
      await toolkit.call("push-creative", payload);
      expect(asked.at(-1)?.previousLive).toBeDefined();
      expect(asked.at(-1)?.message).toMatch(/identical ad already went live/i);
    } finally {
      await toolkit.close();
    }
  });
});
