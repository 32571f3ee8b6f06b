import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpHttpServer, startMcpHttpServer } from "../../src/mcp/http.js";
import type { AdStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { accept, call, connectClient, type Env, push, SENTENCE, startEnv } from "./helpers.js";

// Issue 21: an MCP host (or its model) sends the same ACTIVE push twice at once. Each call gets its
// own form, the person accepts both, and neither form can name a live ad since none went live
// yet. One ad goes live; the other call is refused, nothing sent, or its person is asked again
// and told of the live ad.

const TOKEN = "test-token-0123456789abcdef";
const ERAS = ["2025-11-25", "2026-07-28"] as const;
let env: Env;
let redis: TestRedis & { close(): Promise<void> };
let store: AdStore;
const servers: Record<string, McpHttpServer> = {};

beforeAll(async () => {
  [env, redis] = await Promise.all([startEnv(), startRedis()]);
  store = redisStore({ url: redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
  servers.memory = await startMcpHttpServer(env.toolkit(), { token: TOKEN });
  servers.redis = await startMcpHttpServer(env.toolkit({ store }), { token: TOKEN });
}, 60_000);
afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
  await store?.close();
  await Promise.all([env?.close(), redis?.close()]);
});

describe.each(["memory", "redis"])("MCP over HTTP, %s store", (kind) => {
  it.each(ERAS)(
    "protocol %s: two parallel identical ACTIVE pushes, both forms accepted: one ACTIVE ad",
    async (era) => {
      const transport = new StreamableHTTPClientTransport(new URL(servers[kind]!.url), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      });
      const connected = await connectClient(transport, era);
      try {
        const body = push(env, { status: "ACTIVE", headline: `Parallel ${kind} ${era}` });
        // The person answers once both forms are up, as a person looking at two tabs would.
        const forms: string[] = [];
        let bothShown: () => void = () => {};
        const shown = new Promise<void>((resolve) => {
          bothShown = resolve;
        });
        connected.client.setRequestHandler("elicitation/create", async (request) => {
          forms.push((request.params as { message: string }).message);
          if (forms.length === 2) bothShown();
          if (forms.length > 2) return { action: "decline" } as const;
          await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, 1000))]);
          return accept(SENTENCE);
        });
        const [first, second] = await Promise.all([
          call(connected.client, "push-creative", body),
          call(connected.client, "push-creative", body),
        ]);
        const mine = env.activeAds().filter((ad) => ad.headline === body.headline);
        expect(mine).toHaveLength(1);
        const results = [first, second];
        expect(results.filter((r) => r.result.isError === false)).toHaveLength(1);
        const refused = results.find((r) => r.result.isError !== false)!;
        expect(refused.text).toMatch(/Nothing was sent/);
        // Refused at once, or asked again in a form naming the live ad (this person then says no).
        if (forms.length === 2) expect(refused.text).toMatch(/identical/i);
        else expect(forms[2]).toContain("An identical ad already went live");
      } finally {
        await connected.close();
      }
    },
  );
});
