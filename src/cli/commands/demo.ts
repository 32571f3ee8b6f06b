import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { catalog, offeredTools, TOOL_GROUPS } from "../../tools/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { GROUP_NAMES } from "./tools.js";

/** The demo module's entry point (src/demo/index.ts). */
type RunDemo = (options: {
  interactive: boolean;
  out: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  input: NodeJS.ReadableStream;
}) => Promise<number>;

/**
 * `adrails demo`: the guided demo when this build has one, else a summary of the catalog.
 * --sim drops ADRAILS_API_KEY / ADRAILS_BASE_URL so the demo runs on its own simulator.
 */
export async function runDemo(ctx: CommandContext, opts: { interactive: boolean }): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  const entry = new URL("../../demo/index.js", import.meta.url);
  if (!existsSync(fileURLToPath(entry))) return catalogSummary(ctx);

  const loaded = (await import(entry.href)) as { runDemo?: RunDemo };
  if (typeof loaded.runDemo !== "function") {
    throw new CliError("This build's demo module has no runDemo export.", EXIT.unexpected);
  }
  const env = { ...io.env };
  if (globals.sim) {
    delete env.ADRAILS_API_KEY;
    delete env.ADRAILS_BASE_URL;
  }
  if (globals.apiKey) env.ADRAILS_API_KEY = globals.apiKey;
  if (globals.baseUrl) env.ADRAILS_BASE_URL = globals.baseUrl;
  output.secret(env.ADRAILS_API_KEY);
  const interactive = opts.interactive && !output.json && io.stdin.isTTY === true && io.stdout.isTTY === true;
  const code = await loaded.runDemo({ interactive, out: io.stdout, env, input: io.stdin });
  return (Number.isInteger(code) && code >= 0 && code <= 9 ? code : EXIT.unexpected) as ExitCode;
}

function catalogSummary({ output }: CommandContext): ExitCode {
  const groups = TOOL_GROUPS.map((group) => ({
    group,
    name: GROUP_NAMES[group],
    tools: offeredTools.filter((def) => def.group === group).map((def) => def.name),
  }));
  const disabled = catalog.filter((def) => def.disabled).map((def) => def.name);
  if (output.json) {
    output.result({ demo: false, offered: offeredTools.length, disabled, groups });
    return EXIT.ok;
  }
  const s = output.outStyle;
  output.line("The guided demo is not part of this build. Here is what adrails offers:");
  output.line();
  for (const g of groups) {
    output.line(`${s.bold(`${g.group}  ${g.name}`)}: ${g.tools.length} tools`);
    output.line(`   ${s.dim(g.tools.join(", "))}`);
  }
  output.line();
  output.line(
    `${offeredTools.length} tools offered; never offered: ${disabled.join(", ")} (disabled at the service).`,
  );
  output.line("Try it offline: adrails --sim doctor, adrails --sim call list-accounts, adrails sim");
  return EXIT.ok;
}
