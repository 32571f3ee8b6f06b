import {
  mcpUrlFor,
  signInFailure,
  toolMapFor
} from "./chunk-H7M2KSJO.js";
import "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/drift-door.js
async function runDoorDrift(ctx, print) {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const toolMap = await toolMapFor(globals, io.env);
  const { checkDoorDrift } = await import("./door-AGYNOBCD.js");
  let drift;
  let unknown;
  try {
    ({ drift, unknown } = await checkDoorDrift({
      mcpUrl,
      toolMap,
      ...io.env.ADRAILS_HOME ? { home: io.env.ADRAILS_HOME } : {},
      ...globals.timeout === void 0 ? {} : { timeoutMs: globals.timeout * 1e3 },
      warn: /* @__PURE__ */ __name((message) => output.warn(message), "warn")
    }));
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
  if (output.json)
    output.result({ drift, unknown });
  else {
    print(ctx, mcpUrl, drift, true);
    if (unknown.length > 0) {
      output.line(`${unknown.length} tool${unknown.length === 1 ? "" : "s"} adrails does not know: every call needs a person's approval (map them with --tool-map, see \`adrails tools --via mcp\`):`);
      output.line(`  ${unknown.map((tool) => tool.tool).join(", ")}`);
    }
  }
  return drift.length === 0 ? EXIT.ok : EXIT.drift;
}
__name(runDoorDrift, "runDoorDrift");
export {
  runDoorDrift
};
