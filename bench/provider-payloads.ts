// What each provider path sends for the tool catalog: tool count, o200k tokens of the tools array
// as it goes over the wire, and the strict flags. Each path runs its framework and provider package
// against the loopback fakes of test/providers (a text-only answer, so no tool runs).
// Run: npx tsx bench/provider-payloads.ts
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { nonStrictTools } from "../src/adapters/shared.js";
import { createAdTools } from "../src/toolkit.js";
import { LANGCHAIN_RESPONSES_UNSET, LANGCHAIN_STRING_MODEL, PATHS } from "../test/providers/paths.js";
import { startFake } from "../test/providers/wire.js";

const transport = { apiKey: "adk_benchPlaceholder0000", baseUrl: "http://127.0.0.1:1" };
const open = nonStrictTools(createAdTools(transport)).map((t) => t.name);

for (const path of [...PATHS, LANGCHAIN_RESPONSES_UNSET, LANGCHAIN_STRING_MODEL]) {
  const kit = createAdTools({ ...transport, ...(path.excludeOpen ? { exclude: open } : {}) });
  const fake = await startFake(path.wire, []);
  // For LangChain's string model, which builds its client from the environment.
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  process.env.OPENAI_API_KEY = "provider-key-not-used";
  try {
    await path.run(fake.url, kit);
  } finally {
    await fake.close();
  }
  const body = fake.requests[0]!.body;
  const tools = path.wire.tools(body);
  const flags = new Map<string, number>();
  for (const t of tools) flags.set(String(t.strict), (flags.get(String(t.strict)) ?? 0) + 1);
  const mode = (body.toolConfig as { functionCallingConfig?: { mode?: string } } | undefined)
    ?.functionCallingConfig?.mode;
  const shown = [...flags].map(([flag, n]) => `${n}x ${flag === "absent" ? "no flag" : `strict: ${flag}`}`);
  if (mode) shown.push(`mode ${mode}`);
  const tokens = encode(JSON.stringify(path.wire.rawTools(body))).length;
  console.log(`${path.name}\n  ${tools.length} tools, ${tokens} tokens, ${shown.join(", ")}`);
}
