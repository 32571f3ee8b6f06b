import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EvalsSetupError, FixtureError, loadFixtures, runEvals } from "../../src/evals/index.js";
import type { AdToolsOptions, AuditEvent } from "../../src/types.js";

const EXAMPLE = join(import.meta.dirname, "../../examples/evals");
const DIR = join(EXAMPLE, "conversations");
const { default: teamOptions } = (await import(join(EXAMPLE, "options.mjs"))) as { default: AdToolsOptions };

describe("runEvals (adrails/evals)", () => {
  const out = mkdtempSync(join(tmpdir(), "adrails-evals-api-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("replays a team's folder with its toolkit options through the frameworks asked for", async () => {
    const events: AuditEvent[] = [];
    const seen: string[] = [];
    const result = await runEvals({
      dir: DIR,
      adapters: ["ai-sdk", "openai-agents"],
      // The runner owns the service and the key: a team's own would not reach this run's simulator.
      toolkit: {
        ...teamOptions,
        apiKey: "adk_not_this_one",
        baseUrl: "http://127.0.0.1:9",
        onEvent: (e) => events.push(e),
      },
      out,
      onResult: (o) => seen.push(`${o.id}/${o.adapter}`),
    });
    expect(result.outcomes.flatMap((o) => o.checks.filter((c) => !c.pass))).toEqual([]);
    expect(result).toMatchObject({
      ok: true,
      passed: 4,
      failed: 0,
      summary: "4 passed, 0 failed",
      skipped: [],
      leak: null,
    });
    expect(result.adapters).toEqual(["ai-sdk", "openai-agents"]);
    expect(seen.sort()).toEqual([
      "launch-approved/ai-sdk",
      "launch-approved/openai-agents",
      "unapproved-launch-paused/ai-sdk",
      "unapproved-launch-paused/openai-agents",
    ]);
    // The team's onEvent sees the runs' audit events too: the PAUSED pushes reached the service.
    expect(events.filter((e) => e.tool === "push-creative" && e.status === 200)).toHaveLength(4);
    const report = JSON.parse(readFileSync(result.report!, "utf8"));
    expect(report.summary).toMatchObject({ passed: 4, failed: 0, runs: 4 });
    expect(JSON.stringify(report)).not.toContain("adk_not_this_one");
  });

  it("fails a conversation that needs the team's options, and the failure says what the model read", async () => {
    const result = await runEvals({ dir: DIR, adapters: ["langchain"], only: ["unapproved-launch-paused"] });
    expect(result).toMatchObject({ ok: false, passed: 0, failed: 1, summary: "0 passed, 1 failed" });
    const failed = result.outcomes[0]!.checks.filter((c) => !c.pass);
    expect(failed.find((c) => c.name === "call_push read ok true")?.detail).toMatch(
      /^ok was false; the model read \{"ok":false,"status":null,"blocked":"hard-confirmation"/,
    );
    expect(failed.find((c) => c.name === "no other call blocked")?.detail).toMatch(
      /call_push push-creative blocked by hard-confirmation; the model read \{"ok":false/,
    );
    expect(result.tables).toMatch(
      /x langchain: call_push read ok true: ok was false; the model read \{"ok":false/,
    );
  });

  it("takes loaded fixtures, and says what is wrong when nothing can run", async () => {
    const fixtures = loadFixtures(DIR);
    await expect(runEvals({ fixtures, only: ["nope"] })).rejects.toThrow(
      new EvalsSetupError("No conversation with id: nope"),
    );
    await expect(runEvals({ dir: join(out, "missing") })).rejects.toThrow(
      /No folder .*missing: name the folder/,
    );
    await expect(runEvals({})).rejects.toThrow(/needs `dir`/);
    const bad = mkdtempSync(join(out, "bad-"));
    writeFileSync(
      join(bad, "x.json"),
      JSON.stringify({ id: "x", title: "t", tags: ["A"], messages: [], expect: {} }),
    );
    await expect(runEvals({ dir: bad })).rejects.toBeInstanceOf(FixtureError);
  });
});
