import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RunState, run } from "@openai/agents";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adConfirmationRequest, approveAdCall } from "../../src/adapters/openai-agents.js";
import { redisStore } from "../../src/store/redis.js";
import type { ConfirmSummary, ToolResult } from "../../src/types.js";
import { startRedis } from "../support/redis.js";
import { agentsText, agentsToolCalls } from "./agents-model.js";
import { type Env, startEnv } from "./harness.js";
import { agentFor, keptResults, readBy, script, simulatorOf } from "./openai-agents-support.js";

// A serialized run state through the Agents SDK's run() loop: edited, rewritten, resumed twice,
// and resumed in a child process.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const { pushes, adsOf, push } = simulatorOf(() => env);

describe("a serialized run state", () => {
  const edit = (state: string) => state.replaceAll("Summer gear", "Winter gear");

  it("whose arguments were edited after the approval is refused", async () => {
    const { model, agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const resumed = await RunState.fromString(agent, edit(first.state.toString()));
    const done = await run(agent, resumed);
    expect(keptResults(done).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(readBy(model, "c1")).toContain("edited after the ask");
    expect(pushes()).toEqual([]);
  });

  it("rewritten whole, answer included, is refused when answers are signed", async () => {
    const toolkit = env.toolkit();
    const signedTools = { approval: "native" as const, approvalSecret: "kept-out-of-the-state" };
    const { agent } = agentFor(toolkit, script(push("c1", "ACTIVE")), signedTools);
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const saved = first.state.toString();
    expect(saved).not.toContain("kept-out-of-the-state");

    // The forger edits the payload and puts its fingerprint into the record as well.
    const forged = JSON.parse(edit(saved));
    const edited = { ...push("c1", "ACTIVE").input, headline: "Winter gear" };
    const fingerprint = toolkit.get("push-creative")!.confirmationRequest(edited)!.fingerprint;
    // Records are kept by call and payload ("call:<id>\n<fingerprint>").
    const approvals = forged.context.context.adrails.approvals;
    const record = approvals[Object.keys(approvals).find((key) => key.startsWith("call:c1\n"))!];
    record.request.fingerprint = fingerprint;
    record.answer.request.fingerprint = fingerprint;

    const forgedRun = agentFor(toolkit, [agentsText("done")], signedTools);
    const done = await run(
      forgedRun.agent,
      await RunState.fromString(forgedRun.agent, JSON.stringify(forged)),
    );
    expect(keptResults(done).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(readBy(forgedRun.model, "c1")).toContain("signature");
    expect(pushes()).toEqual([]);

    // The same state, unaltered, still goes through.
    const honest = agentFor(toolkit, [agentsText("done")], signedTools);
    await run(honest.agent, await RunState.fromString(honest.agent, saved));
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
  });

  it("resumed twice by the same toolkit uses its approval once", async () => {
    const toolkit = env.toolkit();
    const { agent } = agentFor(toolkit, [
      agentsToolCalls([push("c1", "ACTIVE")]),
      agentsText("done"),
      agentsText("done"),
    ]);
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const saved = first.state.toString();
    const once = await run(agent, await RunState.fromString(agent, saved));
    const twice = await run(agent, await RunState.fromString(agent, saved));
    expect(keptResults(once).get("c1")).toMatchObject({ ok: true, status: 200 });
    expect(keptResults(twice).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
    expect(pushes()).toHaveLength(1);
  });

  it("whose arguments were edited before the person approved is refused", async () => {
    const { agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    const resumed = await RunState.fromString(agent, edit(first.state.toString()));
    const [interruption] = resumed.getInterruptions();
    expect((adConfirmationRequest(interruption!)?.summary as ConfirmSummary | undefined)?.headline).toBe(
      "Winter gear",
    );
    approveAdCall(resumed, interruption!, { text: "Yes - Dana" });
    const done = await run(agent, resumed);
    expect(keptResults(done).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(pushes()).toEqual([]);
  });

  it("resumed in a child process creates exactly one ACTIVE ad per approved payload", {
    timeout: 90_000,
  }, async () => {
    // Approved here and resumed there, twice over (a retried resume); and asked here, then approved
    // and resumed there. The simulator stays here, on loopback.
    // The approval records live in one Redis that both processes use.
    const redis = await startRedis();
    const store = redisStore({ url: redis.url });
    // A shared store: the app signs carried answers with its approvalSecret, in both processes.
    const shared = () => env.toolkit({ store, approvalSecret: "launcher-app-secret-0123456789" });
    const approvedHere = agentFor(shared(), script(push("c1", "ACTIVE")));
    const first = await run(approvedHere.agent, "Launch it.", { context: { sessionId: "launch-1" } });
    approveAdCall(first.state, first.interruptions[0]!, { text: "Go live - Dana" });
    const saved = first.state.toString();
    expect(saved).not.toContain(env.sim.apiKey);

    const askedHere = agentFor(shared(), script(push("c2", "ACTIVE", { headline: "Autumn gear" })));
    const second = await run(askedHere.agent, "Launch it.", { context: { sessionId: "launch-2" } });
    expect(pushes()).toEqual([]);

    const there = await resumeInChild(redis.url, [
      { state: saved },
      { state: saved },
      { state: second.state.toString(), approveText: "Approved in the other tab - Dana" },
    ]).finally(async () => {
      await store.close();
      await redis.close();
    });
    const [once, again, approvedThere] = there.runs;
    expect(once).toEqual({ interruptions: 0, results: [expect.objectContaining({ ok: true, status: 200 })] });
    expect(approvedThere).toEqual({
      interruptions: 0,
      results: [expect.objectContaining({ ok: true, status: 200 })],
    });
    // A retried resume of the same approved state is replayed by the service or refused as an
    // approval already used; either way it never makes a second ad.
    expect(again!.results).toHaveLength(1);
    const retried = again!.results[0] as { ok: unknown; blocked?: string };
    expect(retried.ok === true ? "replayed" : retried.blocked).toMatch(/^(replayed|hard-confirmation)$/);
    const ads = env.sim.control.ads().map((a) => [a.headline, a.status, a.hard_confirm_text]);
    expect(ads).toEqual([
      ["Summer gear", "ACTIVE", "Go live - Dana"],
      ["Autumn gear", "ACTIVE", "Approved in the other tab - Dana"],
    ]);
    const created = pushes().filter((r) => r.status === 200 && r.replayed !== true);
    expect(created).toHaveLength(2);
  });
});

function resumeInChild(redisUrl: string, jobs: { state: string; approveText?: string }[]) {
  const child = fileURLToPath(new URL("./openai-agents-resume.child.ts", import.meta.url));
  return new Promise<{ runs: { results: ToolResult[]; interruptions: number }[] }>((resolve, reject) => {
    const proc = execFile(
      process.execPath,
      ["--import", "tsx", child],
      { env: { PATH: process.env.PATH ?? "" }, timeout: 80_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
    proc.stdin?.end(JSON.stringify({ baseUrl: env.sim.url, apiKey: env.sim.apiKey, redisUrl, jobs }));
  });
}
