import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import type { ConfirmRequest, ToolResult } from "../../src/types.js";
import { activePush, callsResponse, shownToModel, textResponse } from "../adapters/harness.js";
import { BIN, buildOnce, cleanEnv, json, ROOT, run } from "../cli/helpers.js";
import { accept, call, connectClient, type Env, push, startEnv } from "../mcp/helpers.js";

// The rules' denial is what the model reads, on every surface, and nobody is asked first: an AI
// SDK loop (the confirm callback and the SDK's own approval), `adrails mcp` (no elicitation) and
// `adrails call` (exit 6; a bad rules file exits 2 naming the key).

let env: Env;
let dir: string;
const rulesFile = (name: string, rules: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(rules));
  return file;
};

beforeAll(async () => {
  await buildOnce();
  env = await startEnv();
  dir = mkdtempSync(join(tmpdir(), "adrails-rules-"));
}, 120_000);
afterAll(() => env?.close());
afterEach(() => {
  vi.useRealTimers();
  env.sim.control.reset();
});

describe("an AI SDK loop (generateText with MockLanguageModelV3)", () => {
  it("the model reads the rule's refusal; the confirm callback is never called", async () => {
    const asked: ConfirmRequest[] = [];
    const toolkit = env.toolkit({
      rules: { launches: { perDay: 0 } },
      confirm: (request) => {
        asked.push(request);
        return { approved: true, text: "yes" };
      },
    });
    const model = new MockLanguageModelV3({
      doGenerate: [callsResponse([activePush(env, "c1", "Summer gear")]), textResponse("done")],
    });
    await generateText({ model, tools: aiSdkTools(toolkit), prompt: "Launch it.", stopWhen: stepCountIs(3) });
    const seen = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never).get("c1")!;
    expect(seen.text).toContain('"blocked":"rule"');
    expect(seen.text).toContain("launches.perDay");
    expect(seen.text).toContain("PAUSED");
    expect(asked).toEqual([]);
    expect(env.pushes()).toEqual([]);
  });

  it("with the SDK's own approval, no approval request is made for a launch outside the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T12:00:00Z")); // a Saturday
    const toolkit = env.toolkit({ rules: { window: { days: ["mon", "tue", "wed", "thu", "fri"] } } });
    const model = new MockLanguageModelV3({
      doGenerate: [callsResponse([activePush(env, "c1", "Weekend")]), textResponse("done")],
    });
    const result = await generateText({
      model,
      tools: aiSdkTools(toolkit, { approval: "native" }),
      prompt: "Launch it.",
      stopWhen: stepCountIs(3),
    });
    expect(result.content.filter((p: { type: string }) => p.type === "tool-approval-request")).toEqual([]);
    const seen = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never).get("c1")!;
    expect(seen.text).toContain('"rule":"window"');
    expect(seen.text).toContain("opens Monday at 00:00");
    expect(env.pushes()).toEqual([]);
  });

  it("with the SDK's own approval, a launch past the day's count is not put to a person either", async () => {
    const toolkit = env.toolkit({ rules: { launches: { perDay: 0 } } });
    const model = new MockLanguageModelV3({
      doGenerate: [callsResponse([activePush(env, "c1", "Over the cap")]), textResponse("done")],
    });
    const result = await generateText({
      model,
      tools: aiSdkTools(toolkit, { approval: "native" }),
      prompt: "Launch it.",
      stopWhen: stepCountIs(3),
    });
    expect(result.content.filter((p: { type: string }) => p.type === "tool-approval-request")).toEqual([]);
    expect(shownToModel(model.doGenerateCalls.at(-1)!.prompt as never).get("c1")!.text).toContain(
      '"rule":"launches.perDay"',
    );
    expect(env.pushes()).toEqual([]);
  });
});

describe("adrails mcp --rules (the MCP SDK's client over stdio)", () => {
  const serve = async (rules: string, elicit: boolean) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--rules", rules],
      cwd: ROOT,
      env: cleanEnv({ ADRAILS_API_KEY: env.sim.apiKey, ADRAILS_BASE_URL: env.sim.url }) as Record<
        string,
        string
      >,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const connected = await connectClient(transport, "2025-11-25", { elicitation: elicit });
    return { ...connected, stderr: () => stderr };
  };

  it("enforce: the host's model reads the denial, no elicitation is sent; the audit line names the rule", {
    timeout: 60_000,
  }, async () => {
    const file = rulesFile("enforce.json", {
      launches: { perDay: 1 },
      bannedPhrases: ["guaranteed results"],
    });
    const c = await serve(file, true);
    try {
      c.person.answers.push(accept("I approve this summer ad going live today."), accept("And this one."));
      const first = await call(c.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(first.tool.ok).toBe(true);
      expect(c.person.shown).toHaveLength(1);
      const launch = await call(c.client, "push-creative", push(env, { status: "ACTIVE", headline: "Two" }));
      expect(launch.tool).toMatchObject({ ok: false, blocked: "rule", rule: "launches.perDay" });
      expect(launch.text).toContain("No launches are left today");
      const banned = await call(c.client, "push-creative", push(env, { headline: "Guaranteed Results now" }));
      expect(banned.tool).toMatchObject({ blocked: "rule", rule: "bannedPhrases" });
      // Only the launch the rules allowed was shown to the person.
      expect(c.person.shown).toHaveLength(1);
      expect(env.pushes()).toHaveLength(1);
    } finally {
      await c.close();
    }
    expect(c.stderr()).toContain('"ruleDecision":"deny"');
  });

  it("advisory: the form says which rule would refuse; the person's approval lets it run", {
    timeout: 60_000,
  }, async () => {
    const file = rulesFile("advisory.json", { mode: "advisory", launches: { perDay: 0 } });
    const c = await serve(file, true);
    try {
      c.person.answers.push(accept("I approve this summer ad going live today."));
      const launch = await call(c.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(launch.tool.ok).toBe(true);
      expect(c.person.shown).toHaveLength(1);
      expect(c.person.shown[0]!.message).toContain("Money rule launches.perDay would refuse this");
    } finally {
      await c.close();
    }
    expect(c.stderr()).toContain('"ruleDecision":"override"');
    expect(c.stderr()).toContain("overridden by a person via mcp-elicitation");
  });
});

describe("adrails call --rules", () => {
  it("a rule's denial exits 6 with the refusal on stdout; ADRAILS_RULES works the same", async () => {
    const file = rulesFile("accounts.json", { accounts: ["act_1"] });
    const base = { ADRAILS_API_KEY: env.sim.apiKey, ADRAILS_BASE_URL: env.sim.url };
    const flag = await run(
      ["call", "results", JSON.stringify({ account_id: env.account }), "--rules", file],
      {
        env: base,
      },
    );
    expect(flag.code).toBe(6);
    expect(json<ToolResult>(flag)).toMatchObject({ blocked: "rule", rule: "accounts" });
    const viaEnv = await run(["call", "results", JSON.stringify({ account_id: env.account })], {
      env: { ...base, ADRAILS_RULES: file },
    });
    expect(viaEnv.code).toBe(6);
    expect(env.sim.control.requests()).toEqual([]);
  });

  it("a bad rules file exits 2 naming the key, before anything is sent; rules check prints the rules", async () => {
    const bad = rulesFile("bad.json", { window: { from: "18:00", to: "09:00", timeZone: "Europe/Berlin" } });
    const base = { ADRAILS_API_KEY: env.sim.apiKey, ADRAILS_BASE_URL: env.sim.url };
    const r = await run(["call", "list-accounts", "--rules", bad], { env: base });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("window.from");
    const notJson = join(dir, "broken.json");
    writeFileSync(notJson, "{ mode: enforce");
    expect((await run(["rules", "check", notJson])).stderr).toContain("not valid JSON");
    const fraction = rulesFile("fraction.json", { writesPerConversation: 2.5 });
    const checked = await run(["rules", "check", fraction, "--json"]);
    expect(checked.code).toBe(2);
    expect(JSON.parse(checked.stderr)).toMatchObject({ ok: false });
    expect(checked.stderr).toContain("writesPerConversation");
    expect(env.sim.control.requests()).toEqual([]);
    const evals = await run(["evals", "--rules", bad]);
    expect(evals.code).toBe(2);
    expect(evals.stderr).toContain("window.from");
    const good = rulesFile("good.json", {
      launches: { perDay: 3, timeZone: "Europe/Berlin" },
      protect: { adsets: ["a1"] },
    });
    const words = await run(["rules", "check", good]);
    expect(words.code).toBe(0);
    expect(words.stdout).toContain("at most 3 ACTIVE launches per account per calendar day (Europe/Berlin)");
    expect(words.stdout).toContain("Protected ad sets (no write of any kind): a1.");
  });
});
