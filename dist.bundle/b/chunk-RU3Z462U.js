import {
  adapterFault,
  isErrorResult,
  providerSchema,
  resolveToolkit,
  stringField
} from "./chunk-NHHJSMJV.js";
import {
  askChannel
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/adapters/claude-agent-sdk.js
import { createSdkMcpServer, tool } from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";

// dist/adapters/claude-agent-sdk-approval.js
var VIA = "claude-agent-sdk";
var NOT_OURS = "This tool is not one of adrails', and the host gave no canUseTool of its own to decide about it, so it did not run.";
var ASK_FAILED = "Asking the person failed, so the call did not run. Tell the user.";
function claudeApprovals(toolkit, options) {
  const answers = /* @__PURE__ */ new Map();
  const inputs = /* @__PURE__ */ new Map();
  const prefix = `mcp__${options.serverName}__`;
  const confirm = options.confirm ?? toolkit.options.confirm;
  const canUseTool = /* @__PURE__ */ __name(async (toolName, input, hookOptions) => {
    const ours = toolName.startsWith(prefix) && (hookOptions.mcpServer === void 0 || hookOptions.mcpServer.source === "sdk" && hookOptions.mcpServer.name === options.serverName);
    const adTool = ours ? toolkit.get(toolName.slice(prefix.length)) : void 0;
    if (!adTool) {
      if (options.hostCanUseTool)
        return options.hostCanUseTool(toolName, input, hookOptions);
      return { behavior: "deny", message: NOT_OURS };
    }
    const toolUseId = hookOptions.toolUseID;
    inputs.set(toolUseId, input);
    trim(inputs);
    try {
      const request = await adTool.ask(input, { toolCallId: toolUseId, sessionId: options.sessionId });
      if (!request || !confirm)
        return allow(input, toolUseId);
      const asked = await askChannel(confirm, request, hookOptions.signal);
      const decision = "none" in asked ? { approved: false, reason: noAnswer(asked.none, request.expiresAt) } : asked.decision;
      if (decision?.approved === true) {
        answers.set(key(toolUseId, request.fingerprint), adTool.answer(request, decision, VIA));
        trim(answers);
        return allow(input, toolUseId);
      }
      const reason = typeof decision?.reason === "string" && decision.reason.trim() ? decision.reason : void 0;
      return {
        behavior: "deny",
        message: await deniedText(toolkit, adTool, input, toolUseId, reason),
        toolUseID: toolUseId
      };
    } catch {
      return { behavior: "deny", message: ASK_FAILED, toolUseID: toolUseId };
    }
  }, "canUseTool");
  return {
    canUseTool,
    rawInput(toolUseId) {
      if (toolUseId === void 0)
        return void 0;
      const input = inputs.get(toolUseId);
      inputs.delete(toolUseId);
      return input;
    },
    take(toolUseId, fingerprint) {
      if (toolUseId === void 0)
        return void 0;
      const k = key(toolUseId, fingerprint);
      const answer = answers.get(k);
      answers.delete(k);
      return answer;
    }
  };
}
__name(claudeApprovals, "claudeApprovals");
var noAnswer = /* @__PURE__ */ __name((why, expiresAt) => Date.now() >= expiresAt ? `${why}, so the approval request expired` : why, "noAnswer");
var key = /* @__PURE__ */ __name((toolUseId, fingerprint) => `${toolUseId}
${fingerprint}`, "key");
var allow = /* @__PURE__ */ __name((input, toolUseId) => ({
  behavior: "allow",
  updatedInput: input,
  toolUseID: toolUseId
}), "allow");
async function deniedText(toolkit, adTool, input, toolUseId, reason) {
  const denial = reason === void 0 ? { via: VIA } : { via: VIA, reason };
  return toolkit.toModelText(await adTool.call(input, { toolCallId: toolUseId, denial }));
}
__name(deniedText, "deniedText");
function trim(answers, max = 1e3) {
  while (answers.size > max)
    answers.delete(answers.keys().next().value);
}
__name(trim, "trim");

// dist/adapters/claude-agent-sdk.js
var TOOL_USE_ID = "claudecode/toolUseId";
function claudeAgentTools(toolkitOrOptions, adapterOptions = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const serverName = adapterOptions.serverName ?? "adrails";
  const sessionId = adapterOptions.sessionId;
  const approvals = claudeApprovals(toolkit, {
    serverName,
    hostCanUseTool: adapterOptions.canUseTool,
    confirm: adapterOptions.confirm,
    sessionId
  });
  const toSdkTool = /* @__PURE__ */ __name((adTool) => tool(adTool.name, adTool.description, anyInput(adTool), async (args, extra) => {
    let result;
    try {
      const toolUseId = stringField(extra?._meta, TOOL_USE_ID);
      const signal = extra?.signal;
      const input = providerSchema(adTool).toInput(approvals.rawInput(toolUseId) ?? args);
      const request = adTool.confirmationRequest(input, { toolCallId: toolUseId, sessionId });
      const answer = request ? approvals.take(toolUseId, request.fingerprint) : void 0;
      result = await adTool.call(input, {
        toolCallId: toolUseId,
        sessionId,
        ...signal instanceof AbortSignal ? { signal } : {},
        ...answer ? { answer } : {}
      });
    } catch {
      result = adapterFault(adTool.name);
    }
    return {
      content: [{ type: "text", text: toolkit.toModelText(result) }],
      ...isErrorResult(result) ? { isError: true } : {}
    };
  }, {
    annotations: {
      readOnlyHint: !needsPermission(adTool),
      destructiveHint: false,
      openWorldHint: true
    },
    ...adapterOptions.alwaysLoad ? { alwaysLoad: true } : {}
  }), "toSdkTool");
  const server = createSdkMcpServer({
    name: serverName,
    version: "1.0.0",
    tools: toolkit.tools.map(toSdkTool)
  });
  return { mcpServers: { [serverName]: server }, canUseTool: approvals.canUseTool };
}
__name(claudeAgentTools, "claudeAgentTools");
function anyInput(adTool) {
  const schema = z.looseObject({});
  schema._zod.toJSONSchema = () => structuredClone(providerSchema(adTool).schema);
  return schema;
}
__name(anyInput, "anyInput");
function needsPermission(adTool) {
  const effect = adTool.definition.effect;
  return effect === "write" || effect === "workflow";
}
__name(needsPermission, "needsPermission");

export {
  claudeAgentTools
};
