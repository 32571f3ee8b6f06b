import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/evals/cli.js";
import { loadDriver, notReplayedOn } from "../../src/evals/frameworks.js";
import { ADAPTERS } from "../../src/evals/record.js";
import { runOne } from "../../src/evals/runner.js";
import { loadFixture } from "../../src/evals/schema.js";

const CONVERSATIONS = join(import.meta.dirname, "../../evals/conversations");
// Mastra needs Node 22.13+: on an older Node its driver is refused with a line saying so.
const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
const MASTRA_NODE = major > 22 || (major === 22 && minor >= 13);
const REPLAYED = ADAPTERS.filter((adapter) => adapter !== "mastra" || MASTRA_NODE);
const denied = loadFixture(join(CONVERSATIONS, "c02-active-launch-denied.json"));

describe("replaying a conversation end to end", () => {
  it.skipIf(MASTRA_NODE)(
    `mastra on Node ${process.versions.node}: refused, saying it runs on Node 22.13+`,
    async () => {
      await expect(loadDriver("mastra")).rejects.toThrow(/^mastra: skipped, it needs Node 22\.13\+/);
    },
  );

  it("the Mastra driver replays the find-tools conversations too", () => {
    const dynamic = loadFixture(join(CONVERSATIONS, "dyn01-search-then-results.json"));
    expect(notReplayedOn("mastra", dynamic)).toBeUndefined();
    expect(notReplayedOn("mastra", denied)).toBeUndefined();
  });

  it.runIf(MASTRA_NODE)(
    "replays a find-tools conversation through Mastra: an early call refused, then found",
    async () => {
      const early = loadFixture(join(CONVERSATIONS, "dyn05-active-push-before-search.json"));
      const outcome = await runOne(early, "mastra");
      expect(outcome.checks.filter((c) => !c.pass)).toEqual([]);
      expect(outcome.calls.map((c) => [c.id, c.name, c.blocked ?? null])).toEqual([
        ["call_early", "push-creative", "scope"],
        ["call_find", "find-tools", null],
        ["call_push", "push-creative", null],
      ]);
    },
  );

  it("the Claude Agent SDK driver leaves find-tools and multi-turn conversations out, visibly", () => {
    const dynamic = loadFixture(join(CONVERSATIONS, "dyn01-search-then-results.json"));
    const twoTurns = loadFixture(join(CONVERSATIONS, "e04-experiment-to-learning.json"));
    expect(notReplayedOn("claude-agent-sdk", dynamic)).toMatch(/no find-tools mode/);
    expect(notReplayedOn("claude-agent-sdk", twoTurns)).toMatch(/one user turn per query\(\)/);
    expect(notReplayedOn("ai-sdk", twoTurns)).toBeUndefined();
    expect(notReplayedOn("claude-agent-sdk", denied)).toBeUndefined();
  });

  for (const adapter of REPLAYED) {
    it(`passes the denied ACTIVE launch on ${adapter}`, async () => {
      const outcome = await runOne(denied, adapter);
      expect(outcome.checks.filter((c) => !c.pass)).toEqual([]);
      expect(outcome.pass).toBe(true);
      expect(outcome.calls.map((c) => [c.id, c.blocked ?? null])).toEqual([
        ["call_push", "hard-confirmation"],
        ["call_paused", null],
      ]);
      // The denial never reached the service; the PAUSED push did, with an injected request_id.
      const pushed = outcome.events.filter((e) => e.tool === "push-creative" && e.status === 200);
      expect(pushed).toHaveLength(1);
      expect(pushed[0]!.requestId).toMatch(/^adr_/);
    });
  }

  it("fails when the world does not match the expectations", async () => {
    const wrong = structuredClone(denied);
    wrong.expect.state = [{ collection: "ads", where: { status: "ACTIVE" }, count: 1 }];
    wrong.human = [{ call: "call_push", decision: "approve", text: "sure" }];
    const outcome = await runOne(wrong, "ai-sdk");
    expect(outcome.pass).toBe(false);
    const failed = outcome.checks.filter((c) => !c.pass).map((c) => c.name);
    // Approved this time: not blocked, no denial read, and the ACTIVE push reached the service too.
    expect(failed).toEqual([
      "call_push blocked by hard-confirmation",
      'call_push read contains "Not before the budget review"',
      "requests push-creative = 1",
    ]);
  });

  it("fails a script that runs out before the framework stops", async () => {
    const short = structuredClone(denied);
    short.messages = short.messages.slice(0, 3);
    const outcome = await runOne(short, "langchain");
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/the script has no assistant turn left/);
  });
});

describe("the command line", () => {
  const out = mkdtempSync(join(tmpdir(), "adrails-evals-out-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  async function cli(args: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const error = vi
      .spyOn(console, "error")
      .mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      return { code: await main(args, { dir: CONVERSATIONS }), lines };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  it("prints the table and the summary line, writes the report, exits 0", async () => {
    const { code, lines } = await cli(["--only", "a01-accounts-then-results", "--out", out]);
    expect(code).toBe(0);
    const n = REPLAYED.length;
    expect(lines.at(-1)).toBe(`${n} passed, 0 failed`);
    expect(lines.join("\n")).toMatch(
      new RegExp(`a01-accounts-then-results: .*\\n\\s+expectation\\s+${REPLAYED.join("\\s+")}\\s`),
    );
    if (!MASTRA_NODE) expect(lines.join("\n")).toMatch(/^mastra: skipped, it needs Node 22\.13\+/m);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
    expect(report.summary).toMatchObject({ passed: n, failed: 0, runs: n });
    expect(report.perAdapter).toEqual(Object.fromEntries(REPLAYED.map((a) => [a, { passed: 1, failed: 0 }])));
  });

  it("rejects unknown flags, adapters and ids with exit code 2", async () => {
    expect((await cli(["--adapter", "crewai"])).code).toBe(2);
    expect((await cli(["--nope"])).code).toBe(2);
    const unknown = await cli(["--only", "no-such-conversation", "--out", out]);
    expect(unknown.code).toBe(2);
    expect(unknown.lines.join("\n")).toMatch(/No conversation with id: no-such-conversation/);
    const errors: string[] = [];
    const noDir = await main([], {}, { log: () => {}, error: (line) => errors.push(line) });
    expect(noDir).toBe(2);
    expect(errors.join("\n")).toMatch(/^--dir <folder> is required: the folder of your conversation files/);
  });

  it("skips live mode with a clear message when no OpenAI key is set", async () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    try {
      const { code, lines } = await cli(["--live"]);
      expect(code).toBe(0);
      expect(lines.join("\n")).toMatch(/--live skipped: OPENAI_API_KEY is not set/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
