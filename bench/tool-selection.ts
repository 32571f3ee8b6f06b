// How well searchTools (what find-tools runs) picks the tools a request needs, over the first user
// turn of every eval conversation and the written phrasings of bench/phrasings.ts.
// Run: npx tsx bench/tool-selection.ts   (exit 1 when fewer than 95% have every needed tool in the top 5)
import { measure, selectionCases } from "./selection.js";

const THRESHOLD = 0.95;
const cases = selectionCases();
const result = measure(cases);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `cases: ${result.cases} (${cases.filter((c) => c.source !== "phrasings").length} eval first turns)`,
);
console.log(
  `recall@1 ${pct(result.recall[1])}, recall@3 ${pct(result.recall[3])}, recall@5 ${pct(result.recall[5])}`,
);
console.log(`every needed tool in the top 5: ${pct(result.complete5)} (threshold ${pct(THRESHOLD)})`);
for (const miss of result.misses) {
  console.log(`  miss: "${miss.text}" needs ${miss.needs.join(", ")}; got ${miss.got.join(", ")}`);
}
if (result.complete5 < THRESHOLD) process.exitCode = 1;
