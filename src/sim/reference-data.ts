// The simulator's own reference data. The spec does not show the service's values; these are plausible
// and internally consistent (the creative-fatigue skill states the thresholds the fatigue tools apply).

export interface Benchmark {
  niche: string;
  label: string;
  /** USD per 1,000 impressions. */
  cpm: number;
  /** Percent. */
  ctr: number;
  /** USD per result. */
  cpa: number;
}

export const BENCHMARKS: readonly Benchmark[] = [
  { niche: "ecommerce", label: "E-commerce", cpm: 11.2, ctr: 1.45, cpa: 24.8 },
  { niche: "saas", label: "SaaS and software", cpm: 18.6, ctr: 0.95, cpa: 62 },
  { niche: "local-services", label: "Local services", cpm: 9.4, ctr: 1.2, cpa: 38.5 },
  { niche: "health-wellness", label: "Health and wellness", cpm: 13.1, ctr: 1.1, cpa: 31.2 },
  { niche: "education", label: "Education", cpm: 8.7, ctr: 1.35, cpa: 27.4 },
  { niche: "finance", label: "Finance and insurance", cpm: 21.5, ctr: 0.72, cpa: 74.9 },
  { niche: "real-estate", label: "Real estate", cpm: 12.3, ctr: 0.99, cpa: 45.1 },
  { niche: "restaurants", label: "Restaurants and food", cpm: 7.9, ctr: 1.68, cpa: 14.6 },
];

/** Fatigue thresholds shared by `fatigue`, `fatigue-alerts` and the creative-fatigue skill. */
export const FATIGUE = {
  fatiguedFrequency: 3.5,
  fatiguedDeclinePct: 20,
  steepDeclinePct: 35,
  steepDeclineDays: 14,
  atRiskFrequency: 2.5,
  atRiskDeclinePct: 10,
} as const;

export interface Skill {
  slug: string;
  title: string;
  summary: string;
  content: string;
}

export const SKILLS: readonly Skill[] = [
  {
    slug: "creative-fatigue",
    title: "Creative fatigue",
    summary: "When a creative is worn out, and what to do before performance collapses.",
    content: [
      "# Creative fatigue",
      "Thresholds:",
      `- Fatigued: frequency >= ${FATIGUE.fatiguedFrequency} and CTR down >= ${FATIGUE.fatiguedDeclinePct}% from its first reading, or CTR down >= ${FATIGUE.steepDeclinePct}% after ${FATIGUE.steepDeclineDays}+ days.`,
      `- At risk: frequency >= ${FATIGUE.atRiskFrequency} or CTR down >= ${FATIGUE.atRiskDeclinePct}%.`,
      "- Healthy: neither.",
      "Decision rules: replace fatigued creatives with a fresh variant of the same angle; keep the old ad until the new one has 3 days of data, then pause it. Prepare variants for at-risk creatives within 7 days.",
      "Reasoning: frequency alone can rise on a small audience without harm; a falling CTR at high frequency shows the audience has stopped responding.",
    ].join("\n"),
  },
  {
    slug: "scaling-winners",
    title: "Scaling winners",
    summary: "How fast to raise budgets on ads that beat the account's cost per result.",
    content: [
      "# Scaling winners",
      "Thresholds: scale an ad set whose CPA is at least 20% below the account average over 7 days with 50+ results.",
      "Decision rules: raise budget by at most 20% every 3 days; duplicate into a new ad set instead of jumping budgets; stop scaling when CPA rises 15% above the pre-scale level.",
      "Reasoning: large budget jumps reset delivery learning and inflate CPA for days.",
    ].join("\n"),
  },
  {
    slug: "audience-testing",
    title: "Audience testing",
    summary: "Structuring audience tests so results are readable.",
    content: [
      "# Audience testing",
      "Thresholds: each audience needs 1,000+ impressions per day and 7 days before a verdict; declare a winner only at 30+ results per arm.",
      "Decision rules: change one variable at a time; keep creatives identical across arms; prefer broad targeting with strong creatives once an account has 50+ weekly results.",
      "Reasoning: small samples produce confident-looking noise.",
    ].join("\n"),
  },
  {
    slug: "hook-writing",
    title: "Hook writing",
    summary: "Opening lines that stop the scroll, by angle.",
    content: [
      "# Hook writing",
      "Thresholds: a hook earns its place when 3-second video views exceed 30% of impressions or CTR beats the account median by 20%.",
      "Decision rules: lead with the viewer's problem or a specific number; name the audience in the first five words; test at least three hooks per angle.",
      "Reasoning: the first second decides whether the rest of the ad is seen.",
    ].join("\n"),
  },
  {
    slug: "account-health",
    title: "Account health",
    summary: "Reading the health score and fixing its weakest component first.",
    content: [
      "# Account health",
      "Thresholds: 80+ healthy, 60-79 needs attention, below 60 act now. Components: delivery, efficiency, creative freshness, structure.",
      "Decision rules: fix the lowest component first; structure problems (too many small ad sets) before creative problems; refresh creatives when freshness drops below 60.",
      "Reasoning: a fragmented structure starves each ad set of data, which hides every other signal.",
    ].join("\n"),
  },
];
