import type { DoorGuard } from "../../drift/door.js";
import type { Drift } from "../../drift/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { mcpUrlFor, signInFailure, toolMapFor } from "../via.js";

type Print = (ctx: CommandContext, url: string, drift: Drift[], door: boolean) => void;

/**
 * `adrails doctor --drift --via mcp`: the MCP door's `tools/list` (every page, with the stored
 * sign-in) against the door this adrails expects. Exit 0 when nothing changed, 10 when something
 * did, 3 without a usable sign-in.
 */
export async function runDoorDrift(ctx: CommandContext, print: Print): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const toolMap = await toolMapFor(globals, io.env);
  const { checkDoorDrift } = await import("../../drift/door.js");
  let drift: Drift[];
  let unknown: DoorGuard[];
  try {
    ({ drift, unknown } = await checkDoorDrift({
      mcpUrl,
      toolMap,
      ...(io.env.ADRAILS_HOME ? { home: io.env.ADRAILS_HOME } : {}),
      ...(globals.timeout === undefined ? {} : { timeoutMs: globals.timeout * 1000 }),
      warn: (message: string) => output.warn(message),
    }));
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
  if (output.json) output.result({ drift, unknown });
  else {
    print(ctx, mcpUrl, drift, true);
    if (unknown.length > 0) {
      output.line(
        `${unknown.length} tool${unknown.length === 1 ? "" : "s"} adrails does not know: every call needs a person's approval (map them with --tool-map, see \`adrails tools --via mcp\`):`,
      );
      output.line(`  ${unknown.map((tool) => tool.tool).join(", ")}`);
    }
  }
  return drift.length === 0 ? EXIT.ok : EXIT.drift;
}
