import { fail } from "../errors.js";
import {
  adFatigueSignals,
  adTotals,
  customDays,
  derive,
  presetWindow,
  sum,
  type Totals,
  ZERO,
} from "../metrics.js";
import { between, round } from "../random.js";
import type { SimState } from "../state.js";
import type { Identity, KeyLabel, SimAccount } from "../world.js";
import { fatigueVerdict } from "./calculators.js";
import { accountOf, type Handler, type HandlerContext, ok } from "./context.js";

/** The account a read uses when it gives no account_id: the one set active, else the first. */
export function activeAccount(state: SimState, label: KeyLabel, identity: Identity): SimAccount | null {
  const chosen = state.activeAccount.get(label);
  return identity.accounts.find((a) => a.id === chosen) ?? identity.accounts[0] ?? null;
}

/** The account a group E or F record belongs to: the given account_id, else the active account. */
export function recordAccount(ctx: HandlerContext): string | null {
  return ctx.account?.id ?? activeAccount(ctx.state, ctx.label, ctx.identity)?.id ?? null;
}

/** What list-accounts returns, and what account refusals carry in `accounts`. */
export function accountList(state: SimState, label: KeyLabel, identity: Identity): Record<string, unknown>[] {
  const active = activeAccount(state, label, identity);
  return identity.accounts.map((a) => ({ ...a, active: a.id === active?.id }));
}

type Level = "account" | "campaign" | "adset" | "ad";

/** Delivery rows of one account at a level over `days`; ads created in the simulator have not spent yet. */
export function levelRows(ctx: HandlerContext, level: Level, days: number, window: string) {
  const account = accountOf(ctx);
  const tree = ctx.world.tree(account.id);
  const perAd = new Map<string, Totals>(
    tree.ads.map((ad) => [ad.id, adTotals(ctx.world.seed, ad.id, days, window)]),
  );
  const created = ctx.state.ads.filter((a) => a.account_id === account.id);
  const adsOf = (pred: (ad: { adset_id: string; campaign_id: string }) => boolean) =>
    sum(tree.ads.filter(pred).map((ad) => perAd.get(ad.id)!));
  switch (level) {
    case "account":
      return [{ id: account.id, name: account.name, ...derive(sum([...perAd.values()])) }];
    case "campaign":
      return tree.campaigns.map((c) => ({
        id: c.id,
        name: c.name,
        objective: c.objective,
        status: "ACTIVE",
        ...derive(adsOf((ad) => ad.campaign_id === c.id)),
      }));
    case "adset":
      return tree.adsets.map((s) => ({
        id: s.id,
        name: s.name,
        campaign_id: s.campaign_id,
        status: "ACTIVE",
        ...derive(adsOf((ad) => ad.adset_id === s.id)),
      }));
    case "ad":
      return [
        ...tree.ads.map((ad) => ({
          id: ad.id,
          name: ad.name,
          adset_id: ad.adset_id,
          campaign_id: ad.campaign_id,
          status: "ACTIVE",
          ...derive(perAd.get(ad.id)!),
        })),
        ...created.map((ad) => ({
          id: ad.ad_id,
          name: ad.name,
          adset_id: ad.adset_id,
          campaign_id: ad.campaign_id,
          status: ad.status,
          ...derive(ZERO),
        })),
      ];
  }
}

const listAccounts: Handler = ({ state, label, identity }) =>
  ok({ accounts: accountList(state, label, identity) });

const results: Handler = (ctx) => {
  const { body } = ctx;
  const account = accountOf(ctx);
  let window: { preset?: string; since: string; until: string; days: number };
  if (body.since !== undefined) {
    const days = customDays(body.since, body.until);
    if (days === null) fail(400, "until must not be before since");
    window = { since: body.since, until: body.until, days };
  } else {
    const preset = body.date_preset ?? "last_7d";
    window = { preset, ...presetWindow(preset) };
  }
  const key = window.preset ?? `${window.since}..${window.until}`;
  return ok({
    account_id: account.id,
    currency: account.currency,
    level: body.level,
    date_range: {
      ...(window.preset ? { preset: window.preset } : {}),
      since: window.since,
      until: window.until,
    },
    rows: levelRows(ctx, body.level, window.days, key),
  });
};

const health: Handler = (ctx) => {
  const account = accountOf(ctx);
  const [row] = levelRows(ctx, "account", 7, "last_7d");
  const seedScore = (name: string, lo: number, hi: number) =>
    between(lo, hi, ctx.world.seed, account.id, name);
  const components = {
    delivery: seedScore("delivery", 62, 96),
    efficiency: row?.cpa ? Math.max(35, Math.min(95, Math.round(100 - row.cpa))) : 50,
    creative_freshness: seedScore("creative_freshness", 40, 90),
    structure: seedScore("structure", 55, 92),
  };
  const score = Math.round(Object.values(components).reduce((a, b) => a + b, 0) / 4);
  const weakest = Object.entries(components).sort(([, a], [, b]) => a - b)[0]![0];
  return ok({
    account_id: account.id,
    score,
    rating: score >= 80 ? "healthy" : score >= 60 ? "needs_attention" : "act_now",
    components,
    weakest_component: weakest,
    window: "last_7d",
  });
};

const winnerInsights: Handler = (ctx) => {
  const account = accountOf(ctx);
  const tree = ctx.world.tree(account.id);
  const ranked = tree.ads
    .map((ad) => ({ ad, m: derive(adTotals(ctx.world.seed, ad.id, 30, "last_30d")) }))
    .sort((a, b) => (a.m.cpa ?? Number.POSITIVE_INFINITY) - (b.m.cpa ?? Number.POSITIVE_INFINITY));
  const top = ranked.slice(0, 3);
  const count = (key: "format" | "hook" | "angle") => {
    const tally = new Map<string, number>();
    for (const { ad } of top) tally.set(ad[key], (tally.get(ad[key]) ?? 0) + 1);
    return [...tally].sort(([, a], [, b]) => b - a).map(([value, n]) => ({ value, top_ads: n }));
  };
  const avgCpa = derive(sum(ranked.map((r) => adTotals(ctx.world.seed, r.ad.id, 30, "last_30d")))).cpa;
  return ok({
    account_id: account.id,
    window: "last_30d",
    top_ads: top.map(({ ad, m }) => ({
      ad_id: ad.id,
      name: ad.name,
      cpa: m.cpa,
      ctr: m.ctr,
      format: ad.format,
      hook: ad.hook,
      angle: ad.angle,
    })),
    patterns: {
      formats: count("format"),
      hooks: count("hook"),
      angles: count("angle"),
      traits: [
        `Top ads average CPA ${round(top.reduce((a, t) => a + (t.m.cpa ?? 0), 0) / top.length)} vs account ${avgCpa}`,
        `${top[0]?.ad.hook ?? "question"} hooks lead the winners`,
      ],
    },
  });
};

const fatigueAlerts: Handler = (ctx) => {
  const account = accountOf(ctx);
  // Only the JSON boolean true selects the shallow pass; the schema already refused anything else.
  const quick = ctx.body.quick === true;
  const ads = ctx.world.tree(account.id).ads;
  const alerts = ads.flatMap((ad) => {
    const s = adFatigueSignals(ctx.world.seed, ad.id);
    if (quick) {
      return s.frequency >= 3
        ? [{ ad_id: ad.id, name: ad.name, frequency: s.frequency, verdict: "check" }]
        : [];
    }
    const v = fatigueVerdict(s.frequency, s.ctr_trend, s.days_running);
    return v.verdict === "healthy" ? [] : [{ ad_id: ad.id, name: ad.name, ...s, ...v }];
  });
  return ok({
    account_id: account.id,
    quick,
    depth: quick ? "shallow" : "full",
    checked: ads.length,
    alerts,
  });
};

export const accountHandlers: Record<string, Handler> = {
  "list-accounts": listAccounts,
  results,
  health,
  "winner-insights": winnerInsights,
  "fatigue-alerts": fatigueAlerts,
};
