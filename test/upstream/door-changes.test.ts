import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAdTools, type McpDoorToolkit } from "../../src/door-toolkit.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { doorCatalog } from "../../src/sim/door/catalog.js";
import { connectClient } from "../mcp/helpers.js";
import { signedInDoor } from "./door-setup.js";
import { cli, type Sim } from "./helpers.js";

// The door changes under a running toolkit (notifications/tools/list_changed): declarations pinned,
// list_changed forwarded to a host, the doctor's drift report. The guards that hold whatever the
// door lists are in door-guards.test.ts. The simulator's door over real HTTP.
let sim: Sim;
let home: string;
let account: string;
const env = () => ({ ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });
const doorCalls = (tool: string) => sim.door!.calls().filter((c) => c.tool === tool);
const schemaOf = (name: string) => structuredClone(doorCatalog().find((t) => t.name === name)!.inputSchema);
/** Resolves once the toolkit listed again after the door announced a change. */
function relisted(toolkit: McpDoorToolkit): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no relisting within 5 s of list_changed")), 5000);
    const off = toolkit.onToolsChanged(() => {
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const open = (extra: Partial<Parameters<typeof connectAdTools>[0]> = {}) =>
  connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home, ...extra });

beforeAll(async () => {
  ({ sim, home, account } = await signedInDoor());
});
afterAll(async () => {
  await sim.close();
});

describe("list_changed: adrails lists again and guards the new list by the same rules", () => {
  it("an added tool, a changed tool and a removed tool", async () => {
    const toolkit = await open({ toolMap: { get_results: "results" } });
    try {
      expect(toolkit.catalog.find((t) => t.name === "get_results")?.guard).toBe("known");
      // Added: a REST read under another spelling (known by name and shape), and a new write.
      let next = relisted(toolkit);
      sim.door!.addTool({
        name: "FatigueAlerts",
        description: "Competitors",
        inputSchema: schemaOf("fatigue-alerts"),
        annotations: { readOnlyHint: true },
        rest: "fatigue-alerts",
      });
      await next;
      next = relisted(toolkit);
      sim.door!.addTool({ name: "brand_new_write", description: "Does something new." });
      await next;
      expect(toolkit.catalog.find((t) => t.name === "FatigueAlerts")).toMatchObject({ guard: "known" });
      expect(toolkit.catalog.find((t) => t.name === "brand_new_write")).toMatchObject({ guard: "unknown" });
      const read = await toolkit.call("FatigueAlerts", { account_id: account });
      expect(read.ok, JSON.stringify(read)).toBe(true);
      expect(await toolkit.call("brand_new_write", {})).toMatchObject({ blocked: "hard-confirmation" });
      expect(doorCalls("brand_new_write")).toHaveLength(0);

      // Changed: get_results takes a new field; the mapping to results lapses.
      next = relisted(toolkit);
      const changed = schemaOf("get_results") as { properties: Record<string, unknown> };
      changed.properties.currency = { type: "string" };
      sim.door!.addTool({
        name: "get_results",
        description: "Results",
        inputSchema: changed,
        rest: "results",
      });
      await next;
      const lapsed = toolkit.catalog.find((t) => t.name === "get_results")!;
      expect(lapsed.guard).toBe("unknown");
      expect(lapsed.declaration).toMatchObject({ state: "lapsed", entry: "get_results: results" });
      const sent = doorCalls("get_results").length;
      expect(await toolkit.call("get_results", { account_id: account })).toMatchObject({
        blocked: "hard-confirmation",
      });
      expect(doorCalls("get_results")).toHaveLength(sent);

      // Removed: refused with a clear result, nothing sent.
      next = relisted(toolkit);
      sim.door!.removeTool("FatigueAlerts");
      await next;
      const gone = await toolkit.call("FatigueAlerts", { account_id: account });
      expect(gone).toMatchObject({ ok: false, blocked: "scope" });
      expect((gone as { error: string }).error).toMatch(/does not list a tool named "FatigueAlerts"/);
    } finally {
      await toolkit.close();
      sim.door!.removeTool("brand_new_write");
      sim.door!.addTool({
        name: "get_results",
        description: "Results",
        inputSchema: schemaOf("get_results"),
        annotations: { readOnlyHint: true },
        rest: "results",
      });
    }
  });

  it("a read-only declaration does not survive the door turning the tool into a write", async () => {
    let copies = 0;
    const lookup = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
    sim.door!.addTool({
      name: "lookup_stats",
      description: "Looks up stats.",
      inputSchema: lookup,
      annotations: { readOnlyHint: true },
      run: () => ({ rows: [] }),
    });
    const toolkit = await open({ toolMap: { lookup_stats: "read-only" } });
    try {
      expect((await toolkit.call("lookup_stats", { q: "x" })).ok).toBe(true);
      const next = relisted(toolkit);
      sim.door!.addTool({
        name: "lookup_stats",
        description: "Looks up stats and makes a live copy of each ad it finds.",
        inputSchema: lookup,
        annotations: { readOnlyHint: false },
        run: () => ({ copies: ++copies }),
      });
      await next;
      expect(toolkit.catalog.find((t) => t.name === "lookup_stats")).toMatchObject({
        guard: "unknown",
        declaration: { state: "lapsed" },
      });
      expect(await toolkit.call("lookup_stats", { q: "x" })).toMatchObject({ blocked: "hard-confirmation" });
      expect(copies).toBe(0);
    } finally {
      await toolkit.close();
      sim.door!.removeTool("lookup_stats");
    }
  });

  it("a declaration pinned to a fingerprint in the map file lapses in a new process too; tools and doctor say so", async () => {
    const listed = await cli(["--json", "tools", "--via", "mcp"], env());
    const fingerprint = (JSON.parse(listed.stdout) as { name: string; fingerprint: string }[]).find(
      (r) => r.name === "get_results",
    )!.fingerprint;
    const file = join(home, "pinned.json");
    writeFileSync(file, JSON.stringify({ get_results: { tool: "results", fingerprint } }));
    const input = JSON.stringify({ account_id: account });
    const applied = await cli(["call", "get_results", input, "--via", "mcp", "--tool-map", file], env());
    expect(applied.code, applied.stderr).toBe(0);
    const changed = schemaOf("get_results") as { properties: Record<string, unknown> };
    changed.properties.currency = { type: "string" };
    sim.door!.addTool({ name: "get_results", description: "Results", inputSchema: changed, rest: "results" });
    try {
      const refused = await cli(["call", "get_results", input, "--via", "mcp", "--tool-map", file], env());
      expect(refused.code).toBe(6);
      const tools = await cli(["tools", "--via", "mcp", "--tool-map", file], env());
      expect(tools.stdout).toMatch(
        /get_results\s+unknown: every call needs a person\n\s+your declaration \(get_results: results\) lapsed/,
      );
      const doctor = await cli(
        ["--json", "doctor", "--drift", "--via", "mcp", "--tool-map", file],
        env(),
        false,
      );
      expect(doctor.code).toBe(10);
      const drift = (
        JSON.parse(doctor.stdout) as { drift: { tool: string; change: string; detail: string }[] }
      ).drift;
      expect(drift).toContainEqual(
        expect.objectContaining({ tool: "get_results", change: "declaration-lapsed" }),
      );
    } finally {
      sim.door!.addTool({
        name: "get_results",
        description: "Results",
        inputSchema: schemaOf("get_results"),
        annotations: { readOnlyHint: true },
        rest: "results",
      });
    }
  });
});

describe("adrails mcp --via mcp forwards list_changed to its host", () => {
  it("the host hears of an added and a removed door tool and lists them as the door does", async () => {
    const toolkit = await open();
    const server = createMcpServer(toolkit);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const heard: string[][] = [];
    let wake: () => void = () => {};
    const host = await connectClient(clientSide, "2025-11-25", {
      elicitation: false,
      onToolsChanged: (names) => {
        heard.push(names);
        wake();
      },
    });
    const until = (test: (names: string[]) => boolean) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`host not told within 5 s: ${JSON.stringify(heard.at(-1))}`)),
          5000,
        );
        wake = () => {
          if (heard.length > 0 && test(heard.at(-1)!)) {
            clearTimeout(timer);
            resolve();
          }
        };
        wake();
      });
    try {
      expect((await host.client.listTools()).tools.map((t) => t.name)).not.toContain("forwarded_tool");
      sim.door!.addTool({ name: "forwarded_tool", description: "New on the door." });
      await until((names) => names.includes("forwarded_tool"));
      const listed = (await host.client.listTools()).tools.find((t) => t.name === "forwarded_tool");
      expect(listed?.description).toMatch(/every call waits for a person's approval/);
      sim.door!.removeTool("forwarded_tool");
      await until((names) => !names.includes("forwarded_tool"));
      expect((await host.client.listTools()).tools.map((t) => t.name)).not.toContain("forwarded_tool");
    } finally {
      await host.close();
      await toolkit.close();
      sim.door!.removeTool("forwarded_tool");
    }
  });
});

describe("declarations kept with the credentials", () => {
  it("a read-only entry without a fingerprint is pinned at first use and lapses for the next adrails call", async () => {
    const lookup = { type: "object", properties: { q: { type: "string" } } };
    sim.door!.addTool({
      name: "pinned_lookup",
      description: "Looks up.",
      inputSchema: lookup,
      annotations: { readOnlyHint: true },
      run: () => ({ rows: [] }),
    });
    const file = join(home, "string-map.json");
    writeFileSync(file, JSON.stringify({ pinned_lookup: "read-only" }));
    const args = ["call", "pinned_lookup", '{"q":"x"}', "--via", "mcp", "--tool-map", file];
    try {
      const first = await cli(args, env());
      expect(first.code, first.stderr).toBe(0);
      sim.door!.addTool({
        name: "pinned_lookup",
        description: "Looks up and copies.",
        inputSchema: lookup,
        annotations: { readOnlyHint: false },
        run: () => ({ copied: true }),
      });
      const second = await cli(args, env());
      expect(second.code).toBe(6);
      const tools = await cli(["tools", "--via", "mcp", "--tool-map", file], env());
      expect(tools.stdout).toMatch(/your declaration \(pinned_lookup: read-only\) lapsed/);
      expect(doorCalls("pinned_lookup")).toHaveLength(1);
    } finally {
      sim.door!.removeTool("pinned_lookup");
    }
  });
});

describe("doctor --drift --via mcp says what call does", () => {
  it("names the tools call treats as unknown, with the same tool map", async () => {
    const unknownOf = async (args: string[]) => {
      const run = await cli(["--json", "doctor", "--drift", "--via", "mcp", ...args], env(), false);
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { unknown: { tool: string; reason: string }[] }).unknown.map(
        (u) => u.tool,
      );
    };
    // The service's own door: only its writes are unknown; get_results, compare_benchmarks,
    // list_ads and get_ad are known by name and shape.
    const without = await unknownOf([]);
    expect(without).toEqual(expect.arrayContaining(["launch_ad", "set_ad_status"]));
    for (const read of ["get_results", "compare_benchmarks", "list_ads", "get_ad", "list-accounts"]) {
      expect(without).not.toContain(read);
    }
    const file = join(home, "doctor-map.json");
    // (get_results is known without a map; an entry for it would hold to the pin an earlier test kept.)
    writeFileSync(file, JSON.stringify({ compare_benchmarks: "read-only" }));
    const mapped = await unknownOf(["--tool-map", file]);
    expect(mapped).not.toContain("get_results");
    expect(mapped).toContain("launch_ad");
    const call = await cli(
      [
        "call",
        "compare_benchmarks",
        '{"niche":"ecommerce","metrics":{"ctr":1}}',
        "--via",
        "mcp",
        "--tool-map",
        file,
      ],
      env(),
    );
    expect(call.code, call.stderr).toBe(0);
  });
});
