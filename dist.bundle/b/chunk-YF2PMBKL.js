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
  createToolDiscovery
} from "./chunk-KTFO7BLR.js";
import {
  adapterFault,
  createAskLog,
  isErrorResult,
  langchainSchema,
  pendingConfirmations,
  resolveToolkit,
  stringField
} from "./chunk-NHHJSMJV.js";
import {
  bindDecision
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/adapters/langchain.js
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { isGraphBubbleUp as isGraphBubbleUp2 } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";

// dist/adapters/langchain-approval.js
import { interrupt, isGraphBubbleUp } from "@langchain/langgraph";
var VIA = "langgraph";
var NO_INTERRUPT = "LangGraph could not pause this graph to ask a person (it needs a checkpointer and a thread_id), so the approval was left to the adrails confirm channel.";
var RESUME_MAP = "__pregel_resume_map";
async function askPerson(adTool, input, asks, where) {
  const { threadId, context } = where;
  const toolCallId = context.toolCallId;
  const fingerprint = adTool.confirmationRequest(input)?.fingerprint ?? "";
  const key = `${threadId ?? ""}
${toolCallId ?? ""}
${fingerprint}`;
  asks.asked(key);
  const place = { toolCallId, sessionId: context.sessionId, channel: VIA };
  const plain = adTool.confirmationRequest(input, place);
  if (!plain)
    return { kind: "unavailable" };
  const existing = await adTool.recorded(plain.id).catch(() => null);
  const request = existing ?? await adTool.ask(input, place).catch(() => null) ?? plain;
  let decision;
  try {
    const shown = { ...request, ...toolCallId === void 0 ? {} : { toolCallId } };
    decision = interrupt(shown);
  } catch (error) {
    if (isGraphBubbleUp(error))
      throw error;
    asks.take(key);
    return { kind: "unavailable" };
  }
  if (existing === null) {
    asks.take(key);
    return {
      kind: "unbound",
      unbound: {
        via: VIA,
        reason: `no request for this tool call with payload ${plain.fingerprint} was shown before the graph paused (the payload was edited after the ask)`,
        pending: [plain.fingerprint]
      }
    };
  }
  asks.take(key);
  const own = { toolCallId, fingerprint: request.fingerprint };
  const addressed = where.runtime?.config?.configurable?.[RESUME_MAP];
  const bound = bindDecision(decision, own, addressed != null ? [own] : where.step);
  if (bound.kind === "unbound") {
    return { kind: "unbound", unbound: { via: VIA, reason: bound.reason, pending: bound.pending } };
  }
  const answer = bound.kind === "approved" ? adTool.answer(request, { approved: true, text: bound.text ?? "" }, VIA) : adTool.answer(request, { approved: false, reason: bound.reason }, VIA);
  return { kind: "answered", answer };
}
__name(askPerson, "askPerson");

// dist/adapters/langchain.js
function langchainTools(toolkitOrOptions, adapterOptions = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const asks = createAskLog();
  const tools = toolkit.tools.map((adTool) => toLangChainTool(toolkit, adTool, adapterOptions, asks));
  return withAwait(toolkit, adapterOptions, tools, "langchainTools");
}
__name(langchainTools, "langchainTools");
function withAwait(toolkit, o, tools, made) {
  if (o.approval !== "inbox")
    return tools;
  requireDesk(toolkit, made);
  const schema = o.strict === false ? AWAIT_APPROVAL_SCHEMA : AWAIT_APPROVAL_STRICT_SCHEMA;
  const run = /* @__PURE__ */ __name((input, runtime) => runAwaitApproval(toolkit, input, { signal: runtime?.signal }), "run");
  return [...tools, asTool(toolkit, AWAIT_APPROVAL, awaitApprovalTool.description, schema, run)];
}
__name(withAwait, "withAwait");
function toLangChainTool(toolkit, adTool, adapterOptions, asks, gate) {
  const sent = langchainSchema(adTool, adapterOptions.strict);
  const run = /* @__PURE__ */ __name(async (modelInput, runtime) => {
    const refused = gate?.(adTool.name, runtime);
    if (refused)
      return refused;
    const input = sent.toInput(modelInput);
    const toolCallId = runtime?.toolCall?.id ?? runtime?.toolCallId;
    const threadId = stringField(runtime?.configurable, "thread_id");
    const context = {
      toolCallId,
      signal: runtime?.signal,
      sessionId: stringField(runtime?.context, "sessionId") ?? threadId ?? adapterOptions.sessionId
    };
    if (adapterOptions.approval === "inbox")
      context.pending = true;
    if (adapterOptions.approval === "interrupt" && adTool.confirmationRequest(input)) {
      const step = await wholeStep(toolkit, pendingConfirmations(toolkit, messagesOf(runtime?.state), toolCallId), context.sessionId);
      const asked = await askPerson(adTool, input, asks, { threadId, context, step, runtime });
      if (asked.kind === "answered")
        context.answer = asked.answer;
      else if (asked.kind === "unbound")
        context.unbound = asked.unbound;
      else
        return withNote(await adTool.call(input, context), NO_INTERRUPT);
    }
    return adTool.call(input, context);
  }, "run");
  return asTool(toolkit, adTool.name, adTool.description, sent.schema, run);
}
__name(toLangChainTool, "toLangChainTool");
function asTool(toolkit, name, description, jsonSchema, run) {
  const schema = z.unknown().meta({ $schema: void 0, ...jsonSchema });
  return tool(async (input, runtime) => {
    let result;
    try {
      result = await run(input, runtime);
    } catch (error) {
      if (isGraphBubbleUp2(error))
        throw error;
      result = adapterFault(name);
    }
    const content = toolkit.toModelText(result);
    const toolCallId = runtime?.toolCall?.id ?? runtime?.toolCallId;
    if (isErrorResult(result) && toolCallId) {
      const message = new ToolMessage({
        content,
        artifact: result,
        status: "error",
        tool_call_id: toolCallId,
        name
      });
      return [message, result];
    }
    return [content, result];
  }, { name, description, schema, responseFormat: "content_and_artifact" });
}
__name(asTool, "asTool");
function messagesOf(state) {
  if (Array.isArray(state))
    return state;
  const messages = state?.messages;
  return Array.isArray(messages) ? messages : void 0;
}
__name(messagesOf, "messagesOf");
function withNote(result, note) {
  return { ...result, note: result.note ? `${result.note} ${note}` : note };
}
__name(withNote, "withNote");
function hitlInterruptOn(toolkitOrOptions, options = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const config = {};
  for (const adTool of toolkit.tools) {
    const effect = adTool.definition.effect;
    if (effect !== "write" && effect !== "workflow")
      continue;
    const entry = {
      allowedDecisions: ["approve", "reject"],
      description: /* @__PURE__ */ __name((toolCall) => adTool.confirmationRequest(toolCall.args)?.message ?? `Review this ${adTool.name} call before it runs: ${JSON.stringify(toolCall.args)}`, "description")
    };
    if (options.writes !== true)
      entry.when = ({ toolCall }) => adTool.needsConfirmation(toolCall.args);
    config[adTool.name] = entry;
  }
  return config;
}
__name(hitlInterruptOn, "hitlInterruptOn");
function langchainStrictMiddleware(options = {}) {
  return createMiddleware({
    name: "AdrailsStrictFlag",
    wrapModelCall: /* @__PURE__ */ __name((request, handler) => handler(withStrictFlag(request, options.strict === true)), "wrapModelCall")
  });
}
__name(langchainStrictMiddleware, "langchainStrictMiddleware");
function withStrictFlag(request, strict) {
  if (request.modelSettings?.strict !== void 0 || !isOpenAiModel(request.model))
    return request;
  return { ...request, modelSettings: { ...request.modelSettings, strict } };
}
__name(withStrictFlag, "withStrictFlag");
function isOpenAiModel(value) {
  const model = value;
  if (model?.supportsStrictToolCalling !== void 0)
    return false;
  if (typeof model?._llmType === "function" && model._llmType() === "openai")
    return true;
  return model?._defaultConfig?.modelProvider === "openai";
}
__name(isOpenAiModel, "isOpenAiModel");
function langchainDynamicTools(toolkitOrOptions, options = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const asks = createAskLog();
  const activeAt = /* @__PURE__ */ __name((messages) => discovery.activeAfter(completedFinds(messages)), "activeAt");
  const gate = /* @__PURE__ */ __name((name, runtime) => {
    const messages = runtime?.state?.messages;
    return activeAt(messages).has(name) ? void 0 : discovery.notActive(name);
  }, "gate");
  const finder = asTool(toolkit, FIND_TOOLS, discovery.tool.description, discovery.tool.inputSchema, async (input) => discovery.find(input).result);
  const middleware = createMiddleware({
    name: "AdrailsFindTools",
    wrapModelCall: /* @__PURE__ */ __name((request, handler) => {
      const state = request.state;
      const active = activeAt(state?.messages ?? request.messages);
      const tools2 = request.tools.filter((bound) => {
        const name = bound.name;
        return typeof name !== "string" || !discovery.isDeferred(name) || active.has(name);
      });
      return handler(withStrictFlag({ ...request, tools: tools2 }, options.strict === true));
    }, "wrapModelCall")
  });
  const tools = toolkit.tools.map((adTool) => toLangChainTool(toolkit, adTool, options, asks, gate));
  return { tools: withAwait(toolkit, options, [finder, ...tools], "langchainDynamicTools"), middleware };
}
__name(langchainDynamicTools, "langchainDynamicTools");
function completedFinds(messages) {
  if (!Array.isArray(messages))
    return [];
  const inputs = /* @__PURE__ */ new Map();
  const answered = /* @__PURE__ */ new Set();
  for (const message of messages) {
    if (AIMessage.isInstance(message)) {
      for (const call of message.tool_calls ?? []) {
        if (call.name === FIND_TOOLS && call.id)
          inputs.set(call.id, call.args);
      }
    } else if (ToolMessage.isInstance(message)) {
      answered.add(message.tool_call_id);
    }
  }
  return [...inputs].filter(([id]) => answered.has(id)).map(([, input]) => input);
}
__name(completedFinds, "completedFinds");
var PAGE = 1e3;
async function wholeStep(toolkit, branch, sessionId) {
  const recorded = [];
  try {
    for (let page; page === void 0 || page.length === PAGE; ) {
      const after = page?.at(-1)?.id;
      page = await toolkit.pendingApprovals(sessionId, after === void 0 ? { limit: PAGE } : { limit: PAGE, after });
      recorded.push(...page);
    }
  } catch {
    return branch;
  }
  const all = [...branch ?? []];
  for (const r of recorded) {
    if (r.callId !== void 0 && all.some((p) => p.toolCallId === r.callId))
      continue;
    all.push(r.callId === void 0 ? { fingerprint: r.fingerprint } : { toolCallId: r.callId, fingerprint: r.fingerprint });
  }
  return branch === void 0 && all.length === 0 ? void 0 : all;
}
__name(wholeStep, "wholeStep");

export {
  langchainTools,
  hitlInterruptOn,
  langchainStrictMiddleware,
  langchainDynamicTools
};
