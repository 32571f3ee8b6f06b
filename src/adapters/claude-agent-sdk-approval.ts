import type { CanUseTool, PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import { askChannel } from "../guards/approval/index.js";
import type { AdTool, AdToolkit, ApprovalAnswer, ConfirmChannel, ConfirmDecision } from "../types.js";

// The Claude Agent SDK's approval words in the approval model: its permission hook (canUseTool)
// asks the person about one tool use (the call's approval request, for that exact input), an
// "allow" is the person's answer to that request, kept under the tool use's id until the tool's
// handler hands it to the toolkit to redeem, once; a "deny" is the person's no, which the toolkit
// records and the model reads.

export const VIA = "claude-agent-sdk";

/** The approvals of one options fragment: answers waiting for their tool use's handler. */
export interface ClaudeApprovals {
  /** The SDK's permission hook for the fragment. */
  canUseTool: CanUseTool;
  /**
   * The input as the model sent it, for a tool use the hook saw (taken once): the MCP layer drops
   * fields the schema does not name, and the toolkit must see them (a forged hard_confirm_text is
   * dropped with a note, an unknown field named).
   */
  rawInput(toolUseId: string | undefined): Record<string, unknown> | undefined;
  /** The answer a person gave for this tool use (taken once), if any. */
  take(toolUseId: string | undefined, fingerprint: string): ApprovalAnswer | undefined;
}

export interface ClaudeApprovalsOptions {
  /** The in-process server's name: a tool use of this server (source "sdk") is adrails'. */
  serverName: string;
  /** The host's own hook, for tools that are not adrails'. */
  hostCanUseTool: CanUseTool | undefined;
  /** Who is asked; the toolkit's `confirm` channel when not given. */
  confirm: ConfirmChannel | undefined;
  sessionId: string | undefined;
}

const NOT_OURS =
  "This tool is not one of adrails', and the host gave no canUseTool of its own to decide about it, so it did not run.";
const ASK_FAILED = "Asking the person failed, so the call did not run. Tell the user.";

export function claudeApprovals(toolkit: AdToolkit, options: ClaudeApprovalsOptions): ClaudeApprovals {
  // Tool use ids are unique per conversation; the fingerprint binds an answer to the payload too.
  const answers = new Map<string, ApprovalAnswer>();
  const inputs = new Map<string, Record<string, unknown>>();
  const prefix = `mcp__${options.serverName}__`;
  const confirm = options.confirm ?? toolkit.options.confirm;

  const canUseTool: CanUseTool = async (toolName, input, hookOptions) => {
    const ours =
      toolName.startsWith(prefix) &&
      (hookOptions.mcpServer === undefined ||
        (hookOptions.mcpServer.source === "sdk" && hookOptions.mcpServer.name === options.serverName));
    const adTool = ours ? toolkit.get(toolName.slice(prefix.length)) : undefined;
    if (!adTool) {
      if (options.hostCanUseTool) return options.hostCanUseTool(toolName, input, hookOptions);
      return { behavior: "deny", message: NOT_OURS };
    }
    const toolUseId = hookOptions.toolUseID;
    inputs.set(toolUseId, input);
    trim(inputs);
    try {
      const request = await adTool.ask(input, { toolCallId: toolUseId, sessionId: options.sessionId });
      // No person needed, or no one to ask: the toolkit decides in the call (it sends nothing
      // that needs a person without an answer).
      if (!request || !confirm) return allow(input, toolUseId);
      // The toolkit's own wait: a person who never answers must not hold the loop past the
      // request's expiry, and the model reads why (no answer came, the channel failed).
      const asked = await askChannel(confirm, request, hookOptions.signal);
      const decision: ConfirmDecision =
        "none" in asked
          ? { approved: false, reason: noAnswer(asked.none, request.expiresAt) }
          : asked.decision;
      if (decision?.approved === true) {
        answers.set(key(toolUseId, request.fingerprint), adTool.answer(request, decision, VIA));
        trim(answers);
        return allow(input, toolUseId);
      }
      const reason =
        typeof decision?.reason === "string" && decision.reason.trim() ? decision.reason : undefined;
      return {
        behavior: "deny",
        message: await deniedText(toolkit, adTool, input, toolUseId, reason),
        toolUseID: toolUseId,
      };
    } catch {
      return { behavior: "deny", message: ASK_FAILED, toolUseID: toolUseId };
    }
  };

  return {
    canUseTool,
    rawInput(toolUseId) {
      if (toolUseId === undefined) return undefined;
      const input = inputs.get(toolUseId);
      inputs.delete(toolUseId);
      return input;
    },
    take(toolUseId, fingerprint) {
      if (toolUseId === undefined) return undefined;
      const k = key(toolUseId, fingerprint);
      const answer = answers.get(k);
      answers.delete(k);
      return answer;
    },
  };
}

// A late answer finds the request expired: say so, as a host's own expiry would.
const noAnswer = (why: string, expiresAt: number) =>
  Date.now() >= expiresAt ? `${why}, so the approval request expired` : why;

const key = (toolUseId: string, fingerprint: string) => `${toolUseId}\n${fingerprint}`;

// The input is handed back unchanged: the answer is bound to it, and an edit would not redeem.
const allow = (input: Record<string, unknown>, toolUseId: string): PermissionResult => ({
  behavior: "allow",
  updatedInput: input,
  toolUseID: toolUseId,
});

/** What the model reads for a denied call: the toolkit's ToolResult for that denial (nothing sent). */
async function deniedText(
  toolkit: AdToolkit,
  adTool: AdTool,
  input: unknown,
  toolUseId: string,
  reason: string | undefined,
): Promise<string> {
  const denial = reason === undefined ? { via: VIA } : { via: VIA, reason };
  return toolkit.toModelText(await adTool.call(input, { toolCallId: toolUseId, denial }));
}

// Answers nobody redeems (a denied-later or aborted tool use) must not pile up.
function trim(answers: Map<string, unknown>, max = 1000): void {
  while (answers.size > max) answers.delete(answers.keys().next().value as string);
}
