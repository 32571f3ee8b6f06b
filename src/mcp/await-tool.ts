import type {
  McpServer,
  ScopeChallengeHandler,
  ServerContext,
  StandardSchemaWithJSON,
  Tool,
} from "@modelcontextprotocol/server";
import { adapterFault } from "../adapters/shared.js";
import { AWAIT_APPROVAL, awaitApprovalTool, runAwaitApproval } from "../await-approval.js";
import type { AdToolkit, ToolResult } from "../types.js";
import { toCallToolResult } from "./call-result.js";
import { withProgress } from "./hold.js";

const TITLE = "Await approval";
// Not read-only: once the person approved, it runs their approved call (once; awaiting again
// returns the same result, hence idempotent).
const ANNOTATIONS = { idempotentHint: true } as const;

/**
 * Registers `await-approval` (the toolkit's own, framework-neutral definition) on `server`, with
 * `notifications/progress` while it holds when the client sent a progress token. Returns the
 * tool as listed, for servers that list tools themselves.
 */
export function registerAwaitApproval(
  server: McpServer,
  toolkit: AdToolkit,
  progressEveryMs?: number,
  scopes?: (toolkit: AdToolkit, name: string) => ScopeChallengeHandler,
): Tool {
  const tool = awaitApprovalTool;
  server.registerTool(
    AWAIT_APPROVAL,
    {
      title: TITLE,
      description: tool.description,
      inputSchema: anyInput(tool.inputSchema),
      annotations: ANNOTATIONS,
      ...(scopes ? { scopeChallenge: scopes(toolkit, AWAIT_APPROVAL) } : {}),
    },
    async (args: unknown, ctx: ServerContext) => {
      let result: ToolResult;
      try {
        result = await withProgress(
          ctx,
          holdMs(args),
          () => runAwaitApproval(toolkit, args, { signal: ctx.mcpReq.signal }),
          progressEveryMs,
        );
      } catch {
        result = adapterFault(AWAIT_APPROVAL);
      }
      return toCallToolResult(toolkit, result);
    },
  );
  return {
    name: AWAIT_APPROVAL,
    title: TITLE,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    annotations: ANNOTATIONS,
  };
}

/** The hold the call asks for, as the tool clamps it (for the progress total only). */
function holdMs(args: unknown): number {
  const wait = (args as { wait_s?: unknown } | null)?.wait_s;
  const seconds = typeof wait === "number" && Number.isFinite(wait) ? Math.min(50, Math.max(1, wait)) : 25;
  return seconds * 1000;
}

/** Shows the tool's JSON Schema; the tool itself answers invalid input with a readable result. */
function anyInput(schema: unknown): StandardSchemaWithJSON {
  const json = () => schema as Record<string, unknown>;
  return {
    "~standard": {
      version: 1,
      vendor: "adrails",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: json, output: json },
    },
  };
}
