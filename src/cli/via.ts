import type { McpDoorOptions, McpDoorToolkit } from "../door-toolkit.js";
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

/** The guarded toolkit on the MCP door with the stored sign-in; sign-in troubles exit 3. */
export async function openMcpToolkit(
  globals: GlobalOptions,
  io: CliIO,
  output: Output,
  options: Omit<McpDoorOptions, "via" | "mcpUrl">,
): Promise<McpDoorToolkit> {
  const mcpUrl = mcpUrlFor(globals, io.env);
  const { connectAdTools } = await import("../door-toolkit.js");
  try {
    return await connectAdTools({
      via: "mcp",
      mcpUrl,
      ...(io.env.ADRAILS_HOME ? { home: io.env.ADRAILS_HOME } : {}),
      warn: (message: string) => output.warn(message),
      ...options,
    });
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
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
