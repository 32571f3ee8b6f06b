import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { aiSdkCosts, aiSdkTotal, chatWireTools, langchainTotal, sum, tokens } from "../../bench/tokens.js";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { createAdTools } from "../../src/toolkit.js";
import { PACK_NAMES } from "../../src/tools/packs.js";
import type { AdToolsOptions } from "../../src/types.js";

// What the model reads back on every request, in o200k tokens, as the adapters hand the catalog to
// OpenAI and as an MCP host receives tools/list. Deterministic: any growth over 5% of the committed
// baselines (token-baselines.json) fails, so a schema change that costs every user on every request
// is a decision someone makes, not an accident. After a deliberate change, update the baseline.

const BASELINES = JSON.parse(readFileSync(join(import.meta.dirname, "token-baselines.json"), "utf8")) as {
  catalog: Record<string, number>;
  packs: Record<string, number>;
  mcpToolsList: number;
};
const GROWTH = 1.05;
/** The ceiling for the full catalog as the AI SDK hands it to OpenAI. */
const CEILING = 5850;
const ACCOUNT = "act_1234567890";
const kit = (options: AdToolsOptions = {}) =>
  createAdTools({ apiKey: "adk_bench_placeholder", baseUrl: "http://127.0.0.1:1", ...options });

const within = (what: string, value: number, baseline: number | undefined) => {
  expect(baseline, `no committed baseline for ${what}`).toBeTypeOf("number");
  expect(value, `${what}: ${value} tokens, over 5% above the baseline ${baseline}`).toBeLessThanOrEqual(
    Math.floor(baseline! * GROWTH),
  );
};

describe("tokens the model reads back (o200k)", () => {
  it("the full catalog: AI SDK, LangChain (strict and lean), the Chat Completions wire", async () => {
    const measured: Record<string, number> = {
      aiSdk: await aiSdkTotal(kit()),
      aiSdkAccount: await aiSdkTotal(kit({ accountId: ACCOUNT })),
      aiSdkHidden: await aiSdkTotal(kit({ accountId: ACCOUNT, hideAccountId: true })),
      langchainStrict: langchainTotal(kit()),
      langchainLean: langchainTotal(kit(), { strict: false }),
      wire: tokens(await chatWireTools(aiSdkTools(kit()))),
    };
    for (const [what, value] of Object.entries(measured)) within(what, value, BASELINES.catalog[what]);
    expect(measured.aiSdk).toBeLessThanOrEqual(CEILING);
    expect(measured.aiSdkAccount).toBeLessThanOrEqual(measured.aiSdk!);
    expect(measured.langchainLean).toBeLessThanOrEqual(measured.aiSdk! * 1.05);
  });

  it("each pack", async () => {
    for (const pack of PACK_NAMES) {
      const total = sum([...(await aiSdkCosts(aiSdkTools(kit({ pack })))).values()]);
      within(`pack ${pack}`, total, BASELINES.packs[pack]);
    }
  });

  it("tools/list: within the baseline, and less per tool than server-everything", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(kit()).connect(serverSide);
    const client = new Client({ name: "token-budget", version: "1.0.0" });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    await client.close();
    const ours = tokens({ tools });
    within("MCP tools/list", ours, BASELINES.mcpToolsList);

    const require = createRequire(import.meta.url);
    const everything = join(
      dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
      "dist/index.js",
    );
    const other = new Client({ name: "token-budget", version: "1.0.0" });
    await other.connect(
      new StdioClientTransport({ command: process.execPath, args: [everything, "stdio"], stderr: "ignore" }),
    );
    const listed = (await other.listTools()).tools;
    await other.close();
    expect(listed.length).toBeGreaterThan(0);
    expect(ours / tools.length).toBeLessThan(tokens({ tools: listed }) / listed.length);
  });
});
