import {
  GROUP_NAMES
} from "./chunk-JQBP6YMO.js";
import "./chunk-H7M2KSJO.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  TOOL_GROUPS,
  catalog,
  offeredTools
} from "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/demo.js
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
async function runDemo(ctx, opts) {
  const { io, output, globals } = ctx;
  const entry = new URL("../../demo/index.js", new URL("../cli/commands/demo.js", import.meta.url).href);
  if (!existsSync(fileURLToPath(entry)))
    return catalogSummary(ctx);
  const loaded = await import(entry.href);
  if (typeof loaded.runDemo !== "function") {
    throw new CliError("This build's demo module has no runDemo export.", EXIT.unexpected);
  }
  const env = { ...io.env };
  if (globals.sim) {
    delete env.ADRAILS_API_KEY;
    delete env.ADRAILS_BASE_URL;
  }
  if (globals.apiKey)
    env.ADRAILS_API_KEY = globals.apiKey;
  if (globals.baseUrl)
    env.ADRAILS_BASE_URL = globals.baseUrl;
  output.secret(env.ADRAILS_API_KEY);
  const interactive = opts.interactive && !output.json && io.stdin.isTTY === true && io.stdout.isTTY === true;
  const code = await loaded.runDemo({ interactive, out: io.stdout, env, input: io.stdin });
  return Number.isInteger(code) && code >= 0 && code <= 9 ? code : EXIT.unexpected;
}
__name(runDemo, "runDemo");
function catalogSummary({ output }) {
  const groups = TOOL_GROUPS.map((group) => ({
    group,
    name: GROUP_NAMES[group],
    tools: offeredTools.filter((def) => def.group === group).map((def) => def.name)
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
  output.line(`${offeredTools.length} tools offered; never offered: ${disabled.join(", ")} (disabled at the service).`);
  output.line("Try it offline: adrails --sim doctor, adrails --sim call list-accounts, adrails sim");
  return EXIT.ok;
}
__name(catalogSummary, "catalogSummary");
export {
  runDemo
};
