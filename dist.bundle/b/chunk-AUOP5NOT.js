import {
  FIND_TOOLS,
  createToolDiscovery
} from "./chunk-KTFO7BLR.js";
import {
  adapterFault,
  createAskLog,
  providerSchema,
  resolveToolkit,
  stringField
} from "./chunk-NHHJSMJV.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/adapters/mastra.js
import { createTool } from "@mastra/core/tools";

// dist/adapters/mastra-approval.js
var VIA = "mastra";
function mastraAsks(sessionId, textOf) {
  const log = createAskLog();
  const shown = /* @__PURE__ */ new Map();
  const keyOf = /* @__PURE__ */ __name((adTool, input, toolCallId) => {
    const fingerprint = adTool.confirmationRequest(input)?.fingerprint;
    return fingerprint === void 0 ? void 0 : `${toolCallId}
${fingerprint}`;
  }, "keyOf");
  return {
    async shown(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === void 0)
        return;
      log.asked(key);
      const request = await adTool.ask(input, { toolCallId, sessionId }).catch(() => null);
      log.told(key, request?.previousLive);
      if (request && !shown.has(key)) {
        shown.set(key, request);
        if (shown.size > 1e3)
          shown.delete(shown.keys().next().value);
      }
    },
    request(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === void 0)
        return null;
      return shown.get(key) ?? adTool.confirmationRequest(input, { toolCallId, sessionId });
    },
    async answer(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === void 0)
        return void 0;
      const previousLive = log.toldOf(key);
      const askedAt = log.take(key);
      shown.delete(key);
      const request = adTool.confirmationRequest(input, {
        toolCallId,
        sessionId,
        ...askedAt === void 0 ? {} : { askedAt }
      });
      if (!request)
        return void 0;
      const seen = previousLive === void 0 ? request : { ...request, previousLive };
      const text = await textOf?.(seen) ?? "";
      return adTool.answer(seen, { approved: true, text }, VIA);
    }
  };
}
__name(mastraAsks, "mastraAsks");

// dist/adapters/mastra-discovery.js
var PROCESSOR_ID = "adrails-find-tools";
function* invocations(messages) {
  if (!Array.isArray(messages))
    return;
  for (const message of messages) {
    const parts = message?.content?.parts;
    if (message?.role !== "assistant" || !Array.isArray(parts))
      continue;
    for (const part of parts) {
      if (part?.type === "tool-invocation" && part.toolInvocation && typeof part.toolInvocation === "object")
        yield part.toolInvocation;
    }
  }
}
__name(invocations, "invocations");
function completedFinds(messages) {
  const inputs = [];
  for (const call of invocations(messages)) {
    if (call.toolName === FIND_TOOLS && call.state === "result")
      inputs.push(call.args);
  }
  return inputs;
}
__name(completedFinds, "completedFinds");
function findToolsProcessor(discovery) {
  const { toolkit } = discovery;
  const order = toolkit.tools.map((tool) => tool.name);
  return {
    id: PROCESSOR_ID,
    name: "adrails find-tools",
    description: "Sends the model find-tools and the adrails tools a search has found in the conversation.",
    processInputStep({ messageList, tools, activeTools }) {
      const messages = messageList.get.all.db();
      for (const call of invocations(messages)) {
        const name = call.toolName;
        if (call.state === "output-error" && typeof name === "string" && discovery.isDeferred(name) && typeof call.errorText === "string" && call.errorText.startsWith(`Tool "${name}" not found.`)) {
          call.errorText = toolkit.toModelText(discovery.notActive(name));
        }
      }
      const active = discovery.activeAfter(completedFinds(messages));
      const others = (activeTools ?? Object.keys(tools ?? {})).filter((name) => name !== FIND_TOOLS && !discovery.isDeferred(name));
      return { activeTools: [FIND_TOOLS, ...order.filter((name) => active.has(name)), ...others] };
    }
  };
}
__name(findToolsProcessor, "findToolsProcessor");

// dist/adapters/mastra.js
function mastraTools(toolkitOrOptions, adapterOptions = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const native = adapterOptions.approval === "native";
  const sessionId = adapterOptions.sessionId;
  const asks = mastraAsks(sessionId, adapterOptions.approvalText);
  const tools = {};
  for (const adTool of toolkit.tools) {
    const needsPerson = /* @__PURE__ */ __name((input) => {
      try {
        return adTool.confirmationRequest(input) !== null;
      } catch {
        return true;
      }
    }, "needsPerson");
    tools[adTool.name] = createTool({
      id: adTool.name,
      description: adTool.description,
      inputSchema: anyInput(adTool),
      ...native && asksPerson(adTool) ? {
        requireApproval: /* @__PURE__ */ __name(async (input) => needsPerson(input), "requireApproval"),
        onInputAvailable: /* @__PURE__ */ __name(async ({ toolCallId, input }) => {
          if (needsPerson(input))
            await asks.shown(adTool, input, toolCallId);
        }, "onInputAvailable")
      } : {},
      toModelOutput: /* @__PURE__ */ __name((output) => ({
        type: "text",
        value: toolkit.toModelText(output)
      }), "toModelOutput"),
      execute: /* @__PURE__ */ __name(async (input, context) => {
        try {
          const agent = context?.agent;
          const toolCallId = stringField(agent, "toolCallId");
          const signal = context?.abortSignal;
          const call = {
            ...toolCallId === void 0 ? {} : { toolCallId },
            ...sessionId === void 0 ? {} : { sessionId },
            ...signal instanceof AbortSignal ? { signal } : {}
          };
          if (native && toolCallId !== void 0 && needsPerson(input)) {
            const answer = await asks.answer(adTool, input, toolCallId);
            if (answer)
              call.answer = answer;
          }
          return await adTool.call(input, call);
        } catch {
          return adapterFault(adTool.name);
        }
      }, "execute")
    });
    origins.set(tools[adTool.name], { toolkit, adTool, asks, sessionId });
  }
  return tools;
}
__name(mastraTools, "mastraTools");
function mastraDynamicTools(toolkitOrOptions, options = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const finder = createTool({
    id: FIND_TOOLS,
    description: discovery.tool.description,
    inputSchema: passThrough(() => discovery.tool.inputSchema),
    toModelOutput: /* @__PURE__ */ __name((output) => ({ type: "text", value: toolkit.toModelText(output) }), "toModelOutput"),
    execute: /* @__PURE__ */ __name(async (input) => {
      try {
        return discovery.find(input).result;
      } catch {
        return adapterFault(FIND_TOOLS);
      }
    }, "execute")
  });
  return {
    tools: { [FIND_TOOLS]: finder, ...mastraTools(toolkit, options) },
    processor: findToolsProcessor(discovery)
  };
}
__name(mastraDynamicTools, "mastraDynamicTools");
function anyInput(adTool) {
  return passThrough(() => providerSchema(adTool).schema, (value) => providerSchema(adTool).toInput(value));
}
__name(anyInput, "anyInput");
function passThrough(schema, toInput = (value) => value) {
  return {
    "~standard": {
      version: 1,
      vendor: "adrails",
      validate: /* @__PURE__ */ __name((value) => ({ value: toInput(value) }), "validate"),
      jsonSchema: { input: schema, output: schema }
    }
  };
}
__name(passThrough, "passThrough");
function asksPerson(adTool) {
  const effect = adTool.definition.effect;
  return effect === "write" || effect === "workflow";
}
__name(asksPerson, "asksPerson");
var origins = /* @__PURE__ */ new WeakMap();
function originOf(tools, toolName) {
  const tool = typeof toolName === "string" ? tools[toolName] : void 0;
  return tool !== null && typeof tool === "object" ? origins.get(tool) : void 0;
}
__name(originOf, "originOf");
function mastraApprovalRequest(tools, payload) {
  const origin = originOf(tools, payload?.toolName);
  if (!origin || typeof payload.toolCallId !== "string")
    return null;
  try {
    return origin.asks.request(origin.adTool, payload.args, payload.toolCallId);
  } catch {
    return null;
  }
}
__name(mastraApprovalRequest, "mastraApprovalRequest");
async function mastraDeclineReason(tools, payload, reason) {
  const origin = originOf(tools, payload?.toolName);
  if (!origin)
    return reason;
  const toolCallId = typeof payload.toolCallId === "string" ? payload.toolCallId : void 0;
  let result;
  try {
    result = await origin.adTool.call(payload.args, {
      ...toolCallId === void 0 ? {} : { toolCallId },
      ...origin.sessionId === void 0 ? {} : { sessionId: origin.sessionId },
      denial: reason === void 0 ? { via: "mastra" } : { via: "mastra", reason }
    });
  } catch {
    result = adapterFault(origin.adTool.name);
  }
  return origin.toolkit.toModelText(result);
}
__name(mastraDeclineReason, "mastraDeclineReason");

export {
  mastraTools,
  mastraDynamicTools,
  mastraApprovalRequest,
  mastraDeclineReason
};
