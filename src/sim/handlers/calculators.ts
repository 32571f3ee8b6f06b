import { round } from "../random.js";
import { BENCHMARKS, FATIGUE, SKILLS } from "../reference-data.js";
import { type Handler, ok } from "./context.js";

const NICHES = BENCHMARKS.map((b) => b.niche);
const nicheList = () => `Available niches: ${NICHES.join(", ")}`;
const slugList = () => `Valid slugs: ${SKILLS.map((s) => s.slug).join(", ")}`;

/** The 200 data.error of a calculator or get-skill body that failed validation (spec section 7). */
export function softFailure(tool: string, raw: Record<string, unknown>, message: string): string {
  switch (tool) {
    case "benchmarks":
      return `${message}. ${nicheList()}`;
    case "compare":
      if (typeof raw.niche !== "string") return `niche is required. ${nicheList()}`;
      if (raw.your_cpm === undefined && raw.your_ctr === undefined && raw.your_cpl === undefined) {
        return "Give at least one metric: your_cpm, your_ctr or your_cpl";
      }
      return message;
    case "get-skill":
      return typeof raw.slug === "string" ? `${message}. ${slugList()}` : `slug is required. ${slugList()}`;
    default:
      return message;
  }
}

export type FatigueVerdict = "fatigued" | "at_risk" | "healthy";

/** The fatigue rules of the creative-fatigue skill. */
export function fatigueVerdict(frequency: number, ctrTrend: readonly number[], daysRunning: number) {
  const first = ctrTrend[0] ?? 0;
  const last = ctrTrend[ctrTrend.length - 1] ?? 0;
  const declinePct = first > 0 ? round(((first - last) / first) * 100, 1) : 0;
  const reasons: string[] = [];
  let verdict: FatigueVerdict = "healthy";
  if (frequency >= FATIGUE.fatiguedFrequency && declinePct >= FATIGUE.fatiguedDeclinePct) {
    verdict = "fatigued";
    reasons.push(`frequency ${frequency} with CTR down ${declinePct}%`);
  } else if (declinePct >= FATIGUE.steepDeclinePct && daysRunning >= FATIGUE.steepDeclineDays) {
    verdict = "fatigued";
    reasons.push(`CTR down ${declinePct}% after ${daysRunning} days`);
  } else if (frequency >= FATIGUE.atRiskFrequency || declinePct >= FATIGUE.atRiskDeclinePct) {
    verdict = "at_risk";
    if (frequency >= FATIGUE.atRiskFrequency) reasons.push(`frequency ${frequency}`);
    if (declinePct >= FATIGUE.atRiskDeclinePct) reasons.push(`CTR down ${declinePct}%`);
  }
  const action = {
    fatigued: "Replace the creative: launch a fresh variant of the same angle, pause this ad after 3 days",
    at_risk: "Prepare new variants and refresh within 7 days",
    healthy: "Keep running; check again in 7 days",
  }[verdict];
  return { verdict, ctr_change_pct: -declinePct, reasons, action };
}

const benchmarks: Handler = ({ body }) => {
  if (body.niche === undefined) {
    return ok({ currency: "USD", niches: NICHES, benchmarks: BENCHMARKS });
  }
  const found = BENCHMARKS.find((b) => b.niche === body.niche);
  if (!found) return ok({ error: `Unknown niche "${body.niche}". ${nicheList()}` });
  return ok({ currency: "USD", ...found });
};

const compare: Handler = ({ body }) => {
  const bench = BENCHMARKS.find((b) => b.niche === body.niche);
  if (!bench) return ok({ error: `Unknown niche "${body.niche}". ${nicheList()}` });
  const rows: {
    metric: string;
    yours: number;
    benchmark: number;
    verdict: string;
    difference_pct: number;
  }[] = [];
  const add = (metric: string, yours: unknown, benchmark: number, lowerIsBetter: boolean) => {
    if (typeof yours !== "number") return;
    const diff = benchmark === 0 ? 0 : round(((yours - benchmark) / benchmark) * 100, 1);
    const better = lowerIsBetter ? yours < benchmark : yours > benchmark;
    rows.push({
      metric,
      yours,
      benchmark,
      verdict: yours === benchmark ? "even" : better ? "ahead" : "behind",
      difference_pct: diff,
    });
  };
  add("cpm", body.your_cpm, bench.cpm, true);
  add("ctr", body.your_ctr, bench.ctr, false);
  add("cpl", body.your_cpl, bench.cpa, true);
  const ahead = rows.filter((r) => r.verdict === "ahead").length;
  return ok({ niche: bench.niche, metrics: rows, summary: `Ahead on ${ahead} of ${rows.length} metrics` });
};

const fatigue: Handler = ({ body }) =>
  ok({
    frequency: body.frequency,
    days_running: body.days_running,
    ...fatigueVerdict(body.frequency, body.ctr_trend, body.days_running),
  });

const listSkills: Handler = () =>
  ok({ skills: SKILLS.map(({ slug, title, summary }) => ({ slug, title, summary })) });

const getSkill: Handler = ({ body }) => {
  const slug = String(body.slug).trim().toLowerCase();
  const skill = SKILLS.find((s) => s.slug === slug);
  if (!skill) return ok({ error: `Unknown skill "${slug}". ${slugList()}` });
  return ok(skill);
};

export const calculatorHandlers: Record<string, Handler> = {
  benchmarks,
  compare,
  fatigue,
  "list-skills": listSkills,
  "get-skill": getSkill,
};
