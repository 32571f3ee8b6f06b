import { checkDrift, DocumentError, type Drift } from "../../drift/index.js";
import { EXIT, type ExitCode, exitCodeForStatus } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { viaMcp } from "../via.js";

const NO_BASE_HINT =
  "Set ADRAILS_BASE_URL or pass --base-url (the service's address, without /api/openapi); or add --sim.";

/**
 * `adrails doctor --drift`: compares the service's OpenAPI document (`{base}/api/openapi`, no key
 * needed) with the catalog this adrails ships. Exit 0 when nothing changed, 10 when something did.
 */
export async function runDrift(ctx: CommandContext): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  if (viaMcp(globals, io.env)) return (await import("./drift-door.js")).runDoorDrift(ctx, print);
  let baseUrl = globals.baseUrl ?? io.env.ADRAILS_BASE_URL ?? "";
  let close = async () => {};
  if (globals.sim) {
    const { startSimulator } = await import("../../sim/index.js");
    const sim = await startSimulator();
    baseUrl = sim.url;
    close = () => sim.close();
  } else if (baseUrl.trim() === "") {
    throw new CliError("No base URL: nothing was fetched.", EXIT.usage, NO_BASE_HINT);
  } else if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CliError(
      `The base URL is not an http(s) URL: ${baseUrl}`,
      EXIT.usage,
      "Example: https://example.com",
    );
  }
  let drift: Drift[];
  let url: string;
  try {
    const timeout = globals.timeout === undefined ? {} : { timeoutMs: globals.timeout * 1000 };
    ({ drift, url } = await checkDrift(baseUrl, timeout));
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    const code = error.status === null ? EXIT.unexpected : exitCodeForStatus(error.status);
    throw new CliError(
      `doctor --drift: ${error.message}`,
      code === EXIT.ok || code === EXIT.usage ? EXIT.upstream : code,
      "Check the base URL; the document is served at {base}/api/openapi without a key.",
    );
  } finally {
    await close();
  }
  const code = drift.length === 0 ? EXIT.ok : EXIT.drift;
  if (output.json) output.result({ drift });
  else print(ctx, url, drift);
  return code;
}

/** The drift in words for a person; `door`: found on the MCP door rather than in the document. */
export function print({ output }: CommandContext, url: string, drift: Drift[], door = false): void {
  const s = output.outStyle;
  output.line(s.bold(door ? "adrails doctor --drift --via mcp" : "adrails doctor --drift"));
  output.line(door ? `  door      ${url}` : `  document  ${url}`);
  if (drift.length === 0) {
    output.line(
      s.green(
        door
          ? "No drift: the MCP door's tools and fields are the ones this adrails expects."
          : "No drift: the service's tools and fields match the catalog this adrails ships.",
      ),
    );
    return;
  }
  for (const d of drift) {
    const where = d.field ? `${d.tool} ${d.field}` : d.tool;
    output.line(`  ${s.red(d.change.padEnd(16))} ${where}: ${d.detail}`);
  }
  const differs = door
    ? "the MCP door's catalog differs from what this adrails expects"
    : "the service's API differs from the catalog this adrails ships";
  output.line(
    `${drift.length} change${drift.length === 1 ? "" : "s"}: ${differs}. Check the changes before relying on the tools named; a newer adrails may know them.`,
  );
}
