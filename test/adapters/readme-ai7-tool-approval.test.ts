import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { MockLanguageModelV3 } from "ai7/test";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
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

// The README's ai@7 snippet (generateText's own `toolApproval` setting), as written, run through
// ai@7's real generateText loop with a scripted model: only the model and the person are swapped
// in (the snippet takes both as arguments); its imports point at the sources and at the ai7 alias.

const root = resolve(import.meta.dirname, "../..");
const dir = join(import.meta.dirname, `.readme-ai7-${process.pid}`);

type Snippet = {
  turnV7(
    messages: unknown[],
    ask: (r: ConfirmRequest) => Promise<ConfirmDecision>,
    model: unknown,
  ): Promise<string>;
};

function readmeSnippet(): string {
  const blocks = readFileSync(join(root, "docs", "frameworks.md"), "utf8")
    .split(/```ts[^\n]*\n/)
    .slice(1);
  const found = blocks.map((b) => b.split("\n```")[0]!).filter((b) => b.startsWith("// ai@7"));
  expect(found).toHaveLength(1);
  expect(found[0]).toContain("toolApproval");
  return found[0]!;
}

let env: Env;
let snippet: Snippet;
beforeAll(async () => {
  env = await startEnv();
  // The snippet's createAdTools() reads the key and the service from the environment.
  process.env.ADRAILS_API_KEY = env.sim.apiKey;
  process.env.ADRAILS_BASE_URL = env.sim.url;
  const code = readmeSnippet()
    .replace('from "adrails/ai-sdk"', `from ${JSON.stringify(join(root, "src/adapters/ai-sdk.ts"))}`)
    .replace('from "adrails"', `from ${JSON.stringify(join(root, "src/index.ts"))}`)
    .replace('from "ai"', 'from "ai7"');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "snippet.ts"), code);
  snippet = (await import(join(dir, "snippet.ts"))) as Snippet;
  delete process.env.ADRAILS_API_KEY;
  delete process.env.ADRAILS_BASE_URL;
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await env?.close();
});
beforeEach(() => env.sim.control.reset());

const read = (id: string): ScriptedCall => ({ id, name: "list-accounts", input: {} });
const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");

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

it("ai@7 toolApproval: a read, an approved ACTIVE push asked once, a next turn; one ad with the sentence", async () => {
  const model = new MockLanguageModelV3({
    doGenerate: [
      callsResponse([read("r1")]),
      callsResponse([activePush(env, "c1", "Approved v7 toolApproval")]),
      textResponse("It is live."),
      callsResponse([read("r2")]),
      textResponse("Here are your accounts."),
    ],
  } as never);
  const dana = person({ approved: true, text: "I, Dana, approve this ad going live." });
  const messages: unknown[] = [{ role: "user", content: "Launch it." }];
  expect(await snippet.turnV7(messages, dana.ask, model)).toBe("It is live.");
  messages.push({ role: "user", content: "And my accounts?" });
  expect(await snippet.turnV7(messages, dana.ask, model)).toBe("Here are your accounts.");

  // toolApproval and the tools' needsApproval give one decision: the person is asked once.
  expect(dana.shown).toHaveLength(1);
  expect(dana.shown[0]!.message).toContain("Approved v7 toolApproval");
  const ads = env.sim.control.ads().filter((ad) => ad.headline === "Approved v7 toolApproval");
  expect(ads.map((ad) => [ad.status, ad.hard_confirm_text])).toEqual([
    ["ACTIVE", "I, Dana, approve this ad going live."],
  ]);
  expect(pushes()).toHaveLength(1);
  const lastPrompt = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never);
  expect([...lastPrompt.keys()]).toEqual(["r1", "c1", "r2"]);
  expect(lastPrompt.get("c1")!.text).toContain("A person approved this ACTIVE ad");
});

it("ai@7 toolApproval: after a denial nothing is sent and the model reads adrails' result with its hint", async () => {
  const model = new MockLanguageModelV3({
    doGenerate: [
      callsResponse([activePush(env, "c1", "Denied v7 toolApproval")]),
      textResponse("Understood."),
    ],
  } as never);
  const dana = person({ approved: false, reason: "Budget not signed off" });
  expect(await snippet.turnV7([{ role: "user", content: "Launch it." }], dana.ask, model)).toBe(
    "Understood.",
  );
  expect(dana.shown).toHaveLength(1);
  expect(pushes()).toEqual([]);
  const seen = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never).get("c1")!;
  const result = JSON.parse(seen.text.replace(/^denied: /, ""));
  expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
  expect(result.error).toContain("a person declined: Budget not signed off");
  expect(result.hint).toContain("Do not repeat the call as ACTIVE");
});
