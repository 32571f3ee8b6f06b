import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpHttpServer, startMcpHttpServer } from "../../src/mcp/http.js";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";
import {
  accept,
  type Connected,
  call,
  connectClient,
  type Env,
  push,
  SENTENCE,
  startEnv,
} from "./helpers.js";

// Issue 21, sequence 5: a host or model repeats an ACTIVE push after losing the first answer; the
// person, shown the same form again, believes the first failed and accepts again. The second form
// must name the ad that went live and when; a second live ad only after the person saw that.

const ERAS = ["2025-11-25", "2026-07-28"] as const;
const TOKEN = "test-token-0123456789abcdef";
let env: Env;
let http: McpHttpServer;
beforeAll(async () => {
  await buildOnce();
  env = await startEnv();
  http = await startMcpHttpServer(env.toolkit(), { token: TOKEN });
}, 120_000);
afterAll(async () => {
  await http?.close();
  await env?.close();
});

const transports = {
  stdio: () =>
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      cwd: ROOT,
      env: cleanEnv({ ADRAILS_API_KEY: env.sim.apiKey, ADRAILS_BASE_URL: env.sim.url }) as Record<
        string,
        string
      >,
      stderr: "pipe",
    }),
  http: () =>
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
};

async function acceptTwice(connected: Connected) {
  const { client, person } = connected;
  // Fields no other test uses, so only this test's ads match.
  const body = push(env, { status: "ACTIVE", headline: `Repeat ${Math.random()}` });
  person.answers.push(accept(SENTENCE), accept(SENTENCE));
  const first = await call(client, "push-creative", body);
  expect(first.result.isError, first.text).toBe(false);
  const firstAd = String((first.tool as { data: { ad_id: unknown } }).data.ad_id);
  const second = await call(client, "push-creative", body);
  const mine = env.activeAds().filter((ad) => ad.headline === body.headline);
  return { firstAd, second, mine, forms: person.shown.map((form) => form.message) };
}

describe.each(Object.keys(transports) as (keyof typeof transports)[])("MCP over %s", (kind) => {
  it.each(ERAS)(
    "protocol %s: the second form for an identical ACTIVE push names the live ad and when",
    {
      timeout: 60_000,
    },
    async (era) => {
      const connected = await connectClient(transports[kind](), era);
      try {
        expect(connected.client.getNegotiatedProtocolVersion()).toBe(era);
        const { firstAd, second, mine, forms } = await acceptTwice(connected);
        expect(forms).toHaveLength(2);
        expect(forms[0]).not.toContain("already went live");
        // Never two live ads without the person having been told of the first.
        expect(forms[1]).toContain(`An identical ad already went live: ad ${firstAd}, at `);
        expect(forms[1]).toMatch(/at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(\d+ s ago\)/);
        expect(forms[1]).toContain("second live copy");
        // The person accepted knowingly: a second ad, and the result says so to the model.
        expect(second.result.isError, second.text).toBe(false);
        expect(mine).toHaveLength(2);
      } finally {
        await connected.close();
      }
    },
  );
});
