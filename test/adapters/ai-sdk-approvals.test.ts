import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConfirmDecision, ConfirmRequest } from "../../src/types.js";
import {
  activePush,
  callsResponse,
  type Env,
  type ScriptedCall,
  shownToModel,
  startEnv,
  textResponse,
} from "./harness.js";

// The README's native-approval snippet, as written, run through the real generateText loops of
// ai@6 and ai@7 with scripted models: only the model and the person are swapped in (the snippet
// takes both as arguments); its imports are pointed at the sources and, for ai@7, at the alias.

const root = resolve(import.meta.dirname, "../..");
const dir = join(import.meta.dirname, `.readme-ai-sdk-${process.pid}`);

type Snippet = {
  turn(
    messages: unknown[],
    model: unknown,
    ask: (r: ConfirmRequest) => Promise<ConfirmDecision>,
  ): Promise<string>;
};

function readmeSnippet(): string {
  const blocks = readFileSync(join(root, "docs", "frameworks.md"), "utf8")
    .split(/```ts[^\n]*\n/)
    .slice(1);
  const found = blocks.map((b) => b.split("\n```")[0]!).filter((b) => b.includes("aiSdkApprovalRound(tools"));
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function load(major: "ai6" | "ai7"): Promise<Snippet> {
  let code = readmeSnippet()
    .replace('from "adrails/ai-sdk"', `from ${JSON.stringify(join(root, "src/adapters/ai-sdk.ts"))}`)
    .replace('from "adrails"', `from ${JSON.stringify(join(root, "src/index.ts"))}`);
  if (major === "ai7") code = code.replace('from "ai"', 'from "ai7"');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${major}.ts`);
  writeFileSync(file, code);
  return (await import(file)) as Snippet;
}

let env: Env;
const snippets: Partial<Record<"ai6" | "ai7", Snippet>> = {};
beforeAll(async () => {
  env = await startEnv();
  // The snippet's createAdTools() reads the key and the service from the environment.
  process.env.ADRAILS_API_KEY = env.sim.apiKey;
  process.env.ADRAILS_BASE_URL = env.sim.url;
  snippets.ai6 = await load("ai6");
  snippets.ai7 = await load("ai7");
  delete process.env.ADRAILS_API_KEY;
  delete process.env.ADRAILS_BASE_URL;
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await env?.close();
});
beforeEach(() => env.sim.control.reset());

const push = (id: string, headline: string) => activePush(env, id, headline);
const read = (id: string): ScriptedCall => ({ id, name: "list-accounts", input: {} });
const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");

/** A person who answers from a list, remembering what they were shown. */
function person(...answers: ConfirmDecision[]) {
  const shown: ConfirmRequest[] = [];
  return {
    shown,
    ask: async (request: ConfirmRequest) => {
      shown.push(request);
      return answers.shift() ?? { approved: false };
    },
  };
}

describe.each(["ai6", "ai7"] as const)("README native approval snippet on %s", (major) => {
  const Mock = (major === "ai6" ? MockV6 : MockV7) as unknown as typeof MockV6;

  it("a read, an approved ACTIVE push, then a next turn: one ad with the sentence, no result lost", async () => {
    const headline = `Approved ${major}`;
    const model = new Mock({
      doGenerate: [
        callsResponse([read("r1")]),
        callsResponse([push("c1", headline)]),
        textResponse("It is live."),
        callsResponse([read("r2")]),
        textResponse("Here are your accounts."),
      ],
    });
    const dana = person({ approved: true, text: "I, Dana, approve this ad going live." });
    const messages: unknown[] = [{ role: "user", content: "Launch it." }];
    expect(await snippets[major]!.turn(messages, model, dana.ask)).toBe("It is live.");
    messages.push({ role: "user", content: "And my accounts?" });
    // On ai@7, appending response.messages here would have lost c1's result: AI_MissingToolResultsError.
    expect(await snippets[major]!.turn(messages, model, dana.ask)).toBe("Here are your accounts.");

    expect(dana.shown).toHaveLength(1);
    expect(dana.shown[0]!.message).toContain(headline);
    expect(dana.shown[0]!.previousLive).toBeUndefined();
    const ads = env.sim.control.ads().filter((ad) => ad.headline === headline);
    expect(ads.map((ad) => [ad.status, ad.hard_confirm_text])).toEqual([
      ["ACTIVE", "I, Dana, approve this ad going live."],
    ]);
    const lastPrompt = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never);
    expect([...lastPrompt.keys()]).toEqual(["r1", "c1", "r2"]);
    expect(lastPrompt.get("c1")!.text).toContain("A person approved this ACTIVE ad");
  });

  it("after a denial the model reads adrails' result with its hint, not the framework's bare denial", async () => {
    const model = new Mock({
      doGenerate: [callsResponse([push("c1", `Denied ${major}`)]), textResponse("Understood.")],
    });
    const dana = person({ approved: false, reason: "Budget not signed off" });
    await snippets[major]!.turn([{ role: "user", content: "Launch it." }], model, dana.ask);
    expect(pushes()).toEqual([]);
    const seen = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never).get("c1")!;
    expect(seen.error).toBe(true);
    const result = JSON.parse(seen.text.replace(/^denied: /, ""));
    expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(result.error).toContain("a person declined: Budget not signed off");
    expect(result.hint).toContain("Do not repeat the call as ACTIVE");
  });

  it("an identical ACTIVE push repeated: the person is told which ad went live and when", async () => {
    const headline = `Repeated ${major}`;
    const model = new Mock({
      doGenerate: [
        callsResponse([push("c1", headline)]),
        textResponse("Live."),
        callsResponse([push("c2", headline)]),
        textResponse("Not again."),
      ],
    });
    const dana = person({ approved: true, text: "Go live." }, { approved: false, reason: "Already live" });
    const messages: unknown[] = [{ role: "user", content: "Launch it." }];
    await snippets[major]!.turn(messages, model, dana.ask);
    messages.push({ role: "user", content: "Did it work? Launch it again." });
    await snippets[major]!.turn(messages, model, dana.ask);

    const [ad] = env.sim.control.ads().filter((a) => a.headline === headline);
    expect(dana.shown).toHaveLength(2);
    expect(dana.shown[0]!.previousLive).toBeUndefined();
    expect(dana.shown[1]!.previousLive).toEqual({ adId: String(ad!.ad_id), at: expect.any(Number) });
    expect(dana.shown[1]!.message).toMatch(
      new RegExp(`^An identical ad already went live: ad ${ad!.ad_id}, at `),
    );
    expect(env.sim.control.ads().filter((a) => a.headline === headline)).toHaveLength(1);
  });
});
