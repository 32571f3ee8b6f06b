import {
  mockTurnResult
} from "./chunk-XPZMYEGU.js";
import {
  MAX_STEPS,
  fileRead,
  setUpRun
} from "./chunk-P35V26ME.js";
import {
  parseRead,
  segmentsOf,
  sleep
} from "./chunk-ZJG6C2U4.js";
import {
  aiSdkApprovalRound,
  aiSdkDynamicTools,
  aiSdkTools
} from "./chunk-PL5BT73M.js";
import "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-XCJFUJ3F.js";
import {
  FIND_TOOLS,
  NOT_ACTIVE_FIELD
} from "./chunk-KTFO7BLR.js";
import "./chunk-NHHJSMJV.js";
import "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/evals/drivers/ai-sdk.js
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
function outputText(output) {
  const o = output ?? {};
  switch (o.type) {
    case "text":
    case "error-text":
      return {
        text: String(o.value),
        denied: false,
        frameworkError: o.type === "error-text" && !isJson(String(o.value))
      };
    case "execution-denied":
      return {
        text: o.reason ?? "Tool call execution denied.",
        denied: true,
        frameworkError: false
      };
    default:
      return { text: JSON.stringify(o.value ?? o), denied: false, frameworkError: false };
  }
}
__name(outputText, "outputText");
var isJson = /* @__PURE__ */ __name((text) => typeof parseRead(text) !== "string", "isJson");
function* parts(messages, role) {
  for (const message of messages) {
    const m = message;
    if (role !== void 0 && m.role !== role)
      continue;
    if (!Array.isArray(m.content))
      continue;
    for (const part of m.content)
      if (part !== null && typeof part === "object")
        yield part;
  }
}
__name(parts, "parts");
function callsFrom(messages, played) {
  const calls = /* @__PURE__ */ new Map();
  for (const part of parts(messages, "assistant")) {
    if (part.type !== "tool-call")
      continue;
    const id = String(part.toolCallId);
    let name = String(part.toolName);
    let args = typeof part.input === "object" && part.input !== null ? part.input : {};
    const early = name === FIND_TOOLS ? args[NOT_ACTIVE_FIELD] : void 0;
    if (typeof early === "string") {
      name = early;
      args = played.get(id)?.name === early ? played.get(id).args : {};
    }
    calls.set(id, { id, name, args, state: "pending" });
  }
  for (const part of parts(messages, "tool")) {
    if (part.type !== "tool-result")
      continue;
    const call = calls.get(String(part.toolCallId));
    if (!call)
      continue;
    const { text, denied, frameworkError } = outputText(part.output);
    fileRead(call, text, { denied, frameworkError: /* @__PURE__ */ __name(() => frameworkError, "frameworkError"), unavailable: /unavailable tool/i });
  }
  return [...calls.values()];
}
__name(callsFrom, "callsFrom");
function confirmDecision(decision) {
  if (decision?.decision === "approve" || decision?.decision === "expired") {
    return "text" in decision && typeof decision.text === "string" ? { approved: true, text: decision.text } : { approved: true, text: "" };
  }
  return decision?.decision === "deny" && decision.reason !== void 0 ? { approved: false, reason: decision.reason } : { approved: false };
}
__name(confirmDecision, "confirmDecision");
async function runAiSdk(fixture, stage, options) {
  const { events, outputs, human, toolkit, script, played } = setUpRun(fixture, stage, options.sessionId, options.live !== void 0);
  const messages = [];
  const approval = fixture.toolkit.approval;
  const adapterOptions = {
    approval: approval === "native" ? "native" : "callback",
    sessionId: options.sessionId
  };
  const dynamic = fixture.toolkit.dynamic ? aiSdkDynamicTools(toolkit, adapterOptions) : void 0;
  const tools = dynamic?.tools ?? aiSdkTools(toolkit, adapterOptions);
  const discovery = dynamic ? { prepareStep: dynamic.prepareStep, experimental_repairToolCall: dynamic.experimental_repairToolCall } : {};
  const mock = options.live ? void 0 : new MockLanguageModelV3({
    doGenerate: /* @__PURE__ */ __name(async (call) => {
      for (const part of parts(call.prompt, "tool")) {
        if (part.type === "tool-result")
          script.observe(String(part.toolCallId), outputText(part.output).text);
      }
      return mockTurnResult(script.next());
    }, "doGenerate")
  });
  const model = options.live ?? mock;
  let error;
  const sections = segmentsOf(fixture);
  const segments = sections.segments;
  const system = sections.system ?? options.system;
  try {
    conversation: for (let i = 0; i < segments.length; i++) {
      messages.push({ role: "user", content: script.begin(i) });
      for (; ; ) {
        const result = await generateText({
          model,
          tools,
          ...discovery,
          ...system === void 0 ? {} : { system },
          messages,
          stopWhen: stepCountIs(MAX_STEPS)
        });
        if (result.text !== "")
          outputs.push(result.text);
        const asks = result.content.filter((p) => p.type === "tool-approval-request");
        const byCall = new Map(asks.map((ask) => [ask.toolCall.toolCallId, human.forCall(ask.toolCall.toolCallId)]));
        const decisions = [...byCall.values()];
        if (decisions.some((d) => d === void 0 || d.decision === "no-answer")) {
          messages.push(...result.response.messages);
          break conversation;
        }
        if (decisions.some((d) => d?.decision === "expired"))
          await sleep(human.expiredDelayMs);
        const round = await aiSdkApprovalRound(tools, result, (request) => confirmDecision(byCall.get(request.callId ?? "")));
        messages.push(...round.messages);
        if (round.answered === 0)
          break;
      }
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ messages });
  return {
    calls: callsFrom(messages, played),
    events,
    outputs,
    modelInputs: mock ? mock.doGenerateCalls.map((call) => ({ prompt: call.prompt, tools: call.tools })) : Object.entries(tools).map(([name, t]) => ({ name, description: t.description })),
    requests: stage.sim.control.requests(),
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: options.live ? 0 : script.unplayed,
    ...error === void 0 ? {} : { error }
  };
}
__name(runAiSdk, "runAiSdk");
export {
  runAiSdk
};
