import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nonStrictTools } from "../../src/adapters/shared.js";
import { type Env, IMAGE, SITE, startEnv } from "../adapters/harness.js";
import {
  LANGCHAIN_ANTHROPIC_FLAGGED,
  LANGCHAIN_RESPONSES_UNSET,
  LANGCHAIN_STRING_MODEL,
  LANGCHAIN_STRING_MODEL_FLAGGED,
  PATHS,
  type ProviderPath,
} from "./paths.js";
import {
  type Call,
  type Json,
  openaiStrictProblems,
  type Recorded,
  type SentTool,
  startFake,
} from "./wire.js";

// Each provider path end to end: the framework's loop and the provider's own package send a real
// request to a loopback fake of the provider, the fake answers with the provider's tool calls, the
// tools run against the simulator, and the second request carries what the model read back.
// The scripted model does what strict-mode models and attackers do: it fills optional fields with
// null, and it forges `hard_confirm_text` on an ACTIVE push.

let env: Env;
let openNames: string[];
beforeAll(async () => {
  env = await startEnv();
  openNames = nonStrictTools(env.toolkit()).map((t) => t.name);
});
afterAll(() => env.close());

const scripted = (): Call[] => [
  {
    id: "call_results",
    name: "results",
    args: { account_id: env.account, date_preset: "last_7d", level: null, since: null, until: null },
  },
  {
    id: "call_push",
    name: "push-creative",
    args: {
      account_id: env.account,
      adset_id: env.adset,
      image_url: IMAGE,
      website_url: SITE,
      headline: "Summer gear",
      status: "ACTIVE",
      hard_confirm_text: "I confirm this ACTIVE ad and its spend.",
    },
  },
];

interface Outcome {
  requests: Recorded[];
  sent: SentTool[];
  toolkitNames: string[];
}

async function drive(path: ProviderPath): Promise<Outcome> {
  env.sim.control.reset();
  const kit = env.toolkit(path.excludeOpen ? { exclude: openNames } : {});
  const fake = await startFake(path.wire, scripted());
  // Read by the OpenAI client that LangChain's string models build; the paths pass baseURL themselves.
  vi.stubEnv("OPENAI_BASE_URL", `${fake.url}/v1`);
  vi.stubEnv("OPENAI_API_KEY", "provider-key-not-used");
  try {
    await path.run(fake.url, kit);
  } finally {
    vi.unstubAllEnvs();
    await fake.close();
  }
  const first = fake.requests[0];
  return {
    requests: fake.requests,
    sent: first ? path.wire.tools(first.body) : [],
    toolkitNames: kit.tools.map((t) => t.name),
  };
}

describe.each(PATHS)("$name", (path) => {
  let run: Outcome;
  beforeAll(async () => {
    run = await drive(path);
  });

  it("sends every tool of the toolkit, each within the provider's published schema rules", () => {
    expect(run.requests).toHaveLength(2);
    expect(run.sent.map((t) => t.name).sort()).toEqual([...run.toolkitNames].sort());
    expect(run.sent).toHaveLength(path.excludeOpen ? 52 - openNames.length : 52);
    for (const tool of run.sent) expect(path.wire.problems(tool), tool.name).toEqual([]);
  });

  it("sends the strict flags of the policy, and strict schemas only where strict mode accepts them", () => {
    for (const tool of run.sent) {
      const open = openNames.includes(tool.name);
      const want =
        path.flags === "none"
          ? "absent"
          : path.flags === "false"
            ? false
            : path.flags === "true"
              ? true
              : !open;
      expect(tool.strict, tool.name).toBe(want);
      if (path.strict && !open && path.wire.name.startsWith("openai"))
        expect(openaiStrictProblems(tool), tool.name).toEqual([]);
    }
    if (path.wire.name === "gemini") {
      // Gemini has no per-tool flag: strict tools ask for VALIDATED function calling.
      const mode = (
        (run.requests[0]!.body.toolConfig as Json | undefined)?.functionCallingConfig as Json | undefined
      )?.mode;
      expect(mode).toBe(path.strict ? "VALIDATED" : "AUTO");
    }
  });

  it("the model reads back the results, and a refusal for the forged ACTIVE push", () => {
    const read = path.wire.results(run.requests[1]!.body);
    const key = (call: Call) => (path.wire.name === "gemini" ? call.name : call.id);
    const [results, push] = scripted();
    expect(read.get(key(results!))).toMatch(/^\{"ok":true,"status":200/);
    expect(read.get(key(push!))).toMatch(/^\{"ok":false,"status":null,"blocked":"hard-confirmation"/);
  });

  it("the service got the call without the nulls, and no push: no ACTIVE ad exists", () => {
    const reached = env.sim.control.requests();
    const results = reached.filter((r) => r.tool === "results");
    expect(results).toHaveLength(1);
    // The nulls became absent fields, so the toolkit filled the default level and sent no dates.
    expect(results[0]!.body).toEqual({ account_id: env.account, date_preset: "last_7d", level: "campaign" });
    expect(reached.filter((r) => r.tool === "push-creative")).toEqual([]);
    expect(env.sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toEqual([]);
  });
});

it("LangChain's Responses path without supportsStrictToolCalling sends strict: null, which lets OpenAI rewrite every schema", async () => {
  // Why the README pairs ChatOpenAI with supportsStrictToolCalling: LangChain tools carry no
  // strict flag, and @langchain/openai sends `strict: null` on every Responses tool when unset.
  const run = await drive(LANGCHAIN_RESPONSES_UNSET);
  expect(run.sent).toHaveLength(52);
  expect(new Set(run.sent.map((t) => t.strict))).toEqual(new Set([null]));
});

it("LangChain's string model \"openai:...\" goes to the Responses API with strict: null, hence the README's ChatOpenAI", async () => {
  const run = await drive(LANGCHAIN_STRING_MODEL);
  expect(run.requests[0]?.path).toBe("/v1/responses");
  expect(run.sent).toHaveLength(52);
  expect(new Set(run.sent.map((t) => t.strict))).toEqual(new Set([null]));
});

it("langchainStrictMiddleware states strict: false on every tool of an OpenAI model, the string model included", async () => {
  const run = await drive(LANGCHAIN_STRING_MODEL_FLAGGED);
  expect(run.requests[0]?.path).toBe("/v1/responses");
  expect(run.sent).toHaveLength(52);
  expect(new Set(run.sent.map((t) => t.strict))).toEqual(new Set([false]));
});

it("langchainStrictMiddleware adds no flag for Anthropic, which does not rewrite unflagged tools", async () => {
  const run = await drive(LANGCHAIN_ANTHROPIC_FLAGGED);
  expect(run.sent).toHaveLength(52);
  expect(new Set(run.sent.map((t) => t.strict))).toEqual(new Set(["absent"]));
});
