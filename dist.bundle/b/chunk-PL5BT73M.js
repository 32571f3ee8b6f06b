import {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  AWAIT_APPROVAL_STRICT_SCHEMA,
  awaitApprovalTool,
  requireDesk,
  runAwaitApproval
} from "./chunk-XCJFUJ3F.js";
import {
  FIND_TOOLS,
  NOT_ACTIVE_FIELD,
  createToolDiscovery
} from "./chunk-KTFO7BLR.js";
import {
  adapterFault,
  createAskLog,
  isErrorResult,
  isToolkit,
  providerSchema,
  resolveToolkit,
  stringField
} from "./chunk-NHHJSMJV.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/adapters/ai-sdk.js
import { jsonSchema, tool } from "ai";

// dist/adapters/ai-sdk-approvals.js
var approvalScope = /* @__PURE__ */ __name((toolCallId) => `ai-sdk:${toolCallId}`, "approvalScope");
var DENIED_UNASKED = "No person was asked about this tool call, so it did not run.";
async function approvalRound(originOf, tools, result, askPerson, askOther) {
  const messages = [...result.responseMessages ?? result.response.messages];
  const answers = [];
  for (const part of result.content) {
    const ask = approvalAsk(part);
    if (!ask)
      continue;
    const origin = originOf(tools[ask.toolName]);
    const request = origin ? await origin.adTool.ask(ask.input, {
      toolCallId: ask.toolCallId,
      requestScope: approvalScope(ask.toolCallId),
      channel: "ai-sdk"
    }) : null;
    let decision;
    try {
      if (origin && request)
        decision = await askPerson(request);
      else if (askOther)
        decision = await askOther(ask);
      else
        decision = { approved: false, reason: DENIED_UNASKED };
    } catch {
      decision = { approved: false, reason: "Asking the person failed, so the call did not run." };
    }
    if (origin && request && (decision?.approved === true || decision?.approved === false)) {
      await origin.adTool.respond(request, decision, "ai-sdk").catch(() => {
      });
    }
    if (decision?.approved === true) {
      const text = typeof decision.text === "string" && decision.text.trim() !== "" ? decision.text : void 0;
      answers.push({
        type: "tool-approval-response",
        approvalId: ask.approvalId,
        approved: true,
        ...text ? { reason: text } : {}
      });
      continue;
    }
    const reason = typeof decision?.reason === "string" && decision.reason.trim() !== "" ? decision.reason : void 0;
    answers.push({
      type: "tool-approval-response",
      approvalId: ask.approvalId,
      approved: false,
      reason: origin ? await deniedText(origin, ask, reason) : reason ?? DENIED_UNASKED
    });
  }
  if (answers.length > 0)
    messages.push({ role: "tool", content: answers });
  return { messages, answered: answers.length };
}
__name(approvalRound, "approvalRound");
async function deniedText(origin, ask, reason) {
  const result = await origin.adTool.call(ask.input, {
    toolCallId: ask.toolCallId,
    denial: reason === void 0 ? { via: "ai-sdk" } : { via: "ai-sdk", reason }
  });
  return origin.toolkit.toModelText(result);
}
__name(deniedText, "deniedText");
function approvalAsk(part) {
  const p = part;
  if (p?.type !== "tool-approval-request" || p.isAutomatic === true || typeof p.approvalId !== "string") {
    return void 0;
  }
  const call = p.toolCall;
  if (typeof call?.toolCallId !== "string" || typeof call.toolName !== "string")
    return void 0;
  return {
    approvalId: p.approvalId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input
  };
}
__name(approvalAsk, "approvalAsk");

// dist/adapters/ai-sdk-answers.js
async function asksPerson(adTool, asks, input, options, sessionId) {
  const request = adTool.confirmationRequest(input);
  if (!request)
    return false;
  const key = askKey(options.toolCallId, request.fingerprint);
  asks.asked(key);
  if (!resumes(options.messages ?? [], options.toolCallId)) {
    const shown = await adTool.ask(input, {
      toolCallId: options.toolCallId,
      requestScope: approvalScope(options.toolCallId),
      channel: VIA,
      ...sessionId === void 0 ? {} : { sessionId }
    }).catch(() => void 0);
    if (shown === null)
      return false;
    asks.told(key, shown?.previousLive);
  }
  return true;
}
__name(asksPerson, "asksPerson");
var askKey = /* @__PURE__ */ __name((toolCallId, fingerprint) => `${toolCallId}
${fingerprint}`, "askKey");
function answerFrom(adTool, asks, input, options) {
  const { toolCallId } = options;
  const fingerprint = adTool.confirmationRequest(input)?.fingerprint;
  if (fingerprint === void 0)
    return void 0;
  const response = findApprovalResponse(options.messages, toolCallId);
  if (!response)
    return void 0;
  const key = askKey(toolCallId, fingerprint);
  const previousLive = asks.toldOf(key);
  const askedAt = asks.take(key);
  const request = adTool.confirmationRequest(input, {
    toolCallId,
    sessionId: approvalScope(toolCallId),
    ...askedAt === void 0 ? {} : { askedAt }
  });
  if (!request)
    return void 0;
  const seen = previousLive === void 0 ? request : { ...request, previousLive };
  return adTool.answer(seen, { approved: true, text: response.reason ?? "" }, VIA);
}
__name(answerFrom, "answerFrom");
var VIA = "ai-sdk";
function resumes(messages, toolCallId) {
  const last = messages.at(-1);
  if (last?.role !== "tool")
    return false;
  return findApprovalResponse(messages, toolCallId, [last]) !== void 0;
}
__name(resumes, "resumes");
function findApprovalResponse(messages, toolCallId, answers = messages) {
  const requested = /* @__PURE__ */ new Set();
  let found;
  for (const part of messageParts(messages)) {
    if (part.type === "tool-approval-request" && part.toolCallId === toolCallId && part.isAutomatic !== true && typeof part.approvalId === "string") {
      requested.add(part.approvalId);
    }
  }
  for (const part of messageParts(answers)) {
    if (part.type !== "tool-approval-response" || part.approved !== true)
      continue;
    const approvalId = stringField(part, "approvalId");
    if (approvalId === void 0 || !requested.has(approvalId))
      continue;
    const reason = stringField(part, "reason");
    found = reason === void 0 ? { approvalId } : { approvalId, reason };
  }
  return found;
}
__name(findApprovalResponse, "findApprovalResponse");
function* messageParts(messages) {
  for (const message of messages) {
    const content = message?.content;
    if (!Array.isArray(content))
      continue;
    for (const part of content)
      if (part !== null && typeof part === "object")
        yield part;
  }
}
__name(messageParts, "messageParts");

// dist/adapters/ai-sdk.js
var origins = /* @__PURE__ */ new WeakMap();
var askLogs = /* @__PURE__ */ new WeakMap();
function askLogOf(toolkit) {
  let log = askLogs.get(toolkit);
  if (!log) {
    log = createAskLog();
    askLogs.set(toolkit, log);
  }
  return log;
}
__name(askLogOf, "askLogOf");
function aiSdkTools(toolkitOrOptions, adapterOptions = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  if (adapterOptions.approval === "inbox")
    requireDesk(toolkit, "aiSdkTools");
  const tools = {};
  for (const adTool of toolkit.tools) {
    const made = toAiSdkTool(toolkit, adTool, adapterOptions);
    origins.set(made, { toolkit, adTool });
    tools[adTool.name] = made;
  }
  if (adapterOptions.approval === "inbox")
    tools[AWAIT_APPROVAL] = awaitTool(toolkit, adapterOptions);
  return tools;
}
__name(aiSdkTools, "aiSdkTools");
function toAiSdkTool(toolkit, adTool, adapterOptions) {
  const native = adapterOptions.approval === "native";
  const sent = providerSchema(adTool, { strict: adapterOptions.strict });
  const asks = askLogOf(toolkit);
  const inputSchema = jsonSchema(sent.schema, {
    // The toolkit validates, so a bad input becomes a ToolResult the model can act on.
    validate: /* @__PURE__ */ __name((value) => ({ success: true, value: sent.toInput(value) }), "validate")
  });
  return tool({
    description: adTool.description,
    inputSchema,
    strict: sent.strict,
    ...native ? {
      needsApproval: /* @__PURE__ */ __name((input, options) => asksPerson(adTool, asks, input, options, sessionOf(options) ?? adapterOptions.sessionId), "needsApproval")
    } : {},
    execute: /* @__PURE__ */ __name(async (input, options) => {
      try {
        const context = {
          toolCallId: options.toolCallId,
          signal: options.abortSignal,
          sessionId: sessionOf(options) ?? adapterOptions.sessionId
        };
        if (adapterOptions.approval === "inbox")
          context.pending = true;
        if (native) {
          const answer = answerFrom(adTool, asks, input, options);
          if (answer)
            context.answer = answer;
        }
        return await adTool.call(input, context);
      } catch {
        return adapterFault(adTool.name);
      }
    }, "execute"),
    toModelOutput: /* @__PURE__ */ __name(({ output }) => {
      const value = toolkit.toModelText(output);
      return isErrorResult(output) ? { type: "error-text", value } : { type: "text", value };
    }, "toModelOutput")
  });
}
__name(toAiSdkTool, "toAiSdkTool");
function awaitTool(toolkit, adapterOptions) {
  const schema = adapterOptions.strict ? AWAIT_APPROVAL_STRICT_SCHEMA : AWAIT_APPROVAL_SCHEMA;
  return tool({
    description: awaitApprovalTool.description,
    inputSchema: jsonSchema(schema, {
      validate: /* @__PURE__ */ __name((value) => ({ success: true, value }), "validate")
    }),
    strict: adapterOptions.strict === true,
    execute: /* @__PURE__ */ __name((input, options) => runAwaitApproval(toolkit, input, { signal: options.abortSignal }), "execute"),
    toModelOutput: /* @__PURE__ */ __name(({ output }) => {
      const value = toolkit.toModelText(output);
      return isErrorResult(output) ? { type: "error-text", value } : { type: "text", value };
    }, "toModelOutput")
  });
}
__name(awaitTool, "awaitTool");
function sessionOf(options) {
  return stringField(options.experimental_context, "sessionId") ?? stringField(options.context, "sessionId");
}
__name(sessionOf, "sessionOf");
function aiSdkToolApproval(toolkitOrTools) {
  const entries = [];
  if (isToolkit(toolkitOrTools)) {
    for (const adTool of toolkitOrTools.tools)
      entries.push([adTool.name, toolkitOrTools, adTool]);
  } else {
    for (const [name, value] of Object.entries(toolkitOrTools)) {
      const origin = value !== null && typeof value === "object" ? origins.get(value) : void 0;
      if (origin)
        entries.push([name, origin.toolkit, origin.adTool]);
    }
  }
  if (entries.length === 0) {
    throw new TypeError("aiSdkToolApproval takes an adrails toolkit or a tool set from aiSdkTools");
  }
  const approval = {};
  for (const [name, toolkit, adTool] of entries) {
    const asks = askLogOf(toolkit);
    approval[name] = async (input, options) => await asksPerson(adTool, asks, input, options) ? "user-approval" : "not-applicable";
  }
  return approval;
}
__name(aiSdkToolApproval, "aiSdkToolApproval");
function aiSdkApprovalRound(tools, result, askPerson, askOther) {
  const originOf = /* @__PURE__ */ __name((tool2) => tool2 !== null && typeof tool2 === "object" ? origins.get(tool2) : void 0, "originOf");
  return approvalRound(originOf, tools, result, askPerson, askOther);
}
__name(aiSdkApprovalRound, "aiSdkApprovalRound");
function aiSdkDynamicTools(toolkitOrOptions, options = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const finder = tool({
    description: discovery.tool.description,
    inputSchema: jsonSchema(discovery.tool.inputSchema, {
      validate: /* @__PURE__ */ __name((value) => ({ success: true, value }), "validate")
    }),
    strict: false,
    execute: /* @__PURE__ */ __name(async (input) => discovery.find(input).result, "execute"),
    toModelOutput: /* @__PURE__ */ __name(({ output }) => {
      const value = toolkit.toModelText(output);
      return isErrorResult(output) ? { type: "error-text", value } : { type: "text", value };
    }, "toModelOutput")
  });
  return {
    tools: { [FIND_TOOLS]: finder, ...aiSdkTools(toolkit, options) },
    prepareStep: /* @__PURE__ */ __name(({ messages }) => ({
      activeTools: [
        FIND_TOOLS,
        ...options.approval === "inbox" ? [AWAIT_APPROVAL] : [],
        ...activeIn(toolkit, discovery.activeAfter(completedFinds(messages)))
      ]
    }), "prepareStep"),
    experimental_repairToolCall: /* @__PURE__ */ __name(async ({ toolCall, error }) => {
      const unavailable = error?.name === "AI_NoSuchToolError";
      if (!unavailable || !discovery.isDeferred(toolCall.toolName))
        return null;
      return {
        ...toolCall,
        toolName: FIND_TOOLS,
        input: JSON.stringify({ [NOT_ACTIVE_FIELD]: toolCall.toolName })
      };
    }, "experimental_repairToolCall")
  };
}
__name(aiSdkDynamicTools, "aiSdkDynamicTools");
var activeIn = /* @__PURE__ */ __name((toolkit, active) => toolkit.tools.map((t) => t.name).filter((name) => active.has(name)), "activeIn");
function completedFinds(messages) {
  const inputs = /* @__PURE__ */ new Map();
  const answered = /* @__PURE__ */ new Set();
  for (const part of messageParts(messages)) {
    if (part.toolName !== FIND_TOOLS)
      continue;
    if (part.type === "tool-call")
      inputs.set(String(part.toolCallId), part.input);
    else if (part.type === "tool-result")
      answered.add(String(part.toolCallId));
  }
  return [...inputs].filter(([id]) => answered.has(id)).map(([, input]) => input);
}
__name(completedFinds, "completedFinds");

export {
  aiSdkTools,
  aiSdkToolApproval,
  aiSdkApprovalRound,
  aiSdkDynamicTools
};
