// Tokens (o200k) a model pays for the tool catalog on every request: each offered tool as the
// OpenAI function-calling payload the AI SDK sends (name, description, JSON Schema of the
// model-facing input). Run: npx tsx bench/catalog-tokens.ts
import { zodSchema } from "ai";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import type { z } from "zod";
import { createAdTools } from "../src/toolkit.js";

const BUDGET = 7000;
const toolkit = createAdTools({ apiKey: "adk_bench_placeholder", baseUrl: "http://127.0.0.1:1" });
// A host that sets a default account: every account_id field then names it.
const withAccount = createAdTools({
  apiKey: "adk_bench_placeholder",
  baseUrl: "http://127.0.0.1:1",
  accountId: "act_1234567890",
});

const count = (fn: object) => encode(JSON.stringify({ type: "function", function: fn })).length;

const rows: { name: string; group: string; tokens: number; bare: number; noDialect: number }[] = [];
for (const tool of toolkit.tools) {
  // The JSON Schema exactly as the AI SDK converts it for a provider.
  const parameters = await zodSchema(tool.inputSchema as z.ZodType<unknown>).jsonSchema;
  rows.push({
    name: tool.name,
    group: tool.group,
    tokens: count({ name: tool.name, description: tool.description, parameters }),
    // The floor: the same tool with no description at all.
    bare: count({ name: tool.name, parameters: stripDescriptions(parameters) }),
    // Without the `$schema` dialect line every schema carries (some providers drop it).
    noDialect: count({
      name: tool.name,
      description: tool.description,
      parameters: withoutDialect(parameters),
    }),
  });
}

function withoutDialect(schema: object): object {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
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
const total = sum(rows.map((r) => r.tokens));
console.log(`tools: ${rows.length}`);
console.log(
  `total: ${total} tokens (budget ${BUDGET}; bare schemas without descriptions: ${sum(rows.map((r) => r.bare))})`,
);
let accountTotal = 0;
for (const tool of withAccount.tools) {
  const parameters = await zodSchema(tool.inputSchema as z.ZodType<unknown>).jsonSchema;
  accountTotal += count({ name: tool.name, description: tool.description, parameters });
}
console.log(`with a default account (accountId set): ${accountTotal} tokens`);
console.log(`without the $schema line: ${sum(rows.map((r) => r.noDialect))} tokens`);
for (const group of ["A", "B", "C", "D", "E", "F"]) {
  const inGroup = rows.filter((r) => r.group === group);
  console.log(`  group ${group}: ${sum(inGroup.map((r) => r.tokens))} tokens, ${inGroup.length} tools`);
}
console.log("largest five:");
for (const r of [...rows].sort((a, b) => b.tokens - a.tokens).slice(0, 5))
  console.log(`  ${r.name}: ${r.tokens}`);
if (total > BUDGET) {
  console.error(`over budget by ${total - BUDGET} tokens`);
  process.exitCode = 1;
}
