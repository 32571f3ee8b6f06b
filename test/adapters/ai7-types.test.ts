import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";

// A user on ai@7 compiles against the adapter's published declarations and their own `ai`. This
// rebuilds that view: emit the declarations as the build does (against ai@6), then type-check a
// host file against them in a project where `ai` is the installed ai@7 (the `ai7` alias).
// The work directory is a dot-directory so no glob of the main project picks it up.

const root = resolve(import.meta.dirname, "../..");
const dir = join(import.meta.dirname, `.ai7-types-${process.pid}`);
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tsc = (project: string) =>
  spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", project], {
    encoding: "utf8",
    timeout: 50_000,
  });

const base = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  lib: ["ES2023"],
  types: ["node"],
  strict: true,
  skipLibCheck: true,
  verbatimModuleSyntax: true,
};

const host = `
import { generateText, type ModelMessage, stepCountIs, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { aiSdkApprovalRound, aiSdkDynamicTools, aiSdkToolApproval, aiSdkTools } from "./dist/adapters/ai-sdk.js";
import { createAdTools } from "./dist/toolkit.js";

const tools = aiSdkTools(createAdTools({ apiKey: "adk_types" }), { approval: "native", sessionId: "conversation-1" });
const asToolSet: ToolSet = tools;
void asToolSet;
void generateText({
  model: new MockLanguageModelV3(),
  tools,
  prompt: "hi",
  stopWhen: stepCountIs(3),
  toolApproval: aiSdkToolApproval(tools),
});
const messages: ModelMessage[] = [{ role: "user", content: "hi" }];
const result = await generateText({ model: new MockLanguageModelV3(), tools, messages, stopWhen: stepCountIs(3) });
const round = await aiSdkApprovalRound(tools, result, (request) =>
  request.previousLive ? { approved: false, reason: "already live" } : { approved: true, text: "Go" },
);
messages.push(...round.messages);
const dynamic = aiSdkDynamicTools(createAdTools({ apiKey: "adk_types" }), { approval: "native" });
void generateText({ model: new MockLanguageModelV3(), ...dynamic, prompt: "hi", stopWhen: stepCountIs(3) });
`;

it("the published tool types work in ai@7's generateText with toolApproval", () => {
  const emit = join(dir, "tsconfig.emit.json");
  writeFileSync(
    emit,
    JSON.stringify({
      compilerOptions: {
        ...base,
        declaration: true,
        emitDeclarationOnly: true,
        // The main typecheck covers the source; this step only needs the declarations.
        noCheck: true,
        rootDir: join(root, "src"),
        outDir: join(dir, "dist"),
      },
      files: [join(root, "src/adapters/ai-sdk.ts")],
    }),
  );
  tsc(emit);
  expect(existsSync(join(dir, "dist/adapters/ai-sdk.d.ts"))).toBe(true);

  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(join(dir, "host.ts"), host);
  const ai7 = join(root, "node_modules/ai7/dist");
  const check = join(dir, "tsconfig.json");
  writeFileSync(
    check,
    JSON.stringify({
      compilerOptions: {
        ...base,
        noEmit: true,
        paths: { ai: [join(ai7, "index.d.ts")], "ai/test": [join(ai7, "test/index.d.ts")] },
      },
      files: [join(dir, "host.ts")],
    }),
  );
  const result = tsc(check);
  expect(result.stdout + result.stderr).toBe("");
  expect(result.status).toBe(0);
}, 60_000);
