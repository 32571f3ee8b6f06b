import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/via.js
import { readFile } from "node:fs/promises";
function viaMcp(globals, env) {
  const via = (globals.via ?? env.ADRAILS_VIA ?? "rest").trim().toLowerCase();
  if (via === "mcp")
    return true;
  if (via === "rest" || via === "")
    return false;
  throw new CliError(`Unknown door ${JSON.stringify(via)} (--via / ADRAILS_VIA).`, EXIT.usage, "Use rest or mcp.");
}
__name(viaMcp, "viaMcp");
function mcpUrlFor(globals, env) {
  if (globals.sim) {
    throw new CliError("--sim serves the REST door only here; the MCP door needs a sign-in with `adrails login`.", EXIT.usage, "Start the simulator with `adrails sim`, then use --base-url with `adrails login` and --via mcp.");
  }
  const explicit = globals.mcpUrl ?? env.ADRAILS_MCP_URL;
  const base = globals.baseUrl ?? env.ADRAILS_BASE_URL;
  const url = explicit && explicit.trim() !== "" ? explicit : base && base.trim() !== "" ? `${base.replace(/\/+$/, "")}/api/mcp` : "";
  if (url === "") {
    throw new CliError("No MCP door given: nothing was sent.", EXIT.usage, "Pass --mcp-url (or set ADRAILS_MCP_URL), or --base-url / ADRAILS_BASE_URL for {base}/api/mcp.");
  }
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(`The MCP URL is not an http(s) URL: ${url}`, EXIT.usage, "Example: https://example.com/api/mcp");
  }
  return url;
}
__name(mcpUrlFor, "mcpUrlFor");
async function toolMapFor(globals, env) {
  const file = globals.toolMap ?? env.ADRAILS_TOOL_MAP;
  if (file === void 0 || file.trim() === "")
    return void 0;
  const where = globals.toolMap !== void 0 ? "--tool-map" : "ADRAILS_TOOL_MAP";
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(`The tool map ${file} (${where}) could not be read: ${error.code ?? error.message}.`, EXIT.usage, "Nothing was sent. Give the path of a JSON file.");
  }
  let map;
  try {
    map = JSON.parse(text);
  } catch (error) {
    throw new CliError(`The tool map ${file} (${where}) is not JSON: ${error.message}.`, EXIT.usage, MAP_EXAMPLE);
  }
  const { toolMapProblems } = await import("./mapping-6GPZQF5Z.js");
  const problems = toolMapProblems(map);
  if (problems.length > 0) {
    throw new CliError(`The tool map ${file} (${where}): ${problems.join("; ")}.`, EXIT.usage, MAP_EXAMPLE);
  }
  return map;
}
__name(toolMapFor, "toolMapFor");
var MAP_EXAMPLE = 'Nothing was sent. Example: {"get_results": "results", "lookup_thing": "read-only"}; see `adrails tools --via mcp` for the door\'s names.';
async function openMcpToolkit(globals, io, output, options) {
  const mcpUrl = mcpUrlFor(globals, io.env);
  const toolMap = await toolMapFor(globals, io.env);
  const { connectAdTools } = await import("./door-toolkit.js");
  let toolkit;
  try {
    toolkit = await connectAdTools({
      via: "mcp",
      mcpUrl,
      ...io.env.ADRAILS_HOME ? { home: io.env.ADRAILS_HOME } : {},
      warn: /* @__PURE__ */ __name((message) => output.warn(message), "warn"),
      ...toolMap ? { toolMap } : {},
      ...options
    });
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
  const refused = toolkit.catalog.filter((tool) => tool.declaration?.state === "refused");
  if (refused.length > 0) {
    await toolkit.close();
    throw new CliError(`The tool map: ${refused.map((tool) => `entry ${JSON.stringify(tool.name)}: ${tool.reason}`).join("; ")}.`, EXIT.usage, "Nothing was sent. Map a door tool only to the known tool with the same fields and types, or declare it read-only.");
  }
  return toolkit;
}
__name(openMcpToolkit, "openMcpToolkit");
async function signInFailure(error, mcpUrl) {
  const { UpstreamError } = await import("./errors-YONQ5B2S.js");
  const { CredentialsPermissionError } = await import("./home-ZC4WTHL3.js");
  if (error instanceof UpstreamError)
    return new CliError(error.message, EXIT.auth, error.hint);
  if (error instanceof CredentialsPermissionError) {
    return new CliError(error.message, EXIT.auth, "Nothing was read or sent. Fix the permissions, then try again.");
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`The MCP door at ${mcpUrl} could not be used: ${message}`, EXIT.unexpected, "Check the URL and that the service is reachable.");
}
__name(signInFailure, "signInFailure");

export {
  viaMcp,
  mcpUrlFor,
  toolMapFor,
  openMcpToolkit,
  signInFailure
};
