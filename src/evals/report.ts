import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { redact } from "../client/redact.js";
import type { AdapterName } from "./record.js";
import type { RunOutcome } from "./runner.js";
import type { Mode } from "./score.js";
import { findLeak } from "./score.js";

/** Passed and failed conversation x adapter runs. */
export interface Tally {
  passed: number;
  failed: number;
}

export function tally(outcomes: readonly RunOutcome[]): Tally {
  const passed = outcomes.filter((o) => o.pass).length;
  return { passed, failed: outcomes.length - passed };
}

/** The summary line: `N passed, M failed`. */
export const summaryLine = (t: Tally) => `${t.passed} passed, ${t.failed} failed`;

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + " ".repeat(width - text.length);

/**
 * One table per conversation: a row per expectation, a column per adapter, then the failed
 * expectations' details.
 */
export function formatTables(outcomes: readonly RunOutcome[], adapters: readonly AdapterName[]): string {
  const byId = new Map<string, RunOutcome[]>();
  for (const o of outcomes) byId.set(o.id, [...(byId.get(o.id) ?? []), o]);
  const blocks: string[] = [];
  for (const [id, runs] of byId) {
    const names: string[] = [];
    for (const run of runs) for (const c of run.checks) if (!names.includes(c.name)) names.push(c.name);
    const width = Math.min(72, Math.max(11, ...names.map((n) => n.length)));
    const cols = adapters.filter((a) => runs.some((r) => r.adapter === a));
    // Columns wide enough that two adapter names never run together.
    const colWidth = Math.max(13, ...cols.map((a) => a.length + 1));
    const cell = (a: AdapterName, text: (r: RunOutcome) => string) => {
      const run = runs.find((r) => r.adapter === a);
      return pad(run ? text(run) : "-", colWidth);
    };
    const lines = [
      `${id}: ${runs[0]!.title}`,
      `  ${pad("expectation", width)}  ${cols.map((a) => pad(a, colWidth)).join("")}`,
    ];
    for (const name of names) {
      const row = cols.map((a) =>
        cell(a, (r) => {
          const check = r.checks.find((c) => c.name === name);
          return check === undefined ? "-" : check.pass ? "pass" : "FAIL";
        }),
      );
      lines.push(
        `  ${pad(name.length > width ? `${name.slice(0, width - 1)}…` : name, width)}  ${row.join("")}`,
      );
    }
    lines.push(
      `  ${pad("result", width)}  ${cols.map((a) => cell(a, (r) => `${r.pass ? "PASS" : "FAIL"} ${r.durationMs}ms`)).join("")}`,
    );
    for (const run of runs) {
      for (const c of run.checks.filter((check) => !check.pass)) {
        lines.push(`  x ${run.adapter}: ${c.name}${c.detail ? `: ${c.detail}` : ""}`);
      }
    }
    blocks.push(lines.join("\n"));
  }
  return blocks.join("\n\n");
}

/** The JSON report; refuses to carry a secret (the runs were scrubbed already, this is the last gate). */
export function writeReport(
  dir: string,
  outcomes: readonly RunOutcome[],
  meta: { mode: Mode; adapters: readonly AdapterName[]; model?: string; startedAt: string },
  secrets: ReadonlySet<string>,
): { file: string; leak: string | null } {
  const perAdapter = Object.fromEntries(
    meta.adapters.map((a) => [a, tally(outcomes.filter((o) => o.adapter === a))]),
  );
  const report = {
    ...meta,
    finishedAt: new Date().toISOString(),
    summary: { ...tally(outcomes), runs: outcomes.length, line: summaryLine(tally(outcomes)) },
    perAdapter,
    runs: outcomes,
  };
  let text = JSON.stringify(report, null, 2);
  const leak = findLeak(text, [...secrets]);
  if (leak) {
    // Never write a secret to disk: the runs are failed already; the file keeps the verdicts.
    text = JSON.stringify({ ...report, leak }, null, 2);
    text = [...secrets].reduce((out, secret) => redact(out, secret), redact(text));
  }
  mkdirSync(dir, { recursive: true });
  const file = join(dir, meta.mode === "live" ? "live-report.json" : "report.json");
  writeFileSync(file, `${text}\n`);
  return { file, leak };
}
