// Tokens (o200k) a model pays for the tool catalog on every request: each offered tool as the
// OpenAI function-calling payload each adapter hands the provider (name, description, JSON Schema
// of the model-facing input), serialised as it is sent. Run: npx tsx bench/catalog-tokens.ts
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { asSchema } from "ai";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { aiSdkTools } from "../src/adapters/ai-sdk.js";
import { langchainTools } from "../src/adapters/langchain.js";
import { createAdTools } from "../src/toolkit.js";
import type { AdToolkit } from "../src/types.js";

const BUDGET = 7000;
const transport = { apiKey: "adk_bench_placeholder", baseUrl: "http://127.0.0.1:1" };
const toolkit = createAdTools(transport);
// A host that sets a default account: every account_id field then names it.
const withAccount = createAdTools({ ...transport, accountId: "act_1234567890" });

const count = (payload: object) => encode(JSON.stringify(payload)).length;

interface Row {
  name: string;
  group: string;
  tokens: number;
  bare: number;
}

/** Each tool as the AI SDK's OpenAI provider sends it. */
async function aiSdkRows(kit: AdToolkit): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, made] of Object.entries(aiSdkTools(kit))) {
    const parameters = await asSchema(made.inputSchema).jsonSchema;
    const fn = { name, description: made.description, parameters };
    rows.push({
      name,
      group: kit.get(name)!.group,
      tokens: count({ type: "function", function: fn }),
      // The floor: the same tool with no description at all.
      bare: count({ type: "function", function: { name, parameters: stripDescriptions(parameters) } }),
    });
  }
  return rows;
}

/** The catalog as LangChain hands it to an OpenAI-format provider. */
function langchainTotal(kit: AdToolkit): number {
  return sum(langchainTools(kit).map((made) => count(convertToOpenAITool(made))));
}

function stripDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripDescriptions);
  if (node && typeof node === "object") {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => k !== "description")
        .map(([k, v]) => [k, stripDescriptions(v)]),
    );
  }
  return node;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const rows = await aiSdkRows(toolkit);
const total = sum(rows.map((r) => r.tokens));
const accountTotal = sum((await aiSdkRows(withAccount)).map((r) => r.tokens));
const langchain = langchainTotal(toolkit);
const langchainAccount = langchainTotal(withAccount);

console.log(`tools: ${rows.length}`);
console.log(
  `total (AI SDK): ${total} tokens (budget ${BUDGET}; bare schemas without descriptions: ${sum(rows.map((r) => r.bare))})`,
);
console.log(`total (LangChain): ${langchain} tokens`);
console.log(
  `with a default account (accountId set): AI SDK ${accountTotal}, LangChain ${langchainAccount} tokens`,
);
for (const group of ["A", "B", "C", "D", "E", "F"]) {
  const inGroup = rows.filter((r) => r.group === group);
  console.log(`  group ${group}: ${sum(inGroup.map((r) => r.tokens))} tokens, ${inGroup.length} tools`);
}
console.log("largest five:");
for (const r of [...rows].sort((a, b) => b.tokens - a.tokens).slice(0, 5))
  console.log(`  ${r.name}: ${r.tokens}`);
const worst = Math.max(total, accountTotal, langchain, langchainAccount);
if (worst > BUDGET) {
  console.error(`over budget by ${worst - BUDGET} tokens`);
  process.exitCode = 1;
}
