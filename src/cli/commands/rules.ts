import { daysInWords, localTime } from "../../guards/rules/calendar.js";
import { windowOf } from "../../guards/rules/evaluate.js";
import type { MoneyRules } from "../../guards/rules/schema.js";
import { launchGroup } from "../../guards/rules/step.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { readRules, rulesFileOf } from "../rules-file.js";
import { redisUrlOf } from "./inbox.js";

const MODES = {
  enforce: "enforce: a call a rule refuses is refused before anyone is asked; nothing is sent.",
  advisory:
    "advisory: a call a rule would refuse goes to a person, who is told which rule and why; their approval lets it run.",
  audit: "audit: calls are not changed; the audit events and spans record what the rules would have decided.",
} as const;

/** The rules in plain words, one line each. */
export function rulesInWords(rules: MoneyRules): string[] {
  const lines = [`Mode ${MODES[rules.mode ?? "enforce"]}`];
  if (rules.accounts) lines.push(`Accounts: only ${rules.accounts.join(", ")}, for reads and writes.`);
  if (rules.launches) {
    const n = rules.launches.perDay;
    lines.push(
      `Launches: at most ${n} ACTIVE launch${n === 1 ? "" : "es"} per account per calendar day (${rules.launches.timeZone ?? "UTC"}), counted across every process sharing the store.`,
    );
  }
  const w = windowOf(rules);
  if (w) lines.push(`Window: ads go live only ${daysInWords(w.days)}, ${w.from} to ${w.to} (${w.timeZone}).`);
  if (rules.destinations) {
    lines.push(`Destinations: website_url only on ${rules.destinations.join(", ")} or their subdomains.`);
  }
  if (rules.protect?.adsets)
    lines.push(`Protected ad sets (no write of any kind): ${rules.protect.adsets.join(", ")}.`);
  if (rules.protect?.ads)
    lines.push(`Protected ads (no write of any kind): ${rules.protect.ads.join(", ")}.`);
  if (rules.bannedPhrases) {
    lines.push(
      `Banned phrases (any case, in any text of a write): ${rules.bannedPhrases.map((p) => JSON.stringify(p)).join(", ")}.`,
    );
  }
  if (rules.writesPerConversation !== undefined) {
    lines.push(
      `Writes: at most ${rules.writesPerConversation} sent per session (--session), else per process.`,
    );
  }
  lines.push("Everything else is allowed, under adrails' other guards (an ACTIVE ad still needs a person).");
  return lines;
}

/** `adrails rules check FILE`: validates the file and prints what it allows. */
export async function runRulesCheck({ output }: CommandContext, file: string): Promise<ExitCode> {
  const rules = readRules(file, "rules check");
  if (output.json) output.line(JSON.stringify({ ok: true, file, rules }));
  else for (const line of rulesInWords(rules)) output.line(line);
  return EXIT.ok;
}

/** `adrails rules status`: today's launch counts per account, from the fleet's store. */
export async function runRulesStatus(
  { io, output }: CommandContext,
  opts: { rules?: string; redis?: string },
): Promise<ExitCode> {
  const file = rulesFileOf(io, opts.rules);
  const rules =
    file === undefined ? {} : readRules(file, opts.rules === undefined ? "ADRAILS_RULES" : "--rules");
  const url = redisUrlOf(io, opts);
  if (!url) {
    throw new CliError(
      "Launch counts live in the fleet's store: give --redis URL (or ADRAILS_REDIS_URL).",
      EXIT.usage,
      "Without a shared store each process counts its own launches, and nothing outlives it.",
    );
  }
  const zone = rules.launches?.timeZone ?? "UTC";
  const { redisStore } = await import("../../store/redis.js");
  const store = redisStore({ url });
  try {
    // The day the rules count into: the store's clock (Redis TIME), not this machine's.
    const today = await store.clock().then(
      (now) => localTime(zone, now).date,
      (error: Error) => {
        throw new CliError(`The store cannot be read: ${error.message}`, EXIT.unexpected);
      },
    );
    const counts = await store.viewCounts!(launchGroup(zone, today)).catch((error: Error) => {
      throw new CliError(`The store cannot be read: ${error.message}`, EXIT.unexpected);
    });
    const perDay = rules.launches?.perDay;
    const accounts = Object.fromEntries(
      Object.entries(counts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([account, c]) => [
          account,
          {
            launched: c.done,
            inFlight: c.held,
            ...(perDay === undefined ? {} : { left: Math.max(0, perDay - c.done - c.held) }),
          },
        ]),
    );
    if (output.json) {
      output.line(
        JSON.stringify({
          date: today,
          timeZone: zone,
          ...(perDay === undefined ? {} : { perDay }),
          accounts,
        }),
      );
      return EXIT.ok;
    }
    output.line(
      `Launches today (${today}, ${zone})${perDay === undefined ? "" : `, at most ${perDay} per account`}:`,
    );
    const rows = Object.entries(accounts);
    if (rows.length === 0) output.line("  none yet");
    for (const [account, c] of rows) {
      const left = "left" in c ? `, ${c.left} left` : "";
      output.line(`  ${account}: ${c.launched} launched, ${c.inFlight} in flight${left}`);
    }
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
