import {
  type CanUseTool,
  createSdkMcpServer,
  type McpSdkServerConfigWithInstance,
  tool,
} from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";
import type { AdTool, AdToolkit, AdToolsOptions, ConfirmChannel, ToolResult } from "../types.js";
import { claudeApprovals } from "./claude-agent-sdk-approval.js";
import { adapterFault, isErrorResult, providerSchema, resolveToolkit, stringField } from "./shared.js";

/** Options of {@link claudeAgentTools}. */
export interface ClaudeAgentAdapterOptions {
  /**
   * The host's own permission hook, asked about every tool that is not adrails' (Claude Code's
   * Bash, Write, other MCP servers). Without one those are denied with a message saying so.
   */
  canUseTool?: CanUseTool;
  /**
   * Who is asked about a call that needs a person. Default: the toolkit's `confirm` channel (for
   * the approval inbox, build the toolkit with `inboxApprovals(inbox)` from "adrails/inbox").
   */
  confirm?: ConfirmChannel;
  /** The in-process MCP server's name (default "adrails"): the model sees `mcp__<name>__<tool>`. */
  serverName?: string;
  /** Scope for request ids (a conversation id). */
  sessionId?: string;
  /**
   * Send every adrails tool to the model up front (`alwaysLoad`), instead of letting Claude Code
   * defer them behind its tool search. Default false: the model starts with Claude Code's
   * `ToolSearch` and loads the adrails tools it searches for, which keeps 52 schemas out of every
   * request.
   */
  alwaysLoad?: boolean;
}

/** What {@link claudeAgentTools} returns: spread it into `query({ prompt, options })`. */
export interface ClaudeAgentToolsOptions {
  mcpServers: Record<string, McpSdkServerConfigWithInstance>;
  /**
   * Allows the reads and calculators at once (no person is asked), asks the person about the calls
   * that need one, and defers other tools to the host's hook. The reads are not listed in
   * `allowedTools`: a bare entry there would skip this hook, and the SDK warns about each one
   * (CLAUDE_SDK_CAN_USE_TOOL_SHADOWED).
   */
  canUseTool: CanUseTool;
}

// Claude Code passes the tool use's id to in-process tools in the request's _meta.
const TOOL_USE_ID = "claudecode/toolUseId";

/**
 * The toolkit's tools for the Claude Agent SDK, as an options fragment for `query()`: an
 * in-process MCP server (the SDK's own `createSdkMcpServer` and `tool`) under the service's tool
 * names, and a `canUseTool` that lets the reads and calculators run without asking and asks a
 * person about each call that needs one (an ACTIVE push) for that exact input. An approval is the person's
 * answer to that call's own request, redeemed once by that tool use; a "no" is recorded by the
 * toolkit and its refusal, with the person's reason, is the message the model reads. Tools that
 * are not adrails' go to `adapterOptions.canUseTool`. Results are never thrown into the loop: the
 * model reads `toolkit.toModelText(result)`. Use one fragment per `query()`.
 */
export function claudeAgentTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  adapterOptions: ClaudeAgentAdapterOptions = {},
): ClaudeAgentToolsOptions {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const serverName = adapterOptions.serverName ?? "adrails";
  const sessionId = adapterOptions.sessionId;
  const approvals = claudeApprovals(toolkit, {
    serverName,
    hostCanUseTool: adapterOptions.canUseTool,
    confirm: adapterOptions.confirm,
    sessionId,
  });

  const toSdkTool = (adTool: AdTool) =>
    tool(
      adTool.name,
      adTool.description,
      anyInput(adTool),
      async (args: unknown, extra: unknown) => {
        let result: ToolResult;
        try {
          const toolUseId = stringField((extra as { _meta?: unknown } | null)?._meta, TOOL_USE_ID);
          const signal = (extra as { signal?: unknown } | null)?.signal;
          // The hook allowed this exact input (an edit would have been refused there).
          const input = providerSchema(adTool).toInput(approvals.rawInput(toolUseId) ?? args);
          const request = adTool.confirmationRequest(input, { toolCallId: toolUseId, sessionId });
          const answer = request ? approvals.take(toolUseId, request.fingerprint) : undefined;
          result = await adTool.call(input, {
            toolCallId: toolUseId,
            sessionId,
            ...(signal instanceof AbortSignal ? { signal } : {}),
            ...(answer ? { answer } : {}),
          });
        } catch {
          result = adapterFault(adTool.name);
        }
        return {
          content: [{ type: "text" as const, text: toolkit.toModelText(result) }],
          ...(isErrorResult(result) ? { isError: true } : {}),
        };
      },
      {
        annotations: {
          readOnlyHint: !needsPermission(adTool),
          destructiveHint: false,
          openWorldHint: true,
        },
        ...(adapterOptions.alwaysLoad ? { alwaysLoad: true } : {}),
      },
    );

  const server = createSdkMcpServer({
    name: serverName,
    version: "1.0.0",
    tools: toolkit.tools.map(toSdkTool),
  });
  return { mcpServers: { [serverName]: server }, canUseTool: approvals.canUseTool };
}

/**
 * The input schema the SDK's MCP layer is given. It accepts any object as sent, so the toolkit
 * validates it and the model reads adrails' ToolResult (`blocked: "validation"` naming the fields,
 * a forged hard_confirm_text dropped with a note) rather than the MCP layer's error; the JSON
 * schema the model sees is the toolkit's model schema. `tool()` is typed for a raw shape, but the
 * SDK registers an object schema as given, and zod's JSON Schema conversion takes a schema's own
 * `_zod.toJSONSchema` as its JSON schema.
 */
function anyInput(adTool: AdTool): Record<string, never> {
  const schema = z.looseObject({});
  // A copy each time: zod's conversion writes into the object it is given, and the model schema is
  // the toolkit's own (shared with every adapter).
  schema._zod.toJSONSchema = () => structuredClone(providerSchema(adTool).schema);
  return schema as unknown as Record<string, never>;
}

/** Tools that can change something go through the permission hook; reads and calculators never need a person. */
function needsPermission(adTool: AdTool): boolean {
  const effect = adTool.definition.effect;
  return effect === "write" || effect === "workflow";
}
