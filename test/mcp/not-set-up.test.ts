import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";
import { connectClient } from "./helpers.js";

// A person who adds `adrails mcp` to a host and forgets the key sees why in the host, not
// "Connection closed": the server starts, lists its tools, and every call says what to set.

beforeAll(() => buildOnce(), 120_000);

describe("adrails mcp without a key or base URL", () => {
  for (const [label, env] of [
    ["no key", {}],
    ["no base URL", { ADRAILS_API_KEY: "adk_someone_s_key" }],
  ] as const) {
    it(`starts, lists the tools, and answers every call with what to set (${label})`, {
      timeout: 60_000,
    }, async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp"],
        cwd: ROOT,
        env: cleanEnv(env) as Record<string, string>,
        stderr: "pipe",
      });
      let stderr = "";
      transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const connected = await connectClient(transport, "2025-11-25");
      try {
        const { tools } = await connected.client.listTools();
        expect(tools.length).toBeGreaterThan(40);
        const result = await connected.client.callTool({ name: "list-accounts", arguments: {} });
        expect(result.isError).toBe(true);
        const text = (result.content as { type: string; text: string }[])[0]!.text;
        expect(text).toContain(label === "no key" ? "No API key" : "No base URL");
        expect(text).toMatch(/set ADRAILS_API_KEY .* ADRAILS_BASE_URL/);
        const push = await connected.client.callTool({
          name: "push-creative",
          arguments: { status: "ACTIVE", headline: "x" },
        });
        expect(connected.person.shown).toHaveLength(0);
        expect(push.isError).toBe(true);
      } finally {
        await connected.close();
      }
      expect(stderr).toContain("adrails: warning:");
      expect(stderr).toContain("ADRAILS_API_KEY");
      expect(stderr).not.toContain("adk_someone_s_key");
    });
  }
});
