import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkToolApproval, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import type { ToolResult } from "../../src/types.js";
import { buildOnce } from "../cli/helpers.js";
import { callsResponse, type Env, IMAGE, SITE, startEnv, textResponse } from "./harness.js";

// Sequences 2 and 4 of issue 12: one approval delivered twice, the second time to another process
// that shares nothing with the first (the layout of examples/ai-sdk-stream-chat-route.ts: one
// toolkit per process, no sessionId). The simulator runs here, on loopback; the second process is
// a real child process. However often the approval arrives, and wherever, one ACTIVE ad exists.

const CHILD = fileURLToPath(new URL("./child/second-process.mjs", import.meta.url));

let env: Env;
beforeAll(async () => {
  await buildOnce();
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

/** Runs one job in a fresh Node process (on the built package) and returns what it printed. */
function inChild(job: Record<string, unknown>): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`child exited ${code}: ${err}`));
    });
    child.stdin.end(JSON.stringify({ url: env.sim.url, apiKey: env.sim.apiKey, ...job }));
  });
}

const activePush = (id: string) => ({
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

const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");
const live = () => env.sim.control.ads().filter((ad) => ad.status === "ACTIVE");

type Loose = any;
const major = (which: "ai6" | "ai7") =>
  which === "ai6"
    ? { ai: ai6 as Loose, Mock: MockV6 as Loose, added: (r: Loose) => r.response.messages }
    : { ai: ai7 as Loose, Mock: MockV7 as Loose, added: (r: Loose) => r.responseMessages };

/** What the tools returned in a run, as the model read it (the approved call runs before the model). */
const resultsOf = (messages: Loose[]): ToolResult[] =>
  messages
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .filter((part: Loose) => part.type === "tool-result")
    .map((part: Loose) => JSON.parse(part.output.value));

describe.each(["ai6", "ai7"] as const)("%s: an approval response delivered twice", (which) => {
  it("to the same route and to two other processes creates exactly one ACTIVE ad", {
    timeout: 60_000,
  }, async () => {
    const { ai, Mock, added } = major(which);
    const toolkit = env.toolkit();
    const tools = aiSdkTools(toolkit, { approval: "native" });
    const model = new Mock({
      doGenerate: [callsResponse([activePush("c1")]), textResponse("done"), textResponse("done")],
    });
    const options = (messages: unknown[]) => ({
      model,
      tools,
      messages,
      stopWhen: ai.stepCountIs(3),
      ...(which === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {}),
    });
    const messages: unknown[] = [{ role: "user", content: "Launch the summer ad." }];
    const asked = await ai.generateText(options(messages));
    const [request] = asked.content.filter((p: Loose) => p.type === "tool-approval-request");
    messages.push(...added(asked), {
      role: "tool",
      content: [{ type: "tool-approval-response", approvalId: request.approvalId, approved: true }],
    });
    // JSON is what travels between the browser and the route.
    const wire = JSON.parse(JSON.stringify(messages));

    const first = resultsOf(added(await ai.generateText(options(wire))));
    expect(first).toMatchObject([{ ok: true, data: { status: "ACTIVE" } }]);
    expect(live()).toHaveLength(1);

    // A double submit to the same process: the approval was used.
    const again = resultsOf(added(await ai.generateText(options(wire))));
    expect(again).toMatchObject([{ ok: false, blocked: "hard-confirmation" }]);
    expect(again[0]).toMatchObject({ error: expect.stringContaining("already used") });

    // Two other instances of the route, each with its own toolkit and nothing shared: the request
    // is recorded in the first instance's store only, so the conversation alone approves nothing.
    const elsewhere = await Promise.all([
      inChild({ kind: which, messages: wire }),
      inChild({ kind: which, messages: wire }),
    ]);
    for (const results of elsewhere) {
      expect(results).toMatchObject([{ ok: false, blocked: "hard-confirmation" }]);
      // The refusal names the likely cause and what to configure, not an edited payload.
      expect(results[0]).toMatchObject({
        error: expect.stringContaining("is not in this process's memory"),
      });
      expect(results[0]!.error).toContain("another process");
      expect(results[0]!.error).toContain("redisStore");
      expect(results[0]!.error).not.toContain("edited");
    }

    expect(live()).toHaveLength(1);
    expect(env.sim.control.ads()).toHaveLength(1);
    const ids = new Set(pushes().map((r) => (r.body as { request_id?: string }).request_id));
    expect(ids.size).toBe(1);
    expect(pushes().filter((r) => r.replayed)).toHaveLength(0);
  });
});

describe("a host approval without id or time, reused", () => {
  it("with another tool call id in another session, here and in another process: one ACTIVE ad", {
    timeout: 60_000,
  }, async () => {
    const toolkit = env.toolkit();
    const input = activePush("x").input;
    const { fingerprint } = toolkit.get("push-creative")!.confirmationRequest(input)!;
    const approval = { fingerprint, via: "host", text: "Dana approved the summer ad" };

    const first = await toolkit.call("push-creative", input, {
      approval,
      toolCallId: "call_1",
      sessionId: "s1",
    });
    expect(first).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    const reused = await toolkit.call("push-creative", input, {
      approval,
      toolCallId: "call_2",
      sessionId: "s2",
    });
    expect(reused).toMatchObject({ ok: false, blocked: "hard-confirmation" });

    const fresh = env.toolkit();
    const other = await fresh.call("push-creative", input, {
      approval,
      toolCallId: "call_2",
      sessionId: "s3",
    });
    const child = await inChild({
      kind: "host",
      input,
      context: { approval, toolCallId: "call_3", sessionId: "s4" },
    });
    for (const result of [other, child])
      expect(result).toMatchObject({ ok: true, data: { status: "ACTIVE" } });

    expect(live()).toHaveLength(1);
    expect(env.sim.control.ads()).toHaveLength(1);
    expect(new Set(pushes().map((r) => (r.body as { request_id?: string }).request_id)).size).toBe(1);
  });

  it("an approval with a time expires after approvalTtlMs, in any process", async () => {
    const toolkit = env.toolkit({ approvalTtlMs: 1_000 });
    const input = activePush("x").input;
    const { fingerprint } = toolkit.get("push-creative")!.confirmationRequest(input)!;
    const stale = { fingerprint, via: "host", approvedAt: Date.now() - 5_000 };
    expect(await toolkit.call("push-creative", input, { approval: stale })).toMatchObject({
      blocked: "hard-confirmation",
      error: expect.stringContaining("expired"),
    });
    expect(pushes()).toEqual([]);
  });
});
