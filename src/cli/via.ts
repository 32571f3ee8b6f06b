import { readFile } from "node:fs/promises";
import type { McpDoorOptions, McpDoorToolkit } from "../door-toolkit.js";
import type { UpstreamToolMap } from "../upstream/mapping.js";
import { EXIT } from "./exit-codes.js";
import { CliError, type CliIO, type Output } from "./output.js";
import type { GlobalOptions } from "./target.js";

/** True when the command goes through the service's MCP door (`--via mcp` or `ADRAILS_VIA=mcp`). */
export function viaMcp(globals: GlobalOptions, env: NodeJS.ProcessEnv): boolean {
  const via = (globals.via ?? env.ADRAILS_VIA ?? "rest").trim().toLowerCase();
  if (via === "mcp") return true;
  if (via === "rest" || via === "") return false;
  throw new CliError(
    `Unknown door ${JSON.stringify(via)} (--via / ADRAILS_VIA).`,
    EXIT.usage,
    "Use rest or mcp.",
  );
}

/** The MCP endpoint: --mcp-url, ADRAILS_MCP_URL, else {base}/api/mcp. */
export function mcpUrlFor(globals: GlobalOptions, env: NodeJS.ProcessEnv): string {
  if (globals.sim) {
    throw new CliError(
      "--sim serves the REST door only here; the MCP door needs a sign-in with `adrails login`.",
      EXIT.usage,
      "Start the simulator with `adrails sim`, then use --base-url with `adrails login` and --via mcp.",
    );
  }
  const explicit = globals.mcpUrl ?? env.ADRAILS_MCP_URL;
  const base = globals.baseUrl ?? env.ADRAILS_BASE_URL;
  const url =
    explicit && explicit.trim() !== ""
      ? explicit
      : base && base.trim() !== ""
        ? `${base.replace(/\/+$/, "")}/api/mcp`
        : "";
  if (url === "") {
    throw new CliError(
      "No MCP door given: nothing was sent.",
      EXIT.usage,
      "Pass --mcp-url (or set ADRAILS_MCP_URL), or --base-url / ADRAILS_BASE_URL for {base}/api/mcp.",
    );
  }
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(
      `The MCP URL is not an http(s) URL: ${url}`,
      EXIT.usage,
      "Example: https://example.com/api/mcp",
    );
  }
  return url;
}

/**
 * The tool map of `--tool-map FILE` / `ADRAILS_TOOL_MAP` (the same JSON as the library's `toolMap`),
 * or undefined without one. A file that cannot be read, is not JSON or names no known tool: exit 2.
 */
export async function toolMapFor(
  globals: GlobalOptions,
  env: NodeJS.ProcessEnv,
): Promise<UpstreamToolMap | undefined> {
  const file = globals.toolMap ?? env.ADRAILS_TOOL_MAP;
  if (file === undefined || file.trim() === "") return undefined;
  const where = globals.toolMap !== undefined ? "--tool-map" : "ADRAILS_TOOL_MAP";
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      `The tool map ${file} (${where}) could not be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
      EXIT.usage,
      "Nothing was sent. Give the path of a JSON file.",
    );
  }
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `The tool map ${file} (${where}) is not JSON: ${(error as Error).message}.`,
      EXIT.usage,
      MAP_EXAMPLE,
    );
  }
  const { toolMapProblems } = await import("../upstream/mapping.js");
  const problems = toolMapProblems(map);
  if (problems.length > 0) {
    throw new CliError(`The tool map ${file} (${where}): ${problems.join("; ")}.`, EXIT.usage, MAP_EXAMPLE);
  }
  return map as UpstreamToolMap;
}

const MAP_EXAMPLE =
  'Nothing was sent. Example: {"get_results": "results", "lookup_thing": "read-only"}; see `adrails tools --via mcp` for the door\'s names.';

/** The guarded toolkit on the MCP door with the stored sign-in; sign-in troubles exit 3, a bad tool map 2. */
export async function openMcpToolkit(
  globals: GlobalOptions,
  io: CliIO,
  output: Output,
  options: Omit<McpDoorOptions, "via" | "mcpUrl">,
): Promise<McpDoorToolkit> {
  const mcpUrl = mcpUrlFor(globals, io.env);
  const toolMap = await toolMapFor(globals, io.env);
  const { connectAdTools } = await import("../door-toolkit.js");
  let toolkit: McpDoorToolkit;
  try {
    toolkit = await connectAdTools({
      via: "mcp",
      mcpUrl,
      ...(io.env.ADRAILS_HOME ? { home: io.env.ADRAILS_HOME } : {}),
      warn: (message: string) => output.warn(message),
      ...(toolMap ? { toolMap } : {}),
      ...options,
    });
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
  // A map entry for a tool whose shape differs from the tool it names is an error in the map.
  const refused = toolkit.catalog.filter((tool) => tool.declaration?.state === "refused");
  if (refused.length > 0) {
    await toolkit.close();
    throw new CliError(
      `The tool map: ${refused.map((tool) => `entry ${JSON.stringify(tool.name)}: ${tool.reason}`).join("; ")}.`,
      EXIT.usage,
      "Nothing was sent. Map a door tool only to the known tool with the same fields and types, or declare it read-only.",
    );
  }
  return toolkit;
}

/** An error of sign-in or of the door as the CLI reports it: exit 3 with what to do. */
export async function signInFailure(error: unknown, mcpUrl: string): Promise<CliError> {
  const { UpstreamError } = await import("../upstream/errors.js");
  const { CredentialsPermissionError } = await import("../upstream/home.js");
  if (error instanceof UpstreamError) return new CliError(error.message, EXIT.auth, error.hint);
  if (error instanceof CredentialsPermissionError) {
    return new CliError(
      error.message,
      EXIT.auth,
      "Nothing was read or sent. Fix the permissions, then try again.",
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(
    `The MCP door at ${mcpUrl} could not be used: ${message}`,
    EXIT.unexpected,
    "Check the URL and that the service is reachable.",
  );
}
