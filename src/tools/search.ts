import type { z } from "zod";
import type { ToolDefinition } from "./define.js";
import { offeredTools } from "./index.js";

/** Options of {@link searchTools}. */
export interface SearchToolsOptions {
  /** How many names to return at most. Default 5. */
  limit?: number;
  /** Rank only these tools (service names); default every offered tool. */
  tools?: readonly string[];
}

/**
 * Ranks the catalog's offered tools for what a user or model asks, best first: a BM25 search over
 * each tool's name, description, field names and enum values, with a small thesaurus of the ad
 * trade's words (a launch is a push, a rival is a competitor). Local and deterministic: no model,
 * no network. Returns tool names; tools that share no word with the query are left out.
 */
export function searchTools(query: string, options: SearchToolsOptions = {}): string[] {
  const limit = Math.max(0, Math.floor(options.limit ?? 5));
  const index = catalogIndex();
  const among = options.tools === undefined ? undefined : new Set(options.tools);
  const weights = queryWeights(String(query));
  const said = ` ${words(String(query)).join(" ")} `;
  const scored: { name: string; score: number; order: number }[] = [];
  index.docs.forEach((doc, order) => {
    if (among && !among.has(doc.name)) return;
    let score = 0;
    for (const [term, weight] of weights) {
      const tf = doc.terms.get(term);
      if (tf === undefined) continue;
      const norm = tf + K1 * (1 - B + (B * doc.length) / index.avgLength);
      score += weight * (index.idf.get(term) ?? 0) * ((tf * (K1 + 1)) / norm);
    }
    // A query that says a tool's whole name (the results, some hooks) means that tool.
    if (said.includes(` ${doc.phrase} `)) score += NAME_BONUS * doc.nameIdf;
    if (score > 0) scored.push({ name: doc.name, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.name);
}

const K1 = 1.2;
const NAME_BONUS = 2;
const B = 0.75;

// How much a word counts by where it stands in a tool's definition.
const FIELD_WEIGHTS = { name: 3, description: 1, group: 0.5, field: 0.6, enum: 0.4 } as const;
// A thesaurus word counts less than a word the query used.
const RELATED_WEIGHT = 0.5;

/** What each group is about, in the spec's words (section 4). */
const GROUP_WORDS: Record<ToolDefinition["group"], string> = {
  A: "account reads",
  B: "calculators skills",
  C: "creative generation publishing ads",
  D: "connected sources crm analytics queries",
  E: "briefs generation experiments",
  F: "competitor monitoring",
};

/**
 * Words of the trade that users say and the catalog does not, mapped to the catalog's words. Kept to
 * general vocabulary (what a word means in advertising), never to one phrasing.
 */
const RELATED_WORDS: Record<string, string> = {
  launch: "push ad active create",
  publish: "push ad create",
  live: "active push",
  post: "push ad",
  go: "active",
  upload: "save library",
  store: "save library",
  photo: "image",
  picture: "image",
  visual: "image",
  video: "video media",
  perform: "results spend ctr",
  performance: "results spend ctr",
  doing: "results health",
  spend: "spend results",
  cost: "cpa cpl cpm spend",
  stat: "results",
  metric: "results metrics",
  number: "results metrics",
  week: "last_7d results",
  yesterday: "yesterday results",
  month: "last_month this_month results",
  today: "today results",
  tired: "fatigue decaying",
  stale: "fatigue decaying",
  worn: "fatigue",
  burn: "fatigue",
  fatigued: "fatigue",
  often: "frequency",
  shape: "health score",
  healthy: "health score",
  best: "winner top winning",
  top: "top winner winning",
  win: "winning winner",
  common: "patterns shared",
  pattern: "patterns",
  typical: "benchmarks industry",
  normal: "benchmarks industry",
  average: "benchmarks industry compare",
  industry: "benchmarks industry",
  niche: "niche benchmarks",
  ahead: "compare ahead behind",
  behind: "compare ahead behind",
  good: "compare",
  playbook: "skills skill playbooks",
  guide: "skills skill",
  rule: "skill rules",
  expert: "skills",
  text: "copy primary texts",
  wording: "copy",
  headline: "copy headlines",
  caption: "copy",
  write: "write copy",
  opening: "hooks opening lines",
  opener: "hooks opening lines",
  line: "hooks lines",
  attention: "hooks",
  scroll: "hooks",
  brand: "brand profile voice",
  palette: "palette brand",
  color: "palette",
  colour: "palette",
  variation: "variations multiply winning",
  variant: "variations variant",
  version: "version",
  clone: "variations multiply",
  copies: "variations",
  rival: "competitor",
  competition: "competitor",
  combination: "matrix angle hook style",
  grid: "matrix",
  stage: "stage review paused create ad",
  log: "record",
  back: "revoke restore",
  batch: "creatives",
  crm: "crm",
  deal: "crm records pipeline",
  pipeline: "pipeline crm report",
  sale: "pipeline crm",
  traffic: "analytics report",
  session: "analytics report",
  device: "analytics dimensions",
  integration: "connections connected",
  connection: "connection connections",
  connected: "connections connected",
  sync: "status freshness",
  hubspot: "crm connection",
  salesforce: "crm connection",
  test: "experiment test plan",
  experiment: "experiment",
  ab: "experiment control variant",
  conclusive: "sufficient evidence assess",
  evidence: "evidence",
  explanation: "interpretation",
  explain: "interpretation",
  mean: "interpretation",
  outcome: "result",
  lesson: "learning",
  learned: "learning",
  takeaway: "learning",
  learn: "learning",
  sign: "approve",
  accept: "approve approval approved",
  ok: "approve",
  withdraw: "revoke",
  change: "edit changes",
  finished: "status",
  job: "run generation",
  interrupted: "interrupted resume",
  continue: "resume",
  restart: "resume",
  watch: "routine monitoring competitor change",
  monitor: "routine monitoring competitor",
  track: "routine monitoring competitor",
  recurring: "routine cadence",
  alert: "alert alerts",
  hide: "dismiss",
  bring: "restore",
  stop: "pause",
  new: "new",
  fresh: "new novelty",
  idea: "concepts novelty",
  snapshot: "snapshot",
  library: "library",
};

const STOP = new Set(
  "a an and are as at be been but by can could did do does for from get give had has have how i if in into is it its just let me my of on or our please show so some than that the their them then there these they this those to up us was we were what when where which who why will with would you your".split(
    " ",
  ),
);

/** Lower-case words of a text, camelCase and snake_case split, lightly stemmed. */
function words(text: string): string[] {
  return (
    text
      .replace(/([a-z\d])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  ).map(stem);
}

// Enough stemming to meet plurals and verb forms half way; both sides go through it.
function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:ss|ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

interface Doc {
  name: string;
  /** The name's words, stemmed, space-separated. */
  phrase: string;
  /** Sum of the idf of the name's words. */
  nameIdf: number;
  terms: Map<string, number>;
  length: number;
}

interface Index {
  docs: Doc[];
  idf: Map<string, number>;
  avgLength: number;
}

let built: Index | undefined;
let related: Map<string, string[]> | undefined;

function relatedWords(): Map<string, string[]> {
  related ??= new Map(Object.entries(RELATED_WORDS).map(([word, terms]) => [stem(word), words(terms)]));
  return related;
}

function catalogIndex(): Index {
  built ??= buildIndex(offeredTools);
  return built;
}

function buildIndex(defs: readonly ToolDefinition[]): Index {
  const docs = defs.map((def) => {
    const terms = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const word of words(text)) {
        if (STOP.has(word)) continue;
        terms.set(word, (terms.get(word) ?? 0) + weight);
      }
    };
    add(def.name, FIELD_WEIGHTS.name);
    add(def.description, FIELD_WEIGHTS.description);
    add(GROUP_WORDS[def.group], FIELD_WEIGHTS.group);
    for (const [field, schema] of Object.entries(def.input.shape as Record<string, z.ZodType>)) {
      add(field, FIELD_WEIGHTS.field);
      // Each word of a field's enum counts once: last_7d, last_30d... say "last" one time.
      add([...new Set(enumValues(schema).flatMap(words))].join(" "), FIELD_WEIGHTS.enum);
    }
    const length = [...terms.values()].reduce((a, b) => a + b, 0);
    return { name: def.name, phrase: words(def.name).join(" "), nameIdf: 0, terms, length };
  });
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, n] of df) idf.set(term, Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)));
  for (const doc of docs) {
    doc.nameIdf = doc.phrase.split(" ").reduce((sum, term) => sum + (idf.get(term) ?? 0), 0);
  }
  const avgLength = docs.reduce((a, d) => a + d.length, 0) / Math.max(1, docs.length);
  return { docs, idf, avgLength };
}

/** The enum values a field's JSON Schema lists (also inside arrays and objects). */
function enumValues(schema: z.ZodType): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "enum" && Array.isArray(value)) found.push(...value.filter((v) => typeof v === "string"));
        else visit(value);
      }
    }
  };
  try {
    visit(schema.toJSONSchema({ io: "input", unrepresentable: "any" }));
  } catch {
    // A field zod cannot describe has no enum to index.
  }
  return found;
}

/** The query's words with their weights: its own words, then related words of the trade. */
function queryWeights(query: string): Map<string, number> {
  const weights = new Map<string, number>();
  const raise = (term: string, weight: number) => {
    if (STOP.has(term)) return;
    weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  };
  const own = words(query);
  for (const word of own) raise(word, 1);
  for (const word of own) for (const term of relatedWords().get(word) ?? []) raise(term, RELATED_WEIGHT);
  return weights;
}
