import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../support/redis.js";
import { buildOnce, run } from "./helpers.js";

// Issue 40: ADRAILS_APPROVAL_SECRET sets the toolkit's approvalSecret for `adrails call` (and
// `mcp`, through the same fleet options): the request and the person's answer the CLI records in
// the shared store are signed with it, so a store writer without it cannot forge one.

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  await buildOnce();
  redis = await startRedis();
}, 120_000);
afterAll(async () => {
  await redis?.close();
});

const AD = JSON.stringify({
  account_id: "act_429373234981786",
  adset_id: "70236971177635841",
  image_url: "https://cdn.example.com/a.jpg",
  website_url: "https://shop.example.com",
  status: "ACTIVE",
});

/** The approval records' fields in the store: each request's record and its answer. */
async function records(): Promise<Record<string, string>[]> {
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const keys = await client.keys("adrails:apr:*");
    return Promise.all(keys.map((k) => client.hGetAll(k)));
  } finally {
    await client.quit();
  }
}

describe("ADRAILS_APPROVAL_SECRET", () => {
  it("signs the request and the answer adrails call records, and only then", async () => {
    const args = [
      "--sim",
      "call",
      "push-creative",
      AD,
      "--confirm-text",
      "Yes, launch",
      "--redis",
      redis.url,
    ];
    await redis.flush();
    const unsigned = await run(args);
    expect(unsigned.code).toBe(0);
    const [plain] = await records();
    expect(JSON.parse(plain!.rec!).sig).toBeUndefined();
    expect(JSON.parse(plain!.ans!).sig).toBeUndefined();

    await redis.flush();
    const signed = await run(args, { env: { ADRAILS_APPROVAL_SECRET: "fleet-approval-secret-0123456789" } });
    expect(signed.code).toBe(0);
    const [record] = await records();
    expect(JSON.parse(record!.rec!).sig).toMatch(/^[\w-]{40,}$/);
    expect(JSON.parse(record!.ans!).sig).toMatch(/^[\w-]{40,}$/);
  }, 60_000);

  it("refuses a secret too short to be one", async () => {
    const short = await run(["--sim", "call", "list-accounts"], {
      env: { ADRAILS_APPROVAL_SECRET: "short" },
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("ADRAILS_APPROVAL_SECRET must be at least 16 characters");
  }, 60_000);
});
