import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIND_TOOLS } from "../../src/discovery.js";
import { type Env, IMAGE, SITE, startEnv } from "./harness.js";
import { MASTRA_NODE, passesOnNode22 } from "./mastra-node.js";

// find-tools discovery through Mastra's real agent loop (generate, the input processor run before
// every model call, approveToolCallGenerate on a suspended run) with the AI SDK's mock model.

const LOOP_MS = 60_000;

describe.skipIf(MASTRA_NODE)(`Mastra find-tools on Node ${process.versions.node}`, () => {
  it("runs on Node 22: this file's Mastra tests pass in a Node 22 child", async () => {
    await passesOnNode22("test/adapters/mastra-dynamic.test.ts", 6);
  }, 300_000);
});

describe.runIf(MASTRA_NODE)("Mastra find-tools discovery through the agent loop", () => {
  let env: Env;
  let h: typeof import("./mastra-harness.js");
  let createTool: typeof import("@mastra/core/tools").createTool;
  beforeAll(async () => {
    h = await import("./mastra-harness.js");
    ({ createTool } = await import("@mastra/core/tools"));
    env = await startEnv();
  });
  afterAll(() => env?.close());
  beforeEach(() => env.sim.control.reset());

  const dynamic = { dynamic: {} };
  const sentNames = (call: unknown) =>
    ((call as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);
  const find = (id: string, query: string) => ({ id, name: FIND_TOOLS, input: { query } });
  const push = (id: string) => ({
    id,
    name: "push-creative",
    input: {
      account_id: env.account,
      adset_id: env.adset,
      image_url: IMAGE,
      website_url: SITE,
      headline: "Summer gear",
      status: "ACTIVE",
    },
  });

  it(
    "sends find-tools alone first, then what the search found; a found tool runs, and stays in the next turn",
    async () => {
      const first = await h.runMastra(
        env.toolkit(),
        [
          { calls: [find("f1", "how did my ads do last week")] },
          { calls: [{ id: "r1", name: "results", input: { account_id: env.account } }] },
          { text: "Here is last week." },
        ],
        undefined,
        { approval: "native" },
        dynamic,
      );
      expect(sentNames(first.calls[0])).toEqual([FIND_TOOLS]);
      const found = JSON.parse(first.read.get("f1")!).data.tools as string[];
      expect(found).toContain("results");
      expect(sentNames(first.calls[1]).sort()).toEqual([FIND_TOOLS, ...found].sort());
      expect(JSON.parse(first.read.get("r1")!)).toMatchObject({ ok: true, status: 200 });

      // A new user turn, the conversation so far as history: the found tools are still sent.
      const history = (first.prompts.at(-1) as { role: string }[]).filter((m) => m.role !== "system");
      const second = await h.runMastra(
        env.toolkit(),
        [{ calls: [{ id: "r2", name: "results", input: { account_id: env.account, level: "ad" } }] }],
        undefined,
        { approval: "native" },
        { ...dynamic, history },
      );
      expect(sentNames(second.calls[0])).toContain("results");
      expect(JSON.parse(second.read.get("r2")!)).toMatchObject({ ok: true, status: 200 });
    },
    LOOP_MS,
  );

  it(
    "a call before any search never runs: the model reads to search first, and an ACTIVE push asks nobody",
    async () => {
      const { asked, read, out } = await h.runMastra(
        env.toolkit(),
        [
          { calls: [{ id: "e1", name: "health", input: { account_id: env.account } }] },
          { calls: [push("e2")] },
          { text: "I will search first." },
        ],
        () => ({ approved: true, text: "Yes" }),
        { approval: "native" },
        dynamic,
      );
      expect(out.finishReason).toBe("stop");
      expect(asked).toEqual([]);
      for (const [id, name] of [
        ["e1", "health"],
        ["e2", "push-creative"],
      ] as const) {
        const result = JSON.parse(read.get(id)!);
        expect(result).toMatchObject({ ok: false, status: null, blocked: "scope" });
        expect(result.error).toContain(name);
        expect(result.hint).toContain(FIND_TOOLS);
        expect(result.hint).toContain("Nothing was sent");
      }
      expect(env.sim.control.requests()).toEqual([]);
    },
    LOOP_MS,
  );

  it(
    "after a search an ACTIVE push suspends for the person; approved, exactly one ad with their sentence",
    async () => {
      const { asked, read } = await h.runMastra(
        env.toolkit(),
        [
          { calls: [find("f1", "launch an ad live in an ad set")] },
          { calls: [push("p1")] },
          { text: "It is live." },
        ],
        () => ({ approved: true, text: "Yes, launch the summer ad" }),
        { approval: "native" },
        dynamic,
      );
      expect(JSON.parse(read.get("f1")!).data.tools).toContain("push-creative");
      expect(asked.map((a) => a.toolCallId)).toEqual(["p1"]);
      expect(asked[0]!.request?.summary).toMatchObject({ status: "ACTIVE" });
      const ads = env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text ?? null]);
      expect(ads).toEqual([["ACTIVE", "Yes, launch the summer ad"]]);
      expect(JSON.parse(read.get("p1")!).ok).toBe(true);
    },
    LOOP_MS,
  );

  it(
    "a search and a call of what it finds in the same step: that call is refused, the search still counts",
    async () => {
      const { read } = await h.runMastra(
        env.toolkit(),
        [
          {
            calls: [
              find("f1", "account health score"),
              { id: "h1", name: "health", input: { account_id: env.account } },
            ],
          },
          { calls: [{ id: "h2", name: "health", input: { account_id: env.account } }] },
        ],
        undefined,
        { approval: "native" },
        dynamic,
      );
      expect(JSON.parse(read.get("f1")!).data.tools).toContain("health");
      expect(JSON.parse(read.get("h1")!).blocked).toBe("scope");
      expect(JSON.parse(read.get("h2")!)).toMatchObject({ ok: true, status: 200 });
      expect(env.sim.control.requests().filter((r) => r.tool === "health")).toHaveLength(1);
    },
    LOOP_MS,
  );

  it(
    "bad find-tools input reads a validation result; the agent's own tools and `active` ones are sent from the start",
    async () => {
      const ran: unknown[] = [];
      const weather = createTool({
        id: "weather",
        description: "The weather.",
        execute: async (input: unknown) => {
          ran.push(input);
          return { sunny: true };
        },
      });
      const { read, calls } = await h.runMastra(
        env.toolkit(),
        [
          { calls: [{ id: "f1", name: FIND_TOOLS, input: { query: "" } }] },
          { calls: [{ id: "w1", name: "weather", input: {} }] },
          { calls: [{ id: "l1", name: "list-accounts", input: {} }] },
        ],
        undefined,
        { approval: "native" },
        { dynamic: { active: ["list-accounts"] }, extraTools: { weather } },
      );
      expect(sentNames(calls[0]).sort()).toEqual([FIND_TOOLS, "list-accounts", "weather"].sort());
      expect(JSON.parse(read.get("f1")!)).toMatchObject({ ok: false, blocked: "validation" });
      expect(read.get("f1")).toContain("query is required");
      expect(ran).toHaveLength(1);
      expect(JSON.parse(read.get("l1")!).data.accounts[0].id).toBe(env.account);
    },
    LOOP_MS,
  );

  it(
    "a pack and hideAccountId hold in dynamic mode: searches find only the pack's tools, schemas show no account_id",
    async () => {
      const toolkit = env.toolkit({ pack: "analyst", accountId: env.account, hideAccountId: true });
      const { read, calls } = await h.runMastra(
        toolkit,
        [
          { calls: [find("f1", "launch an ad live and how did my ads do")] },
          { calls: [{ id: "r1", name: "results", input: {} }] },
        ],
        undefined,
        { approval: "native" },
        dynamic,
      );
      const found = JSON.parse(read.get("f1")!).data.tools as string[];
      expect(found).toContain("results");
      expect(found).not.toContain("push-creative");
      const sent = (calls[1] as unknown as { tools: { name: string; inputSchema: unknown }[] }).tools;
      expect(sent.map((t) => t.name).sort()).toEqual([FIND_TOOLS, ...found].sort());
      for (const tool of sent)
        expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain("account_id");
      expect(JSON.parse(read.get("r1")!)).toMatchObject({ ok: true, status: 200 });
    },
    LOOP_MS,
  );
});
