import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit, AdToolsOptions, ApprovalAnswer, ToolResult } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

// Issue 41: an answer whose request is not where the redeeming toolkit looks was refused as "the
// payload was edited after the ask". Each case here is asked by one toolkit and answered through
// another, and the refusal names the cause that can be told from here and what to configure.

let f: SimFixture;
let redis: TestRedis & { close(): Promise<void> };
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  [f, redis] = await Promise.all([startSimFixture(), startRedis()]);
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close().catch(() => {});
  await Promise.all([f?.sim.close(), redis?.close()]);
});
beforeEach(() => f.sim.control.reset());

let headlines = 0;
/** A new ACTIVE push each time: the default store is shared by the toolkits of this file. */
const activeInput = () => f.push({ status: "ACTIVE", headline: `Missing ${++headlines}` });

/** A toolkit as an app builds one: the simulator's key and base URL, no store unless given. */
const toolkit = (options: Partial<AdToolsOptions> = {}) =>
  createAdTools({
    apiKey: f.sim.apiKey,
    baseUrl: f.sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...options,
  });

/** Asks a person through `asker` (recorded in its store), then answers yes in `answerer`. */
async function askedThenAnswered(asker: AdToolkit, answerer: AdToolkit): Promise<ToolResult> {
  const input = activeInput();
  const tool = asker.get("push-creative")!;
  const request = await tool.ask(input, { toolCallId: `call-${headlines}` });
  expect(request).not.toBeNull();
  const answer: ApprovalAnswer = tool.answer(request!, { approved: true, text: "Go live" }, "host");
  return answerer.call("push-creative", input, { answer, toolCallId: `call-${headlines}` });
}

const refusalOf = (result: ToolResult): string => {
  expect(result).toMatchObject({ ok: false, blocked: "hard-confirmation" });
  expect(f.bodies("push-creative")).toEqual([]);
  const error = (result as { error: string }).error;
  expect(error).not.toContain("edited");
  return error;
};

describe("a missing approval request names its likely cause", () => {
  it("asked in another process on memory: says memory does not reach it and names a shared store", async () => {
    // Another process's memory is nothing this process holds; a store of the asker's own stands in.
    const error = refusalOf(await askedThenAnswered(toolkit({ store: memoryStore() }), toolkit()));
    expect(error).toContain("is not in this process's memory");
    expect(error).toContain("another process");
    expect(error).toContain("redisStore");
    expect(error).toContain("ADRAILS_REDIS_URL");
  });

  it("asked by a toolkit of this process with another base URL: says the key and service must match", async () => {
    const other = toolkit({ baseUrl: f.sim.url.replace("127.0.0.1", "localhost") });
    const error = refusalOf(await askedThenAnswered(other, toolkit()));
    expect(error).toContain("another API key or base URL");
    expect(error).toContain("same apiKey and baseUrl");
  });

  it("asked by a toolkit with no store, answered by one given its own: says to give both the same store", async () => {
    const error = refusalOf(await askedThenAnswered(toolkit(), toolkit({ store: memoryStore() })));
    expect(error).toContain("given no store");
    expect(error).toContain("its own store (memory)");
  });

  it("asked through another memory store object: says each memoryStore() is its own", async () => {
    const error = refusalOf(
      await askedThenAnswered(toolkit({ store: memoryStore() }), toolkit({ store: memoryStore() })),
    );
    expect(error).toContain("memory store this toolkit was given");
    expect(error).toContain("each memoryStore() is its own");
  });

  it("asked through another Redis prefix: names the shared store and what must be the same", async () => {
    const stores = [
      redisStore({ url: redis.url, prefix: "asker" }),
      redisStore({ url: redis.url, prefix: "other" }),
    ];
    closers.push(...stores.map((store) => () => store.close()));
    const error = refusalOf(
      await askedThenAnswered(toolkit({ store: stores[0] }), toolkit({ store: stores[1] })),
    );
    expect(error).toContain(`is not in the shared store (redis at 127.0.0.1:${redis.port})`);
    expect(error).toContain("another Redis URL, database or key prefix");
  });

  it("expired and dropped: says when it expired and to ask again", async () => {
    let now = Date.now();
    const store = memoryStore({ now: () => now });
    const options = { store, approvalTtlMs: 1_000 };
    const input = activeInput();
    const asker = toolkit(options);
    const tool = asker.get("push-creative")!;
    const request = await tool.ask(input, { toolCallId: "late" });
    const answer = tool.answer(request!, { approved: true, text: "Go live" }, "host");
    now += 1_000 + 15 * 60_000 + 1;
    const error = refusalOf(
      await toolkit(options).call("push-creative", input, { answer, toolCallId: "late" }),
    );
    expect(error).toContain(`expired at ${new Date(request!.expiresAt).toISOString()}`);
    expect(error).toContain("Ask the person again");
  });
});
