import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectAdTools, type McpDoorToolkit } from "../../src/door-toolkit.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { connectClient } from "../mcp/helpers.js";
import { cli, freshHome, type Sim, startDoor } from "./helpers.js";

// A door whose catalog differs from REST the way the spec allows (snake_case names, oneOf,
// $ref/$defs, formats, dependentSchemas), over real HTTP, signed in with `adrails login`.
let sim: Sim;
let home: string;
let account: string;
let adset: string;
let toolkit: McpDoorToolkit;
const env = (extra: Record<string, string> = {}) => ({
  ADRAILS_HOME: home,
  ADRAILS_BASE_URL: sim.url,
  ...extra,
});
const doorCalls = (tool: string) => sim.door!.calls().filter((c) => c.tool === tool);
const mapFile = (map: unknown) => {
  const file = join(home, `map-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof map === "string" ? map : JSON.stringify(map));
  return file;
};
const push = (extra: Record<string, unknown> = {}) => ({
  account_id: account,
  adset_id: adset,
  image_url: "https://cdn.example.com/creative/summer-1.png",
  headline: "Summer gear",
  website_url: "https://northwind.example.com/summer",
  ...extra,
});

beforeAll(async () => {
  // Access tokens live one second: later calls need a refresh first.
  sim = await startDoor({ variant: true, accessTokenTtlS: 1, pageSize: 7 });
  home = freshHome();
  const login = await cli(["login", "--no-browser"], env());
  expect(login.code, login.stderr).toBe(0);
  toolkit = await connectAdTools({
    via: "mcp",
    mcpUrl: sim.door!.mcpUrl,
    home,
    toolMap: { get_results: "results" },
  });
  const accounts = await toolkit.call("list_accounts", {});
  expect(accounts.ok, JSON.stringify(accounts)).toBe(true);
  account = (accounts as { data: { accounts: { id: string }[] } }).data.accounts[0]!.id;
  const rows = await toolkit.call("get_results", { account_id: account, level: "adset" });
  expect(rows.ok, JSON.stringify(rows)).toBe(true);
  adset = (rows as { data: { rows: { id: string }[] } }).data.rows[0]!.id;
});
afterAll(async () => {
  await toolkit?.close();
  await sim.close();
});

describe("tools known by name and shape", () => {
  it("list_accounts is list-accounts: the CLI reads it without a person, also after a refresh", async () => {
    expect(toolkit.catalog.find((t) => t.name === "list_accounts")).toMatchObject({
      guard: "known",
      reason: "known by name and shape as list-accounts",
    });
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const run = await cli(["--json", "call", "list_accounts", "--via", "mcp"], env());
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).ok).toBe(true);
    }
  });

  it("adrails doctor --via mcp reads list_accounts as its first read", async () => {
    const run = await cli(["--json", "doctor", "--via", "mcp"], env());
    expect(run.code, run.stderr).toBe(0);
    const checks = (JSON.parse(run.stdout) as { checks: { check: string; ok: boolean }[] }).checks;
    expect(checks).toContainEqual(expect.objectContaining({ check: "list-accounts", ok: true }));
  });

  it("adrails tools --via mcp prints each tool's guard and why", async () => {
    const run = await cli(["--json", "tools", "--via", "mcp"], env());
    expect(run.code, run.stderr).toBe(0);
    const rows = JSON.parse(run.stdout) as {
      name: string;
      guard: string;
      reason: string;
      fingerprint: string;
    }[];
    expect(rows.find((r) => r.name === "push_creative")).toMatchObject({
      guard: "known",
      reason: "known by name and shape as push-creative",
    });
    // The service's door name of results, known by name and shape without a map.
    expect(rows.find((r) => r.name === "get_results")).toMatchObject({
      guard: "known",
      reason: "known by name and shape as results",
    });
    expect(rows.find((r) => r.name === "launch_ad")?.guard).toBe("unknown");
    expect(rows.every((r) => /^sha256:[0-9a-f]{32}$/.test(r.fingerprint))).toBe(true);
    const text = await cli(
      ["tools", "--via", "mcp", "--tool-map", mapFile({ get_results: "results" })],
      env(),
    );
    expect(text.stdout).toMatch(/get_results\s+guards of the known tool\n\s+mapped by you to results/);
  });

  it("push_creative is push-creative: no hard_confirm_text for the model, PAUSED is free, ACTIVE needs a person", async () => {
    const tool = toolkit.get("push_creative")!;
    const shown = JSON.stringify(z.toJSONSchema(tool.inputSchema, { io: "input", unrepresentable: "any" }));
    expect(shown).not.toContain("hard_confirm_text");
    expect(tool.definition.name).toBe("push-creative");
    const before = sim.control.ads().length;
    const paused = await toolkit.call("push_creative", push({ status: "PAUSED", ad_name: "paused one" }));
    expect(paused.ok, JSON.stringify(paused)).toBe(true);
    expect(sim.control.ads()).toHaveLength(before + 1);
    // The same change again goes out under the same request id: the service replays, no second ad.
    const again = await toolkit.call("push_creative", push({ status: "PAUSED", ad_name: "paused one" }));
    expect(again.ok, JSON.stringify(again)).toBe(true);
    expect(sim.control.ads()).toHaveLength(before + 1);
    const ids = doorCalls("push_creative").map((c) => c.arguments.request_id);
    expect(new Set(ids).size).toBe(1);

    const active = await toolkit.call("push_creative", push({ status: "ACTIVE", hard_confirm_text: "yes" }));
    expect(active).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    const cliActive = await cli(
      ["call", "push_creative", JSON.stringify(push({ status: "ACTIVE", ad_name: "cli" })), "--via", "mcp"],
      env(),
    );
    expect(cliActive.code).toBe(6);
    expect(sim.control.ads()).toHaveLength(before + 1);
  });

  it("adrails mcp --via mcp offers push_creative to a host without hard_confirm_text", async () => {
    const server = createMcpServer(toolkit);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const host = await connectClient(clientSide, "2025-11-25", { elicitation: false });
    try {
      const listed = await host.client.listTools();
      const pushTool = listed.tools.find((t) => t.name === "push_creative");
      expect(pushTool).toBeDefined();
      expect(JSON.stringify(pushTool!.inputSchema)).not.toContain("hard_confirm_text");
      expect(Object.keys(pushTool!.inputSchema.properties ?? {})).toContain("image_url");
    } finally {
      await host.close();
    }
  });
});

describe("the door's own JSON Schema", () => {
  it("oneOf: one image or one video is sent; both, or neither, are refused naming oneOf, nothing sent", async () => {
    const sent = doorCalls("push_creative").length;
    const both = await toolkit.call(
      "push_creative",
      push({ video_url: "https://cdn.example.com/v.mp4", ad_name: "both" }),
    );
    expect(both).toMatchObject({ ok: false, blocked: "validation" });
    expect((both as { error: string }).error).toMatch(
      /exactly one schema in oneOf \(it matched options 0 and 1\)/,
    );
    const { image_url: _i, ...none } = push({ ad_name: "none" });
    const neither = await toolkit.call("push_creative", none);
    expect((neither as { error: string }).error).toMatch(/oneOf \(it matched none\)/);
    // $ref to a $defs entry with format uri and an https pattern.
    const http = await toolkit.call("push_creative", push({ image_url: "http://cdn.example.com/a.png" }));
    expect((http as { error: string }).error).toMatch(/image_url must match pattern/);
    expect(doorCalls("push_creative")).toHaveLength(sent);
    const video = await toolkit.call(
      "push_creative",
      push({ image_url: undefined, video_url: "https://cdn.example.com/v.mp4", ad_name: "video" }),
    );
    expect(video.ok, JSON.stringify(video)).toBe(true);
  });

  it("dependentSchemas: since without until is refused, both together are read", async () => {
    const sent = doorCalls("get_results").length;
    const half = await toolkit.call("get_results", { account_id: account, since: "2026-10-01" });
    expect(half).toMatchObject({ ok: false, blocked: "validation" });
    expect((half as { error: string }).error).toMatch(/required property 'until'/);
    expect(doorCalls("get_results")).toHaveLength(sent);
    const both = await toolkit.call("get_results", {
      account_id: account,
      since: "2026-10-01",
      until: "2026-10-07",
    });
    expect(both.ok, JSON.stringify(both)).toBe(true);
  });

  it("a schema that does not compile: not offered, and tools --via mcp says which keyword", async () => {
    sim.door!.addTool({
      name: "broken_lookup",
      description: "Looks something up.",
      inputSchema: { type: "object", properties: { q: { type: "string", minLength: "three" } } },
    });
    try {
      await toolkit.relist();
      expect(toolkit.get("broken_lookup")).toBeUndefined();
      const result = await toolkit.call("broken_lookup", { q: "x" });
      expect((result as { error: string }).error).toMatch(/keyword minLength/);
      const run = await cli(["tools", "--via", "mcp"], env());
      expect(run.stderr).toMatch(/Not offered: broken_lookup: .*keyword minLength/);
    } finally {
      sim.door!.removeTool("broken_lookup");
    }
  });
});

describe("a tool map from the shell", () => {
  const rows = { account_id: "", level: "adset" };

  it("get_results is known as results without a map, and with --tool-map or ADRAILS_TOOL_MAP", async () => {
    const input = JSON.stringify({ ...rows, account_id: account });
    const without = await cli(["call", "get_results", input, "--via", "mcp"], env());
    expect(without.code, without.stderr).toBe(0);
    const file = mapFile({ get_results: "results" });
    const withFlag = await cli(["call", "get_results", input, "--via", "mcp", "--tool-map", file], env());
    expect(withFlag.code, withFlag.stderr).toBe(0);
    const withEnv = await cli(
      ["call", "get_results", input, "--via", "mcp"],
      env({ ADRAILS_TOOL_MAP: file }),
    );
    expect(withEnv.code, withEnv.stderr).toBe(0);
  });

  it.each([
    ["not JSON", "{get_results: results", /is not JSON/],
    [
      "a REST tool that does not exist",
      { get_results: "resultz" },
      /entry "get_results": adrails has no tool named "resultz"/,
    ],
    [
      "a tool whose shape differs",
      { compare_benchmarks: "compare" },
      /entry "compare_benchmarks": mapped by you to compare, but its shape differs/,
    ],
  ])("a map with %s: exit 2 naming the entry, nothing sent", async (_label, map, message) => {
    const before = sim.door!.calls().length;
    const run = await cli(["call", "list_accounts", "--via", "mcp", "--tool-map", mapFile(map)], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(sim.door!.calls()).toHaveLength(before);
  });

  it("a map file that does not exist: exit 2", async () => {
    const run = await cli(["tools", "--via", "mcp", "--tool-map", join(home, "nope.json")], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--tool-map.*could not be read/);
  });
});
