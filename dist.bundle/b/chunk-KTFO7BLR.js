import {
  blocked
} from "./chunk-36ISPG4H.js";
import {
  offeredTools
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/tools/search.js
function searchTools(query, options = {}) {
  const limit = Math.max(0, Math.floor(options.limit ?? 5));
  const index = catalogIndex();
  const among = options.tools === void 0 ? void 0 : new Set(options.tools);
  const weights = queryWeights(String(query));
  const said = ` ${words(String(query)).join(" ")} `;
  const scored = [];
  index.docs.forEach((doc, order) => {
    if (among && !among.has(doc.name))
      return;
    let score = 0;
    for (const [term, weight] of weights) {
      const tf = doc.terms.get(term);
      if (tf === void 0)
        continue;
      const norm = tf + K1 * (1 - B + B * doc.length / index.avgLength);
      score += weight * (index.idf.get(term) ?? 0) * (tf * (K1 + 1) / norm);
    }
    if (said.includes(` ${doc.phrase} `))
      score += NAME_BONUS * doc.nameIdf;
    if (score > 0)
      scored.push({ name: doc.name, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.name);
}
__name(searchTools, "searchTools");
var K1 = 1.2;
var NAME_BONUS = 2;
var B = 0.75;
var FIELD_WEIGHTS = { name: 3, description: 1, group: 0.5, field: 0.6, enum: 0.4 };
var RELATED_WEIGHT = 0.5;
var GROUP_WORDS = {
  A: "account reads",
  B: "calculators skills",
  C: "creative generation publishing ads",
  D: "connected sources crm analytics queries",
  E: "briefs generation experiments",
  F: "competitor monitoring"
};
var RELATED_WORDS = {
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
  library: "library"
};
var STOP = new Set("a an and are as at be been but by can could did do does for from get give had has have how i if in into is it its just let me my of on or our please show so some than that the their them then there these they this those to up us was we were what when where which who why will with would you your".split(" "));
function words(text) {
  return (text.replace(/([a-z\d])([A-Z])/g, "$1 $2").toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}
__name(words, "words");
function stem(word) {
  if (word.length <= 3)
    return word;
  if (word.endsWith("ies"))
    return `${word.slice(0, -3)}y`;
  if (/(?:ss|ch|sh|x|z)es$/.test(word))
    return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 5)
    return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4)
    return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us"))
    return word.slice(0, -1);
  return word;
}
__name(stem, "stem");
var built;
var related;
function relatedWords() {
  related ??= new Map(Object.entries(RELATED_WORDS).map(([word, terms]) => [stem(word), words(terms)]));
  return related;
}
__name(relatedWords, "relatedWords");
function catalogIndex() {
  built ??= buildIndex(offeredTools);
  return built;
}
__name(catalogIndex, "catalogIndex");
function buildIndex(defs) {
  const docs = defs.map((def) => {
    const terms = /* @__PURE__ */ new Map();
    const add = /* @__PURE__ */ __name((text, weight) => {
      for (const word of words(text)) {
        if (STOP.has(word))
          continue;
        terms.set(word, (terms.get(word) ?? 0) + weight);
      }
    }, "add");
    add(def.name, FIELD_WEIGHTS.name);
    add(def.description, FIELD_WEIGHTS.description);
    add(GROUP_WORDS[def.group], FIELD_WEIGHTS.group);
    for (const [field, schema] of Object.entries(def.input.shape)) {
      add(field, FIELD_WEIGHTS.field);
      add([...new Set(enumValues(schema).flatMap(words))].join(" "), FIELD_WEIGHTS.enum);
    }
    const length = [...terms.values()].reduce((a, b) => a + b, 0);
    return { name: def.name, phrase: words(def.name).join(" "), nameIdf: 0, terms, length };
  });
  const df = /* @__PURE__ */ new Map();
  for (const doc of docs)
    for (const term of doc.terms.keys())
      df.set(term, (df.get(term) ?? 0) + 1);
  const idf = /* @__PURE__ */ new Map();
  for (const [term, n] of df)
    idf.set(term, Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)));
  for (const doc of docs) {
    doc.nameIdf = doc.phrase.split(" ").reduce((sum, term) => sum + (idf.get(term) ?? 0), 0);
  }
  const avgLength = docs.reduce((a, d) => a + d.length, 0) / Math.max(1, docs.length);
  return { docs, idf, avgLength };
}
__name(buildIndex, "buildIndex");
function enumValues(schema) {
  const found = [];
  const visit = /* @__PURE__ */ __name((node) => {
    if (Array.isArray(node))
      node.forEach(visit);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "enum" && Array.isArray(value))
          found.push(...value.filter((v) => typeof v === "string"));
        else
          visit(value);
      }
    }
  }, "visit");
  try {
    visit(schema.toJSONSchema({ io: "input", unrepresentable: "any" }));
  } catch {
  }
  return found;
}
__name(enumValues, "enumValues");
function queryWeights(query) {
  const weights = /* @__PURE__ */ new Map();
  const raise = /* @__PURE__ */ __name((term, weight) => {
    if (STOP.has(term))
      return;
    weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  }, "raise");
  const own = words(query);
  for (const word of own)
    raise(word, 1);
  for (const word of own)
    for (const term of relatedWords().get(word) ?? [])
      raise(term, RELATED_WEIGHT);
  return weights;
}
__name(queryWeights, "queryWeights");

// dist/discovery.js
var FIND_TOOLS = "find-tools";
var DESCRIPTION = "Find the tools for a task: describe what you want to do in a few words. The tools found can be called from your next step on. Search again for another task.";
var INPUT_SCHEMA = {
  type: "object",
  properties: { query: { type: "string", minLength: 1, maxLength: 500 } },
  required: ["query"],
  additionalProperties: false
};
function createToolDiscovery(toolkit, options = {}) {
  const limit = Math.max(1, Math.floor(options.limit ?? 5));
  const names = toolkit.tools.map((tool) => tool.name);
  const offered = new Set(names);
  const initial = [...options.active ?? []];
  for (const name of initial) {
    if (!offered.has(name))
      throw new TypeError(`adrails: "${name}" is not a tool of this toolkit (active)`);
  }
  const ordered = /* @__PURE__ */ __name((set) => [FIND_TOOLS, ...names.filter((name) => set.has(name))], "ordered");
  const find = /* @__PURE__ */ __name((input) => {
    const notActive = notActiveName(input);
    if (notActive !== void 0 && offered.has(notActive))
      return { found: [], result: refusal(notActive) };
    const query = queryOf(input);
    if (query === void 0) {
      return {
        found: [],
        result: blocked("validation", `Invalid input for ${FIND_TOOLS}: query is required (a non-empty string of at most 500 characters).`, "Nothing was searched. Call again with a few words on what you want to do.")
      };
    }
    const found = searchTools(query, { limit, tools: names });
    const result = found.length > 0 ? {
      ok: true,
      status: null,
      data: { tools: found },
      note: "These tools can be called from your next step on."
    } : {
      ok: true,
      status: null,
      data: { tools: [] },
      note: "No tool matched. Search again with other words for the task."
    };
    return { found, result };
  }, "find");
  const activeAfter = /* @__PURE__ */ __name((inputs) => {
    const active = new Set(initial);
    for (const input of inputs)
      for (const name of find(input).found)
        active.add(name);
    return active;
  }, "activeAfter");
  const refusal = /* @__PURE__ */ __name((name) => blocked("scope", `${name} cannot be called yet: no ${FIND_TOOLS} search has found it in this conversation.`, `Nothing was sent. Call ${FIND_TOOLS} with what you want to do (for example "${name.replace(/-/g, " ")}"); the tools it finds can be called from your next step.`), "refusal");
  return Object.freeze({
    toolkit,
    tool: Object.freeze({ name: FIND_TOOLS, description: DESCRIPTION, inputSchema: INPUT_SCHEMA }),
    find,
    activeAfter,
    isDeferred: /* @__PURE__ */ __name((name) => offered.has(name), "isDeferred"),
    notActive: refusal,
    session() {
      const active = new Set(initial);
      const listeners = /* @__PURE__ */ new Set();
      return {
        names: /* @__PURE__ */ __name(() => ordered(active), "names"),
        has: /* @__PURE__ */ __name((name) => name === FIND_TOOLS || active.has(name), "has"),
        find(input) {
          const outcome = find(input);
          const added = outcome.found.filter((name) => !active.has(name));
          for (const name of added)
            active.add(name);
          if (added.length > 0) {
            const now = ordered(active);
            for (const listener of listeners) {
              try {
                listener(now);
              } catch {
              }
            }
          }
          return outcome;
        },
        onChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        }
      };
    }
  });
}
__name(createToolDiscovery, "createToolDiscovery");
function queryOf(input) {
  if (input === null || typeof input !== "object")
    return void 0;
  const query = input.query;
  if (typeof query !== "string")
    return void 0;
  const trimmed = query.trim();
  return trimmed === "" || trimmed.length > 500 ? void 0 : trimmed;
}
__name(queryOf, "queryOf");
var NOT_ACTIVE_FIELD = "not_active";
function notActiveName(input) {
  if (input === null || typeof input !== "object")
    return void 0;
  const name = input[NOT_ACTIVE_FIELD];
  return typeof name === "string" ? name : void 0;
}
__name(notActiveName, "notActiveName");

export {
  searchTools,
  FIND_TOOLS,
  createToolDiscovery,
  NOT_ACTIVE_FIELD
};
