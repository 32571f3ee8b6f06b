import { InMemoryTransport } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAdTools, type McpDoorToolkit } from "../../src/door-toolkit.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { accept, connectClient } from "../mcp/helpers.js";
import { cli, freshHome, type Sim, startDoor } from "./helpers.js";

// launch_ad is a write only the MCP door has: it creates the ad ACTIVE at once.
let sim: Sim;
let home: string;
let launch: Record<string, unknown>;
const env = () => ({ ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });
const launched = () =>
  sim.control.ads().filter((ad) => (ad as { created_by?: string }).created_by === "launch_ad");

beforeAll(async () => {
  sim = await startDoor();
  home = freshHome();
  const login = await cli(["login", "--no-browser"], env());
  expect(login.code, login.stderr).toBe(0);
  // get_results is REST's results renamed: the configuration maps it, so it is a known read.
  const setup = await connectAdTools({
    via: "mcp",
    mcpUrl: sim.door!.mcpUrl,
    home,
    toolMap: { get_results: "results" },
  });
  expect(setup.catalog.find((t) => t.name === "get_results")?.guard).toBe("known");
  const accounts = await setup.call("list-accounts", {});
  const account = ((accounts as { data: { accounts: { id: string }[] } }).data.accounts[0] as { id: string })
    .id;
  const rows = await setup.call("get_results", { account_id: account, level: "adset" }, {});
  await setup.close();
  expect(rows.ok, JSON.stringify(rows)).toBe(true);
  const adset = (rows as { data: { rows: { id: string }[] } }).data.rows[0]!.id;
  launch = {
    account_id: account,
    adset_id: adset,
    creative: { image_url: "https://cdn.example.com/creative/summer-1.png", headline: "Summer gear" },
    destination: { website_url: "https://northwind.example.com/summer" },
  };
});
afterAll(async () => {
  await sim.close();
});

describe("an MCP-only write that makes an ad live", () => {
  let toolkit: McpDoorToolkit;
  afterAll(async () => toolkit?.close());

  it("is a tool adrails does not know: every call needs a person", async () => {
    toolkit = await connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home });
    const tool = toolkit.catalog.find((t) => t.name === "launch_ad");
    expect(tool?.guard).toBe("unknown");
    expect(toolkit.get("launch_ad")?.needsConfirmation(launch)).toBe(true);
    const request = toolkit.get("launch_ad")?.confirmationRequest(launch);
    expect(request?.message).toContain("launch_ad");
    expect(request?.message).toContain("https://northwind.example.com/summer");
    expect(request?.message).toContain("start delivery at once");
  });

  it("toolkit.call without a person: refused, nothing sent", async () => {
    const result = await toolkit.call("launch_ad", launch);
    expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(launched()).toHaveLength(0);
  });

  it("the CLI without --confirm-text: exit 6, nothing sent; with it: done once", async () => {
    const refused = await cli(["call", "launch_ad", JSON.stringify(launch), "--via", "mcp"], env());
    expect(refused.code).toBe(6);
    expect(launched()).toHaveLength(0);
    const done = await cli(
      [
        "call",
        "launch_ad",
        JSON.stringify(launch),
        "--via",
        "mcp",
        "--confirm-text",
        "I approve this ad going live now",
      ],
      env(),
    );
    expect(done.code, done.stderr).toBe(0);
    expect(launched()).toHaveLength(1);
  });

  it("adrails mcp --via mcp: a host without elicitation is refused, nothing sent; a person's answer runs it once", async () => {
    const before = launched().length;
    const door = await connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home });
    try {
      const server = createMcpServer(door);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const host = await connectClient(clientSide, "2025-11-25", { elicitation: false });
      const refused = await host.client.callTool({
        name: "launch_ad",
        arguments: { ...launch, ad_name: "via host" },
      });
      expect(JSON.stringify(refused.structuredContent)).toContain("hard-confirmation");
      expect(launched()).toHaveLength(before);
      await host.close();

      const server2 = createMcpServer(door);
      const [c2, s2] = InMemoryTransport.createLinkedPair();
      await server2.connect(s2);
      const person = await connectClient(c2, "2025-11-25", { elicitation: true });
      person.person.answers.push(accept("I approve this ad going live now"));
      const done = await person.client.callTool({
        name: "launch_ad",
        arguments: { ...launch, ad_name: "via host" },
      });
      expect(done.isError ?? false, JSON.stringify(done.structuredContent)).toBe(false);
      expect(person.person.shown[0]?.message).toContain("launch_ad");
      expect(launched()).toHaveLength(before + 1);
      await person.close();
    } finally {
      await door.close();
    }
  });

  it("toolkit.call with a person's approval: done once", async () => {
    const before = launched().length;
    const asked: string[] = [];
    const withPerson = await connectAdTools({
      via: "mcp",
      mcpUrl: sim.door!.mcpUrl,
      home,
      confirm: (request) => {
        asked.push(request.message);
        return { approved: true, text: "I approve this ad going live now" };
      },
    });
    try {
      const result = await withPerson.call("launch_ad", { ...launch, ad_name: "toolkit" });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(asked).toHaveLength(1);
      expect(launched()).toHaveLength(before + 1);
    } finally {
      await withPerson.close();
    }
  });

  it("a tool that disappears is refused with a clear result", async () => {
    sim.door!.addTool({ name: "brand_new_write", description: "Does something new." });
    await toolkit.relist();
    expect(toolkit.get("brand_new_write")).toBeDefined();
    sim.door!.removeTool("brand_new_write");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await toolkit.call("brand_new_write", {});
    expect(result).toMatchObject({ ok: false, blocked: "scope" });
    expect((result as { error: string }).error).toMatch(/does not list/);
  });
});
