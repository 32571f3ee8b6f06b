import type { AdTool, AdToolkit, ToolResult } from "../../types.js";
import type { CliError } from "../output.js";

/** How a person sets up `adrails mcp` in a host. */
export const SET_UP =
  "In the MCP host's settings for the adrails server, set ADRAILS_API_KEY to your service key (adk_...) and ADRAILS_BASE_URL to the service's address, then restart the server. To try adrails without a key, add --sim to its arguments.";

/**
 * The toolkit of an `adrails mcp` that cannot reach the service: the same tools, each answering
 * with what is missing and how to set it, for the person reading the host's tool results.
 */
export function notSetUp(toolkit: AdToolkit, problem: CliError): AdToolkit {
  const result: ToolResult = {
    ok: false,
    status: null,
    error: `adrails is not set up: ${problem.message}`,
    hint: `${SET_UP} Tell the person this; calling again will not help.`,
    retryable: false,
  };
  const answer = async (): Promise<ToolResult> => result;
  const tools = toolkit.tools.map(
    (tool): AdTool =>
      Object.freeze({
        ...tool,
        call: answer,
        needsConfirmation: () => false,
        confirmationRequest: () => null,
      }),
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return Object.freeze({
    ...toolkit,
    tools: Object.freeze(tools),
    get: (name: string) => byName.get(name),
    call: answer,
  });
}
