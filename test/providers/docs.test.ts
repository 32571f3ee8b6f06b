import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { nonStrictTools } from "../../src/adapters/shared.js";
import { createAdTools } from "../../src/toolkit.js";

// The README lists the tools that stay non-strict; the list must be the one the code computes.

it("the list of non-strict tools in docs/frameworks.md is the code's, with the open part of each", () => {
  const readme = readFileSync(new URL("../../docs/frameworks.md", import.meta.url), "utf8");
  const block = /<!-- non-strict-tools[^>]*-->\n([\s\S]*?)<!-- \/non-strict-tools -->/.exec(readme);
  expect(block, "README markers").not.toBeNull();
  const listed = [...block![1]!.matchAll(/^- `([^`]+)`: `([^`]+)`$/gm)].map(
    ([, name, part]) => `${name} ${part}`,
  );
  const kit = createAdTools({ apiKey: "adk_docsCheck0000000000", baseUrl: "http://127.0.0.1:9" });
  const computed = nonStrictTools(kit).map(
    ({ name, reason }) => `${name} ${/^input\.(\S+) /.exec(reason)?.[1]}`,
  );
  expect(listed).toEqual(computed.sort());
});
