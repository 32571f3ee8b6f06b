import type { CallToolResult } from "@modelcontextprotocol/server";
import { isErrorResult } from "../adapters/shared.js";
import type { AdToolkit, ToolResult } from "../types.js";

/** The MCP result of a ToolResult: the model's text, the result itself, and whether it failed. */
export function toCallToolResult(toolkit: AdToolkit, result: ToolResult): CallToolResult {
  return {
    content: [{ type: "text", text: toolkit.toModelText(result) }],
    structuredContent: result as unknown as Record<string, unknown>,
    isError: isErrorResult(result),
  };
}
