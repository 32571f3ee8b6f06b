import {
  readRules,
  rulesFileOf
} from "./chunk-EVNEDBWT.js";
import {
  redisUrlOf
} from "./chunk-Z7HV3DAM.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  daysInWords,
  launchGroup,
  localTime,
  windowOf
} from "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/rules.js
var MODES = {
  enforce: "enforce: a call a rule refuses is refused before anyone is asked; nothing is sent.",
  advisory: "advisory: a call a rule would refuse goes to a person, who is told which rule and why; their approval lets it run.",
  audit: "audit: calls are not changed; the audit events and spans record what the rules would have decided."
};
function rulesInWords(rules) {
  const lines = [`Mode ${MODES[rules.mode ?? "enforce"]}`];
  if (rules.accounts)
    lines.push(`Accounts: only ${rules.accounts.join(", ")}, for reads and writes.`);
  if (rules.launches) {
    const n = rules.launches.perDay;
    lines.push(`Launches: at most ${n} ACTIVE launch${n === 1 ? "" : "es"} per account per calendar day (${rules.launches.timeZone ?? "UTC"}), counted across every process sharing the store.`);
  }
  const w = windowOf(rules);
  if (w)
    lines.push(`Window: ads go live only ${daysInWords(w.days)}, ${w.from} to ${w.to} (${w.timeZone}).`);
  if (rules.destinations) {
    lines.push(`Destinations: website_url only on ${rules.destinations.join(", ")} or their subdomains.`);
  }
  if (rules.protect?.adsets)
    lines.push(`Protected ad sets (no write of any kind): ${rules.protect.adsets.join(", ")}.`);
  if (rules.protect?.ads)
    lines.push(`Protected ads (no write of any kind): ${rules.protect.ads.join(", ")}.`);
  if (rules.bannedPhrases) {
    lines.push(`Banned phrases (any case, in any text of a write): ${rules.bannedPhrases.map((p) => JSON.stringify(p)).join(", ")}.`);
  }
  if (rules.writesPerConversation !== void 0) {
    lines.push(`Writes: at most ${rules.writesPerConversation} sent per session (--session), else per process.`);
  }
  lines.push("Everything else is allowed, under adrails' other guards (an ACTIVE ad still needs a person).");
  return lines;
}
__name(rulesInWords, "rulesInWords");
async function runRulesCheck({ output }, file) {
  const rules = readRules(file, "rules check");
  if (output.json)
    output.line(JSON.stringify({ ok: true, file, rules }));
  else
    for (const line of rulesInWords(rules))
      output.line(line);
  return EXIT.ok;
}
__name(runRulesCheck, "runRulesCheck");
async function runRulesStatus({ io, output }, opts) {
  const file = rulesFileOf(io, opts.rules);
  const rules = file === void 0 ? {} : readRules(file, opts.rules === void 0 ? "ADRAILS_RULES" : "--rules");
  const url = redisUrlOf(io, opts);
  if (!url) {
    throw new CliError("Launch counts live in the fleet's store: give --redis URL (or ADRAILS_REDIS_URL).", EXIT.usage, "Without a shared store each process counts its own launches, and nothing outlives it.");
  }
  const zone = rules.launches?.timeZone ?? "UTC";
  const today = localTime(zone).date;
  const { redisStore } = await import("./redis-TKELJIFF.js");
  const store = redisStore({ url });
  try {
    const counts = await store.viewCounts(launchGroup(zone, today)).catch((error) => {
      throw new CliError(`The store cannot be read: ${error.message}`, EXIT.unexpected);
    });
    const perDay = rules.launches?.perDay;
    const accounts = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([account, c]) => [
      account,
      {
        launched: c.done,
        inFlight: c.held,
        ...perDay === void 0 ? {} : { left: Math.max(0, perDay - c.done - c.held) }
      }
    ]));
    if (output.json) {
      output.line(JSON.stringify({
        date: today,
        timeZone: zone,
        ...perDay === void 0 ? {} : { perDay },
        accounts
      }));
      return EXIT.ok;
    }
    output.line(`Launches today (${today}, ${zone})${perDay === void 0 ? "" : `, at most ${perDay} per account`}:`);
    const rows = Object.entries(accounts);
    if (rows.length === 0)
      output.line("  none yet");
    for (const [account, c] of rows) {
      const left = "left" in c ? `, ${c.left} left` : "";
      output.line(`  ${account}: ${c.launched} launched, ${c.inFlight} in flight${left}`);
    }
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
__name(runRulesStatus, "runRulesStatus");
export {
  rulesInWords,
  runRulesCheck,
  runRulesStatus
};
