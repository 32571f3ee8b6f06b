// Tokens (o200k) a model pays for the tool definitions on every request: the full catalog as each
// adapter hands it to the provider and as @ai-sdk/openai puts it on the Chat Completions wire
// (captured from a loopback server), with and without a default account; each named pack; and
// the first request of dynamic mode. Run: npx tsx bench/catalog-tokens.ts (exit 1 over a target)
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createAgent } from "langchain";
import { aiSdkDynamicTools, aiSdkTools } from "../src/adapters/ai-sdk.js";
import { langchainDynamicTools } from "../src/adapters/langchain.js";
import { createAdTools } from "../src/toolkit.js";
import { PACK_NAMES } from "../src/tools/packs.js";
import type { AdToolsOptions } from "../src/types.js";
import { aiSdkCosts, aiSdkTotal, chatWireTools, langchainTotal, sum, tokens } from "./tokens.js";

// LangChain's default schemas are valid in OpenAI strict mode (every property required, optional
// ones nullable, open parts as JSON text): that costs about 1.19x the lean form, which is held to
// 1.05x the AI SDK's. The strict form is held to its committed baseline (test/tools/token-budget).
const TARGET = {
  adapters: 5850,
  wire: 6000,
  dynamic: 1000,
  pack: 2000,
  langchainLean: 1.05,
  langchainStrict: 7300,
};
const transport = { apiKey: "adk_bench_placeholder", baseUrl: "http://127.0.0.1:1" };
const ACCOUNT = "act_1234567890";
const kit = (options: AdToolsOptions = {}) => createAdTools({ ...transport, ...options });
const problems: string[] = [];
const check = (what: string, value: number, target: number) => {
  if (value > target) problems.push(`${what}: ${value} > ${target}`);
};

const variants: [string, AdToolsOptions][] = [
  ["no accountId", {}],
  ["accountId", { accountId: ACCOUNT }],
  ["accountId + hideAccountId", { accountId: ACCOUNT, hideAccountId: true }],
];
console.log(
  "full catalog (52 tools)        AI SDK  LangChain (strict, default)  LangChain (strict: false)  Chat Completions wire",
);
const totals = new Map<string, number[]>();
for (const [label, options] of variants) {
  const aiSdk = await aiSdkTotal(kit(options));
  const langchain = langchainTotal(kit(options));
  const lean = langchainTotal(kit(options), { strict: false });
  const wire = tokens(await chatWireTools(aiSdkTools(kit(options))));
  totals.set(label, [aiSdk, lean, wire]);
  console.log(
    `  ${label.padEnd(28)} ${String(aiSdk).padStart(6)} ${`${langchain} (${(langchain / aiSdk).toFixed(2)}x)`.padStart(28)} ${`${lean} (${(lean / aiSdk).toFixed(2)}x)`.padStart(26)} ${String(wire).padStart(22)}`,
  );
  check(`${label}: AI SDK`, aiSdk, TARGET.adapters);
  check(`${label}: LangChain strict`, langchain, TARGET.langchainStrict);
  check(`${label}: LangChain strict: false`, lean, Math.floor(aiSdk * TARGET.langchainLean));
  check(`${label}: wire`, wire, TARGET.wire);
}
const [plain, withAccount] = [totals.get("no accountId")!, totals.get("accountId")!];
withAccount.forEach((value, i) => {
  if (value > plain[i]!) problems.push(`accountId costs more than no accountId (${value} > ${plain[i]})`);
});

console.log("\npacks (AI SDK adapter, no accountId)");
for (const pack of PACK_NAMES) {
  const costs = await aiSdkCosts(aiSdkTools(kit({ pack })));
  const total = sum([...costs.values()]);
  console.log(`  ${pack.padEnd(12)} ${String(total).padStart(5)} tokens, ${costs.size} tools`);
  check(`pack ${pack}`, total, TARGET.pack);
}

console.log("\ndynamic mode, first request");
const dynamic = aiSdkDynamicTools(kit());
const firstWire = await chatWireTools(dynamic.tools, {
  prepareStep: dynamic.prepareStep,
  experimental_repairToolCall: dynamic.experimental_repairToolCall,
});
const firstAiSdk = sum(
  [...(await aiSdkCosts(dynamic.tools)).entries()].filter(([n]) => n === "find-tools").map(([, c]) => c),
);
const firstLangChain = await langchainFirstRequest();
console.log(
  `  AI SDK ${firstAiSdk}, LangChain ${firstLangChain}, Chat Completions wire ${tokens(firstWire)} tokens (${firstWire.length} tool)`,
);
for (const [what, value] of [
  ["AI SDK", firstAiSdk],
  ["LangChain", firstLangChain],
  ["wire", tokens(firstWire)],
] as const) {
  check(`dynamic first request (${what})`, value, TARGET.dynamic);
}

console.log(
  `\ntargets: AI SDK <= ${TARGET.adapters}, LangChain strict <= ${TARGET.langchainStrict}, LangChain strict: false <= ${TARGET.langchainLean}x the AI SDK, wire <= ${TARGET.wire}, accountId <= no accountId, packs <= ${TARGET.pack}, dynamic first request <= ${TARGET.dynamic}`,
);
if (problems.length > 0) {
  for (const problem of problems) console.error(`over target: ${problem}`);
  process.exitCode = 1;
} else {
  console.log("all targets met");
}

/** The tools LangChain binds to the model on the first call of a dynamic agent, in tokens. */
async function langchainFirstRequest(): Promise<number> {
  const model = fakeModel();
  const bound: StructuredToolInterface[][] = [];
  const bindTools = model.bindTools.bind(model);
  model.bindTools = (tools: Parameters<typeof bindTools>[0]) => {
    bound.push([...tools] as StructuredToolInterface[]);
    return bindTools(tools);
  };
  model.respond(new AIMessage("ok"));
  const { tools, middleware } = langchainDynamicTools(kit());
  await createAgent({ model, tools, middleware: [middleware] }).invoke({
    messages: [{ role: "user", content: "hi" }],
  });
  return sum((bound[0] ?? []).map((t) => tokens(convertToOpenAITool(t))));
}
