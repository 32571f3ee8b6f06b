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
  providerSchema,
  resolveToolkit,
  stringField
} from "./chunk-NHHJSMJV.js";
import {
  answerRequest,
  readAnswer
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/adapters/openai-agents.js
import { tool } from "@openai/agents";

// dist/adapters/openai-agents-approval.js
import { RunContext } from "@openai/agents";
var CONTEXT_KEY = "adrails";
var VIA = "openai-agents";
var origins = /* @__PURE__ */ new WeakMap();
async function askPerson(adTool, runContext, args, callId, sessionId) {
  try {
    const request = await adTool.ask(args, { toolCallId: callId, sessionId });
    if (!request)
      return false;
    if (callId !== void 0) {
      const records = recordsOf(runContext?.context, true);
      const key = recordKey(callId, request.fingerprint);
      if (records && records[key] === void 0)
        records[key] = { request };
    }
    return true;
  } catch {
    return true;
  }
}
__name(askPerson, "askPerson");
var NOT_ANSWERED = "The Agents SDK ran this call as approved, but no person answered this call's own approval request (alwaysApprove given for another call, or an approved list edited in a saved state, is not one; approve each item with approveAdCall(state, item) or state.approve(item)), so it was left to the adrails confirm channel.";
function answerFor(runContext, callId, secret, fingerprint) {
  if (!runContext || callId === void 0)
    return { note: NOT_ANSWERED };
  const records = recordsOf(runContext.context, false);
  let answer = records?.[recordKey(callId, fingerprint)]?.answer;
  if (answer === void 0 && records) {
    const others = Object.entries(records).filter(([key, r]) => key.startsWith(recordKey(callId, "")) && r.answer?.approved === true);
    if (others.length === 1)
      answer = others[0][1].answer;
  }
  if (answer === void 0)
    return { note: NOT_ANSWERED };
  if (secret === void 0)
    return { answer };
  const read = readAnswer(answer, secret);
  return "answer" in read ? { answer: read.answer } : { note: `The answer in the run state was not used: ${read.problem}.` };
}
__name(answerFor, "answerFor");
function recordsOf(context, create) {
  if (context === null || typeof context !== "object")
    return void 0;
  const holder = context;
  let slot = holder[CONTEXT_KEY];
  if (slot === void 0 || slot === null || typeof slot !== "object") {
    if (!create || !Object.isExtensible(holder))
      return void 0;
    slot = {};
    holder[CONTEXT_KEY] = slot;
  }
  if (slot.approvals === void 0 || slot.approvals === null || typeof slot.approvals !== "object") {
    if (!create)
      return void 0;
    slot.approvals = {};
  }
  return slot.approvals;
}
__name(recordsOf, "recordsOf");
var recordKey = /* @__PURE__ */ __name((callId, fingerprint) => `call:${callId}
${fingerprint}`, "recordKey");
function forgetAsk(context, callId, fingerprint) {
  const records = recordsOf(context, false);
  if (records)
    delete records[recordKey(callId, fingerprint)];
}
__name(forgetAsk, "forgetAsk");
function recordAnswer(context, interruption, decision, replace) {
  const callId = stringField(interruption.rawItem, "callId");
  const found = originOf(interruption);
  if (!found || callId === void 0)
    return;
  const fingerprint = found.origin.adTool.confirmationRequest(found.args)?.fingerprint;
  if (fingerprint === void 0)
    return;
  const record = recordsOf(context, false)?.[recordKey(callId, fingerprint)];
  if (!record?.request || record.answer !== void 0 && !replace)
    return;
  const { adTool, secret } = found.origin;
  record.answer = secret === void 0 ? adTool.answer(record.request, decision, VIA) : answerRequest(record.request, decision, VIA, secret);
}
__name(recordAnswer, "recordAnswer");
var HOOK = /* @__PURE__ */ Symbol.for("adrails.openai-agents.approveTool.recorders");
function hookApprove(proto = RunContext.prototype, recorder = recordClick) {
  const target = proto;
  let recorders = target[HOOK];
  if (!recorders) {
    const original = target.approveTool;
    if (typeof original !== "function")
      return false;
    const installed = /* @__PURE__ */ new Set();
    recorders = installed;
    Object.defineProperty(target, "approveTool", {
      value: /* @__PURE__ */ __name(function approveTool(...args) {
        for (const record of installed) {
          try {
            record(this?.context, args[0]);
          } catch {
          }
        }
        return original.apply(this, args);
      }, "approveTool"),
      writable: true,
      configurable: true,
      enumerable: false
    });
    Object.defineProperty(target, HOOK, { value: installed });
  }
  recorders.add(recorder);
  return true;
}
__name(hookApprove, "hookApprove");
function recordClick(context, item) {
  recordAnswer(context, item, { approved: true, text: "" }, false);
}
__name(recordClick, "recordClick");
function originOf(interruption) {
  const tools = interruption.agent?.tools ?? [];
  const found = tools.find((candidate) => candidate !== null && typeof candidate === "object" && candidate.name === interruption.name && origins.has(candidate));
  const origin = found ? origins.get(found) : void 0;
  if (!origin)
    return void 0;
  let raw;
  try {
    raw = JSON.parse(interruption.arguments ?? "");
  } catch {
    return void 0;
  }
  return { origin, args: origin.argsOf(raw) };
}
__name(originOf, "originOf");
function adConfirmationRequest(interruption) {
  const found = originOf(interruption);
  return found ? found.origin.adTool.confirmationRequest(found.args) : null;
}
__name(adConfirmationRequest, "adConfirmationRequest");
function approveAdCall(state, interruption, options = {}) {
  recordAnswer(state._context.context, interruption, { approved: true, text: options.text ?? "" }, true);
  state.approve(interruption);
}
__name(approveAdCall, "approveAdCall");
async function rejectAdCall(state, interruption, options = {}) {
  const found = originOf(interruption);
  let result;
  if (found) {
    const denial = { via: VIA, ...options.reason === void 0 ? {} : { reason: options.reason } };
    const toolCallId = stringField(interruption.rawItem, "callId");
    const fingerprint = found.origin.adTool.confirmationRequest(found.args)?.fingerprint;
    const asked = toolCallId !== void 0 && fingerprint !== void 0 ? recordsOf(state._context.context, false)?.[recordKey(toolCallId, fingerprint)]?.request : void 0;
    if (asked) {
      const no = {
        approved: false,
        ...options.reason === void 0 ? {} : { reason: options.reason }
      };
      await found.origin.adTool.respond(asked, no, VIA).catch(() => {
      });
    }
    result = await found.origin.adTool.call(found.args, { denial, toolCallId });
    if (toolCallId !== void 0 && fingerprint !== void 0) {
      forgetAsk(state._context.context, toolCallId, fingerprint);
    }
  }
  const message = result ? found.origin.toolkit.toModelText(result) : options.reason;
  state.reject(interruption, message === void 0 ? {} : { message });
  return result;
}
__name(rejectAdCall, "rejectAdCall");

// dist/adapters/openai-agents.js
var pending = /* @__PURE__ */ new WeakMap();
function openaiAgentsTools(toolkitOrOptions, adapterOptions = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  if (adapterOptions.approval === "inbox")
    requireDesk(toolkit, "openaiAgentsTools");
  const tools = toolkit.tools.map((adTool) => toAgentsTool(toolkit, adTool, adapterOptions));
  return adapterOptions.approval === "inbox" ? [...tools, awaitAgentsTool(toolkit, adapterOptions)] : tools;
}
__name(openaiAgentsTools, "openaiAgentsTools");
function awaitAgentsTool(toolkit, adapterOptions) {
  const execute = /* @__PURE__ */ __name(async (input, _runContext, details) => {
    let result;
    try {
      result = await runAwaitApproval(toolkit, input, {
        ...details?.signal ? { signal: details.signal } : {}
      });
    } catch {
      result = adapterFault(AWAIT_APPROVAL);
    }
    return toolkit.toModelText(result);
  }, "execute");
  const made = adapterOptions.strict === false ? tool({
    name: AWAIT_APPROVAL,
    description: awaitApprovalTool.description,
    parameters: AWAIT_APPROVAL_SCHEMA,
    strict: false,
    execute
  }) : tool({
    name: AWAIT_APPROVAL,
    description: awaitApprovalTool.description,
    parameters: AWAIT_APPROVAL_STRICT_SCHEMA,
    strict: true,
    execute
  });
  made.name = AWAIT_APPROVAL;
  return made;
}
__name(awaitAgentsTool, "awaitAgentsTool");
function openaiAgentsDynamicTools(toolkitOrOptions, options = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  if (options.approval === "inbox")
    requireDesk(toolkit, "openaiAgentsDynamicTools");
  const discovery = createToolDiscovery(toolkit, options);
  const initial = options.active ?? [];
  const found = /* @__PURE__ */ __name((runContext, create) => {
    const holder = runContext?.context;
    if (holder === null || typeof holder !== "object")
      return void 0;
    const slot = holder[CONTEXT_KEY];
    if (slot && typeof slot === "object" && Array.isArray(slot.found))
      return slot.found;
    if (!create || !Object.isExtensible(holder))
      return void 0;
    const list = [];
    if (slot && typeof slot === "object")
      slot.found = list;
    else
      holder[CONTEXT_KEY] = { found: list };
    return list;
  }, "found");
  const isActive = /* @__PURE__ */ __name((runContext, name) => initial.includes(name) || (found(runContext, false)?.includes(name) ?? false), "isActive");
  const finder = tool({
    name: FIND_TOOLS,
    description: discovery.tool.description,
    parameters: discovery.tool.inputSchema,
    strict: true,
    execute: /* @__PURE__ */ __name(async (input, runContext) => {
      let result;
      try {
        const outcome = discovery.find(input);
        const list = found(runContext, true);
        for (const name of outcome.found)
          if (list && !list.includes(name))
            list.push(name);
        result = outcome.result;
      } catch {
        result = adapterFault(FIND_TOOLS);
      }
      return toolkit.toModelText(result);
    }, "execute")
  });
  finder.name = FIND_TOOLS;
  const tools = toolkit.tools.map((adTool) => {
    const made = toAgentsTool(toolkit, adTool, options);
    made.isEnabled = async (runContext) => isActive(runContext, adTool.name);
    return made;
  });
  return {
    tools: [finder, ...tools, ...options.approval === "inbox" ? [awaitAgentsTool(toolkit, options)] : []],
    toolErrorFormatter: /* @__PURE__ */ __name(({ kind, toolName }) => kind === "tool_not_found" && toolName !== void 0 && discovery.isDeferred(toolName) ? toolkit.toModelText(discovery.notActive(toolName)) : void 0, "toolErrorFormatter")
  };
}
__name(openaiAgentsDynamicTools, "openaiAgentsDynamicTools");
function toAgentsTool(toolkit, adTool, adapterOptions) {
  const sent = providerSchema(adTool, { strict: adapterOptions.strict ?? true });
  const argsOf = sent.toInput;
  const effect = adTool.definition.effect;
  const asks = adapterOptions.approval === "native" && (effect === "write" || effect === "workflow");
  if (asks)
    hookApprove();
  const secret = adapterOptions.approvalSecret;
  const sessionOf = /* @__PURE__ */ __name((runContext) => stringField(runContext?.context, "sessionId") ?? adapterOptions.sessionId, "sessionOf");
  const remember = /* @__PURE__ */ __name((runContext, callId, result) => {
    if (!runContext || callId === void 0)
      return;
    let byCall = pending.get(runContext);
    if (!byCall) {
      byCall = /* @__PURE__ */ new Map();
      pending.set(runContext, byCall);
    }
    byCall.set(callId, result);
  }, "remember");
  const common = {
    name: adTool.name,
    description: adTool.description,
    needsApproval: asks ? async (runContext, input, callId) => askPerson(adTool, runContext, argsOf(input), callId, sessionOf(runContext)) : false,
    execute: /* @__PURE__ */ __name(async (input, runContext, details) => {
      const callId = details?.toolCall?.callId;
      let result;
      try {
        const args = argsOf(input);
        const context = {
          toolCallId: callId,
          signal: details?.signal,
          sessionId: sessionOf(runContext)
        };
        if (adapterOptions.approval === "inbox")
          context.pending = true;
        let note;
        const asked = asks ? adTool.confirmationRequest(args, { toolCallId: callId, sessionId: context.sessionId }) : null;
        if (asked) {
          const found = answerFor(runContext, callId, secret, asked.fingerprint);
          if (found.answer)
            context.answer = found.answer;
          note = found.note;
        }
        result = await adTool.call(args, context);
        if (note)
          result = { ...result, note: result.note ? `${result.note} ${note}` : note };
        if (asked && callId !== void 0)
          forgetAsk(runContext?.context, callId, asked.fingerprint);
      } catch {
        result = adapterFault(adTool.name);
      }
      remember(runContext, callId, result);
      return toolkit.toModelText(result);
    }, "execute"),
    errorFunction: /* @__PURE__ */ __name((runContext, _error, details) => {
      const result = adapterFault(adTool.name);
      remember(runContext, details?.toolCall?.callId, result);
      return toolkit.toModelText(result);
    }, "errorFunction"),
    customDataExtractor: /* @__PURE__ */ __name(({ runContext, toolCall }) => {
      const byCall = pending.get(runContext);
      const result = byCall?.get(toolCall.callId);
      if (!result)
        return void 0;
      byCall?.delete(toolCall.callId);
      const data = { adrails: result };
      return { ...data };
    }, "customDataExtractor")
  };
  const made = sent.strict ? tool({ ...common, parameters: sent.schema, strict: true }) : tool({ ...common, parameters: sent.schema, strict: false });
  made.name = adTool.name;
  origins.set(made, { toolkit, adTool, argsOf, secret });
  return made;
}
__name(toAgentsTool, "toAgentsTool");
function adToolResult(item) {
  if (item === null || typeof item !== "object")
    return void 0;
  const data = item.customData;
  if (item.type !== "tool_call_output_item")
    return void 0;
  if (data === null || typeof data !== "object")
    return void 0;
  return data.adrails;
}
__name(adToolResult, "adToolResult");

export {
  adConfirmationRequest,
  approveAdCall,
  rejectAdCall,
  openaiAgentsTools,
  openaiAgentsDynamicTools,
  adToolResult
};
