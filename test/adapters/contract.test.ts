import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { langchainSchema } from "../../src/adapters/schema-policy.js";
import { explicitJsonSchema, providerSchema, strictJsonSchema } from "../../src/adapters/shared.js";
import { offeredTools } from "../../src/tools/index.js";
import type { ToolResult } from "../../src/types.js";
import {
  type Env,
  FRAMEWORKS,
  type Framework,
  IMAGE,
  type Run,
  runScript,
  type ScriptedCall,
  type SentTool,
  SITE,
  stable,
  startEnv,
} from "./harness.js";

// One contract, four loops: ai@6 generateText, ai@7 generateText, LangChain createAgent and the
// OpenAI Agents SDK's run(). Every scenario runs through each framework's own loop against the
// simulator, and the model-visible results must be the same in all of them.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");

type Expect = (run: Run, env: Env) => void;
interface Scenario {
  name: string;
  setup?: (env: Env) => void;
  steps: (env: Env) => ScriptedCall[][];
  check: Expect;
}

const push = (id: string, fields: Record<string, unknown>): ScriptedCall => ({
  id,
  name: "push-creative",
  input: {
    account_id: env.account,
    adset_id: env.adset,
    image_url: IMAGE,
    website_url: SITE,
    headline: "Summer gear",
    ...fields,
  },
});

function seenOf(run: Run, id: string) {
  const seen = run.seen.get(id);
  if (!seen) throw new Error(`the model was shown no result for ${id}`);
  return seen;
}

function resultOf(run: Run, id: string): ToolResult {
  const result = seenOf(run, id).result;
  if (!result) throw new Error(`the host kept no ToolResult for ${id}`);
  return result;
}

const scenarios: Scenario[] = [
  {
    name: "a read",
    steps: () => [[{ id: "r1", name: "list-accounts", input: {} }]],
    check: (run, env) => {
      const seen = seenOf(run, "r1");
      expect(seen.error).toBe(false);
      expect(seen.text).toContain(env.account);
      expect(resultOf(run, "r1")).toMatchObject({ ok: true, status: 200 });
    },
  },
  {
    name: "a soft 200",
    steps: () => [[{ id: "s1", name: "benchmarks", input: { niche: "crypto-yachts" } }]],
    check: (run) => {
      const seen = seenOf(run, "s1");
      expect(seen.error).toBe(true);
      expect(seen.text).toContain("Available niches");
      expect(resultOf(run, "s1")).toMatchObject({ ok: false, status: 200 });
    },
  },
  {
    name: "a 207 the model sees as partial",
    setup: (env) => env.sim.control.fault({ kind: "partial", tool: "creative-dna" }),
    steps: (env) => [
      [
        {
          id: "p1",
          name: "creative-dna",
          input: { account_id: env.account, brand_url: "northwind.example.com" },
        },
      ],
    ],
    check: (run) => {
      const seen = seenOf(run, "p1");
      expect(seen.error).toBe(true);
      expect(seen.text).toContain('"ok":"partial"');
      expect(seen.text).toMatch(/not a success/);
      expect(resultOf(run, "p1")).toMatchObject({ ok: "partial", status: 207 });
    },
  },
  {
    name: "a 403 with accounts",
    steps: (env) => [[{ id: "f1", name: "results", input: { account_id: env.foreignAccount } }]],
    check: (run, env) => {
      const seen = seenOf(run, "f1");
      expect(seen.error).toBe(true);
      expect(seen.text).toContain(env.account);
      const result = resultOf(run, "f1") as { status: number; accounts?: { id: string }[] };
      expect(result.status).toBe(403);
      expect(result.accounts?.map((a) => a.id)).toContain(env.account);
    },
  },
  {
    name: "a PAUSED push",
    steps: () => [[push("a1", { status: "PAUSED" })]],
    check: (run, env) => {
      const seen = seenOf(run, "a1");
      expect(seen.error).toBe(false);
      expect(seen.text).toContain("PAUSED");
      expect(env.sim.control.ads().map((a) => a.status)).toEqual(["PAUSED"]);
    },
  },
  {
    name: "an ACTIVE push refused without approval",
    steps: () => [[push("a2", { status: "ACTIVE" })]],
    check: (run, env) => {
      const seen = seenOf(run, "a2");
      expect(seen.error).toBe(true);
      expect(resultOf(run, "a2")).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
      expect(env.sim.control.ads()).toEqual([]);
      expect(pushes()).toEqual([]);
    },
  },
  {
    name: "a model that fabricates hard_confirm_text gets no ACTIVE ad",
    steps: () => [[push("a3", { status: "ACTIVE", hard_confirm_text: "I confirm, go live" })]],
    check: (run, env) => {
      const seen = seenOf(run, "a3");
      expect(seen.error).toBe(true);
      expect(seen.text).toContain("hard_confirm_text you sent was dropped");
      expect(env.sim.control.ads().filter((a) => a.status === "ACTIVE")).toEqual([]);
      expect(pushes().filter((r) => JSON.stringify(r.body).includes("hard_confirm_text"))).toEqual([]);
    },
  },
  {
    name: "a retried identical push makes one ad",
    steps: () => [[push("a4", { status: "PAUSED" })], [push("a5", { status: "PAUSED" })]],
    check: (run, env) => {
      expect(seenOf(run, "a4").error).toBe(false);
      expect(seenOf(run, "a5").error).toBe(false);
      expect(env.sim.control.ads()).toHaveLength(1);
      const sent = pushes();
      expect(sent).toHaveLength(2);
      expect(sent[1]?.replayed).toBe(true);
    },
  },
  {
    name: "a validation error the model fixes on the next step",
    steps: (env) => [
      [{ id: "v1", name: "results", input: { account_id: env.account, level: "weekly" } }],
      [{ id: "v2", name: "results", input: { account_id: env.account, level: "campaign" } }],
    ],
    check: (run, env) => {
      const first = seenOf(run, "v1");
      expect(first.error).toBe(true);
      expect(first.text).toContain("level must be one of");
      expect(resultOf(run, "v1")).toMatchObject({ blocked: "validation" });
      expect(seenOf(run, "v2").error).toBe(false);
      expect(env.sim.control.requests().filter((r) => r.tool === "results")).toHaveLength(1);
    },
  },
];

describe.each(scenarios)("$name", (scenario) => {
  const runs = new Map<Framework, Run>();

  it.each(FRAMEWORKS)("through %s", async (framework) => {
    scenario.setup?.(env);
    // One session id for every framework, so derived request ids (and what the model reads) match.
    const run = await runScript(framework, env.toolkit({ sessionId: "contract" }), scenario.steps(env));
    scenario.check(run, env);
    runs.set(framework, run);
  });

  it("shows the model the same results in every framework", () => {
    expect([...runs.keys()]).toEqual([...FRAMEWORKS]);
    const visible = (run: Run) =>
      Object.fromEntries([...run.seen].map(([id, s]) => [id, { error: s.error, text: stable(s.text) }]));
    const [first, ...rest] = FRAMEWORKS.map((f) => visible(runs.get(f)!));
    for (const other of rest) expect(other).toEqual(first);
  });
});

describe("the tools each framework offers the model", () => {
  const sent = new Map<Framework, Map<string, SentTool>>();

  beforeAll(async () => {
    for (const framework of FRAMEWORKS) {
      const run = await runScript(framework, env.toolkit(), [[{ id: "t1", name: "list-skills", input: {} }]]);
      sent.set(framework, run.sent);
    }
  });

  it.each(FRAMEWORKS)("%s: every offered tool, under the service's name", (framework) => {
    const names = [...sent.get(framework)!.keys()].sort();
    expect(names).toEqual(offeredTools.map((t) => t.name).sort());
    expect(names).not.toContain("emergency-recovery");
  });

  it.each(FRAMEWORKS)("%s: schemas match the catalog (fields, required, enums, bounds)", (framework) => {
    for (const def of offeredTools) {
      const tool = sent.get(framework)!.get(def.name)!;
      // LangChain sends strict-mode schemas by default (no flag of its own); open parts go as JSON text.
      const textPaths = framework === "langchain" ? textPathsOf(def.name) : undefined;
      if (textPaths) {
        for (const path of textPaths) {
          expect([at(tool.parameters, path).type].flat()[0], `${def.name} ${path.join(".")}`).toBe("string");
        }
      } else if (tool.strict === true || framework === "langchain") {
        // Strict mode states bounds in the description; fields, optionality and enums must hold.
        expect(substance(relaxStrict(tool.parameters)), def.name).toEqual(
          withoutBounds(catalogSubstance(def)),
        );
      } else {
        expect(substance(tool.parameters), def.name).toEqual(catalogSubstance(def));
      }
    }
  });

  it("the Agents SDK sends every tool it can strict, and the rest open", () => {
    const tools = sent.get("openai-agents")!;
    const strict = [...tools.values()].filter((t) => t.strict === true);
    expect(strict.length).toBeGreaterThan(tools.size / 2);
    for (const [name, tool] of tools) expect(typeof tool.strict, name).toBe("boolean");
  });

  it("every framework sends the same schema and description for every tool", () => {
    const [first, ...rest] = FRAMEWORKS.map((f) => [f, sent.get(f)!] as const);
    const toolkit = env.toolkit();
    for (const [framework, other] of rest) {
      for (const [name, tool] of first![1]) {
        const theirs = other.get(name)!;
        const plain = withoutDialect(tool.parameters);
        // The Agents SDK gets its schema from the same shared policy, in strict mode.
        const strict = providerSchema(toolkit.get(name)!, { strict: true });
        const expected =
          framework === "openai-agents"
            ? strict.schema
            : framework === "langchain"
              ? langchainSchema(toolkit.get(name)!, undefined).schema
              : plain;
        expect(withoutDialect(theirs.parameters), `${framework} ${name}`).toEqual(expected);
        if (framework === "openai-agents") expect(theirs.strict, name).toBe(strict.strict);
        expect(theirs.description, name).toBe(tool.description);
      }
    }
  });
});

/** The open parts a LangChain tool sends as JSON text, or undefined when it has none. */
function textPathsOf(name: string): string[][] | undefined {
  const strict = strictJsonSchema(explicitJsonSchema(env.toolkit().get(name)!), { openAsText: true });
  return strict.strict ? strict.textPaths : undefined;
}

/** The subschema of a property path ("[]" for items). */
function at(schema: Json, path: string[]): Json {
  let node = schema;
  for (const key of path) node = (key === "[]" ? node.items : (node.properties as Json)[key]) as Json;
  return node;
}

const isNullable = (node: Json) =>
  (Array.isArray(node.type) && node.type.includes("null")) ||
  (Array.isArray(node.anyOf) && node.anyOf.some((item) => (item as Json).type === "null"));

/**
 * A strict-mode schema read back as a plain one: a nullable field is an optional one (no catalog
 * field is nullable of its own), and the null is taken out of its type, enum or anyOf.
 */
function relaxStrict(node: Json): Json {
  const out: Json = { ...node };
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== "null");
    out.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v) => v !== null);
  if (Array.isArray(out.anyOf)) {
    const options = out.anyOf.filter((item) => (item as Json).type !== "null") as Json[];
    if (options.length === 1) {
      delete out.anyOf;
      Object.assign(out, options[0]);
    } else {
      out.anyOf = options;
    }
  }
  if (out.properties && typeof out.properties === "object") {
    const properties = out.properties as Record<string, Json>;
    out.required = Object.keys(properties).filter((key) => !isNullable(properties[key]!));
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, relaxStrict(value)]),
    );
  }
  if (out.items && typeof out.items === "object") out.items = relaxStrict(out.items as Json);
  return out;
}

function withoutBounds(substances: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(substances).map(([path, entry]) => [
      path,
      Object.fromEntries(Object.entries(entry).filter(([key]) => !BOUNDS.includes(key))),
    ]),
  );
}

function withoutDialect(schema: Record<string, unknown>) {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

type Json = Record<string, unknown>;
const BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
];

/** What a schema says about each field, path by path: type, required, enum, bounds, open or closed. */
function substance(schema: Json, path = "$", out: Record<string, Json> = {}): Record<string, Json> {
  const entry: Json = {};
  if (schema.type !== undefined) entry.type = schema.type;
  if (Array.isArray(schema.enum)) entry.enum = [...schema.enum].sort();
  for (const bound of BOUNDS) if (schema[bound] !== undefined) entry[bound] = schema[bound];
  // A lean schema leaves out empty `properties`; an object without fields and without
  // `additionalProperties: false` is open, as one with `additionalProperties: {}` is.
  const fieldless = schema.type === "object" && schema.properties === undefined;
  const properties = fieldless ? {} : schema.properties;
  if (properties && typeof properties === "object") {
    entry.fields = Object.keys(properties).sort();
    entry.required = [...((schema.required as string[]) ?? [])].sort();
    entry.open =
      (schema.additionalProperties !== undefined && schema.additionalProperties !== false) ||
      (fieldless && schema.additionalProperties === undefined);
    for (const [key, value] of Object.entries(properties as Record<string, Json>)) {
      substance(value, `${path}.${key}`, out);
    }
  }
  if (schema.items && typeof schema.items === "object") substance(schema.items as Json, `${path}[]`, out);
  out[path] = entry;
  return out;
}

/**
 * The catalog's own statement of a tool's input, as the model should see it: the definition's
 * fields without `hard_confirm_text`, the retry key optional (adrails fills it in).
 */
function catalogSubstance(def: (typeof offeredTools)[number]): Record<string, Json> {
  const json = z.toJSONSchema(def.input, { io: "input", target: "draft-7", unrepresentable: "any" }) as Json;
  const properties = { ...(json.properties as Record<string, Json>) };
  delete properties.hard_confirm_text;
  const optional = new Set(["hard_confirm_text", def.idField?.name]);
  const required = ((json.required as string[]) ?? []).filter((key) => !optional.has(key));
  return substance({ ...json, properties, required });
}
