import { round, unit } from "./random.js";

/** Delivery totals of one ad, ad set, campaign or account over a window. */
export interface Totals {
  spend: number;
  impressions: number;
  clicks: number;
  results: number;
}

/** What `results` reports per row: totals plus the derived CPA, CTR (percent) and CPM. */
export interface MetricRow extends Totals {
  cpa: number | null;
  ctr: number;
  cpm: number;
}

export const ZERO: Totals = { spend: 0, impressions: 0, clicks: 0, results: 0 };

/** Seeded delivery of a seeded ad over `days` days; `window` varies it a little per window. */
export function adTotals(seed: string, adId: string, days: number, window: string): Totals {
  const daily = 800 + Math.floor(unit(seed, adId, "impr") * 5200);
  const ctr = 0.006 + unit(seed, adId, "ctr") * 0.022;
  const cpm = 6 + unit(seed, adId, "cpm") * 22;
  const cvr = 0.03 + unit(seed, adId, "cvr") * 0.12;
  const drift = 0.9 + unit(seed, adId, window) * 0.2;
  const impressions = Math.round(daily * days * drift);
  const clicks = Math.round(impressions * ctr);
  return { spend: round((impressions / 1000) * cpm), impressions, clicks, results: Math.round(clicks * cvr) };
}

export function sum(rows: readonly Totals[]): Totals {
  return rows.reduce(
    (a, b) => ({
      spend: round(a.spend + b.spend),
      impressions: a.impressions + b.impressions,
      clicks: a.clicks + b.clicks,
      results: a.results + b.results,
    }),
    ZERO,
  );
}

export function derive(t: Totals): MetricRow {
  return {
    ...t,
    cpa: t.results > 0 ? round(t.spend / t.results) : null,
    ctr: t.impressions > 0 ? round((t.clicks / t.impressions) * 100) : 0,
    cpm: t.impressions > 0 ? round((t.spend / t.impressions) * 1000) : 0,
  };
}

/** Frequency and a four-week CTR trend (percent, oldest first) of a seeded ad. */
export function adFatigueSignals(
  seed: string,
  adId: string,
): { frequency: number; ctr_trend: number[]; days_running: number } {
  const frequency = round(1.2 + unit(seed, adId, "freq") * 3.6, 1);
  const start = 0.8 + unit(seed, adId, "ctr0") * 2;
  const weeklyDrop = unit(seed, adId, "decay") * 0.14 * (frequency / 3);
  const ctr_trend = [0, 1, 2, 3].map((w) => round(start * (1 - weeklyDrop) ** w));
  return { frequency, ctr_trend, days_running: 10 + Math.floor(unit(seed, adId, "days") * 60) };
}

const PRESET_DAYS: Record<string, number> = {
  today: 1,
  yesterday: 1,
  last_3d: 3,
  last_7d: 7,
  last_14d: 14,
  last_30d: 30,
  last_90d: 90,
};

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dates and length of a preset window, relative to today (UTC). */
export function presetWindow(
  preset: string,
  now = Date.now(),
): { since: string; until: string; days: number } {
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const d = new Date(today);
  if (preset === "today") return { since: iso(today), until: iso(today), days: 1 };
  if (preset === "this_month") {
    const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    return { since: iso(first), until: iso(today), days: d.getUTCDate() };
  }
  if (preset === "last_month") {
    const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
    const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0);
    return { since: iso(first), until: iso(last), days: Math.round((last - first) / DAY_MS) + 1 };
  }
  const days = PRESET_DAYS[preset] ?? 7;
  const until = today - DAY_MS;
  return { since: iso(until - (days - 1) * DAY_MS), until: iso(until), days };
}

/** Days from `since` to `until` inclusive, or null when `until` is before `since`. */
export function customDays(since: string, until: string): number | null {
  const days = Math.round((Date.parse(until) - Date.parse(since)) / DAY_MS) + 1;
  return days >= 1 ? days : null;
}
