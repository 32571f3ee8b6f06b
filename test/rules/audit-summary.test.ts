import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { summarize } from "../../src/cli/commands/audit-summary.js";
import type { InboxAuditEntry } from "../../src/inbox/types.js";
import { buildOnce, json, run } from "../cli/helpers.js";

// Oversight figures from the audit trail: what people were asked and answered, what went live,
// what the rules refused and what people overrode.

let dir: string;
beforeAll(async () => {
  await buildOnce();
  dir = mkdtempSync(join(tmpdir(), "adrails-audit-"));
}, 120_000);

const entry = (
  event: InboxAuditEntry["event"],
  id: string,
  at: string,
  extra: Partial<InboxAuditEntry> = {},
) =>
  ({
    at,
    event,
    id,
    tool: "push-creative",
    fingerprint: "fp",
    account: "act_1",
    channel: "inbox",
    ...extra,
  }) as InboxAuditEntry;

describe("adrails audit --summary", () => {
  it("counts per account and day, with the median time a person took", () => {
    const rows = summarize([
      entry("request", "a", "2026-11-27T09:00:00.000Z"),
      entry("approve", "a", "2026-11-27T09:00:30.000Z"),
      entry("outcome", "a", "2026-11-27T09:00:31.000Z", { ok: true }),
      entry("request", "b", "2026-11-27T10:00:00.000Z"),
      entry("decline", "b", "2026-11-27T10:01:30.000Z"),
      entry("request", "c", "2026-11-27T11:00:00.000Z"),
      entry("expire", "c", "2026-11-27T11:05:00.000Z"),
      entry("rule", "d", "2026-11-27T12:00:00.000Z", { rule: "launches.perDay", ruleDecision: "deny" }),
      entry("request", "e", "2026-11-28T08:00:00.000Z", { account: "act_2" }),
    ]);
    expect(rows).toEqual([
      {
        account: "act_1",
        day: "2026-11-27",
        asked: 3,
        approved: 1,
        declined: 1,
        expired: 1,
        launches: 1,
        refusedByRule: 1,
        overridden: 0,
        medianAnswerMs: 60_000,
      },
      expect.objectContaining({ account: "act_2", day: "2026-11-28", asked: 1, medianAnswerMs: null }),
    ]);
  });

  it("`adrails call --rules --audit-log` records rule refusals and overrides that the summary counts", async () => {
    const log = join(dir, "audit.jsonl");
    const enforce = join(dir, "enforce.json");
    const advisory = join(dir, "advisory.json");
    writeFileSync(enforce, JSON.stringify({ launches: { perDay: 0 } }));
    writeFileSync(advisory, JSON.stringify({ mode: "advisory", launches: { perDay: 0 } }));
    const ad = (account: string) =>
      JSON.stringify({
        account_id: account,
        adset_id: "70236971177635841",
        image_url: "https://cdn.example.com/a.png",
        website_url: "https://shop.example.com/a",
        headline: "Spring",
        status: "ACTIVE",
      });
    const list = await run(["--sim", "call", "list-accounts"]);
    const account = json(list).data.accounts[0].id as string;
    const refused = await run([
      "--sim",
      "call",
      "push-creative",
      ad(account),
      "--rules",
      enforce,
      "--audit-log",
      log,
    ]);
    expect(refused.code).toBe(6);
    const overridden = await run([
      "--sim",
      "call",
      "push-creative",
      ad(account),
      "--rules",
      advisory,
      "--audit-log",
      log,
      "--confirm-text",
      "I approve this ad going live today.",
    ]);
    expect(overridden.code).toBe(0);
    const summary = await run(["audit", "--summary", "--json", "--audit-log", log]);
    expect(summary.code).toBe(0);
    const rows = json<ReturnType<typeof summarize>>(summary);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ account, refusedByRule: 1, overridden: 1 });
    const words = await run(["audit", "--summary", "--audit-log", log]);
    expect(words.stdout).toContain("refused by a rule 1, rules overridden 1");
  });
});
