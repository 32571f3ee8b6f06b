import {
  mockTurnResult
} from "./chunk-XPZMYEGU.js";
import {
  MAX_STEPS,
  blockedBy,
  fileRead,
  setUpRun
} from "./chunk-P35V26ME.js";
import {
  segmentsOf,
  sleep
} from "./chunk-ZJG6C2U4.js";
import {
  mastraDeclineReason,
  mastraDynamicTools,
  mastraTools
} from "./chunk-AUOP5NOT.js";
import "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-KTFO7BLR.js";
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

// dist/evals/drivers/mastra.js
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { MockLanguageModelV3 } from "ai/test";
function* parts(messages, role) {
  for (const m of messages) {
    if (m.role !== role || !Array.isArray(m.content))
      continue;
    for (const part of m.content)
      if (part !== null && typeof part === "object")
        yield part;
  }
}
__name(parts, "parts");
function outputText(output) {
  const o = output ?? {};
  if (o.type === "text" || o.type === "error-text")
    return { text: String(o.value), error: o.type === "error-text" };
  if (o.type === "json" || o.type === "error-json")
    return { text: JSON.stringify(o.value), error: o.type === "error-json" };
  return { text: JSON.stringify(o.value ?? o), error: false };
}
__name(outputText, "outputText");
function callsFrom(prompts, denied, waiting) {
  const calls = /* @__PURE__ */ new Map();
  for (const prompt of prompts) {
    for (const part of parts(prompt, "assistant")) {
      if (part.type !== "tool-call")
        continue;
      const id = String(part.toolCallId);
      const input = part.input;
      const args = input !== null && typeof input === "object" ? input : {};
      if (!calls.has(id))
        calls.set(id, { id, name: String(part.toolName), args, state: "pending" });
    }
    for (const part of parts(prompt, "tool")) {
      if (part.type !== "tool-result")
        continue;
      const call = calls.get(String(part.toolCallId));
      if (!call)
        continue;
      const { text, error } = outputText(part.output);
      fileRead(call, text, {
        denied: denied.has(call.id),
        // Not a ToolResult: Mastra answered instead of the tool (an unknown tool, invalid input).
        frameworkError: /* @__PURE__ */ __name((result) => typeof result === "string" || error && blockedBy(result) === void 0, "frameworkError"),
        unavailable: /not found/i
      });
    }
  }
  for (const call of waiting)
    if (!calls.has(call.id))
      calls.set(call.id, call);
  return [...calls.values()];
}
__name(callsFrom, "callsFrom");
async function runMastra(fixture, stage, options) {
  const { events, outputs, human, toolkit, script } = setUpRun(fixture, stage, options.sessionId, options.live !== void 0);
  const texts = /* @__PURE__ */ new Map();
  const adapterOptions = {
    approval: fixture.toolkit.approval === "native" ? "native" : "callback",
    sessionId: options.sessionId,
    approvalText: /* @__PURE__ */ __name((request) => request.callId === void 0 ? void 0 : texts.get(request.callId), "approvalText")
  };
  const dynamic = fixture.toolkit.dynamic ? mastraDynamicTools(toolkit, adapterOptions) : void 0;
  const tools = dynamic?.tools ?? mastraTools(toolkit, adapterOptions);
  const prompts = [];
  const mock = options.live === void 0 ? new MockLanguageModelV3({
    doGenerate: /* @__PURE__ */ __name(async (call) => {
      const prompt = call.prompt;
      prompts.push(prompt);
      for (const part of parts(prompt, "tool")) {
        if (part.type === "tool-result")
          script.observe(String(part.toolCallId), outputText(part.output).text);
      }
      return mockTurnResult(script.next());
    }, "doGenerate")
  }) : void 0;
  const sections = segmentsOf(fixture);
  const system = sections.system ?? options.system ?? "You work an ad account with the tools given.";
  const agent = new Agent({
    id: "adrails-evals",
    name: "adrails-evals",
    instructions: system,
    model: options.live ?? mock,
    tools,
    ...dynamic ? { inputProcessors: [dynamic.processor] } : {}
  });
  const mastra = new Mastra({ agents: { evals: agent }, storage: new InMemoryStore(), logger: false });
  const run = mastra.getAgent("evals");
  let error;
  const denied = /* @__PURE__ */ new Set();
  const waiting = [];
  let history = [];
  try {
    conversation: for (let i = 0; i < sections.segments.length; i++) {
      const user = { role: "user", content: script.begin(i) };
      let out = await run.generate([...history, user], { maxSteps: MAX_STEPS });
      for (; ; ) {
        if (out.finishReason !== "suspended")
          break;
        const payload = out.suspendPayload;
        const decision = human.forCall(payload.toolCallId);
        if (decision === void 0 || decision.decision === "no-answer") {
          const args = payload.args ?? {};
          waiting.push({ id: payload.toolCallId, name: payload.toolName, args, state: "pending" });
          break conversation;
        }
        if (decision.decision === "expired")
          await sleep(human.expiredDelayMs);
        const target = { runId: out.runId, toolCallId: payload.toolCallId, maxSteps: MAX_STEPS };
        if (decision.decision === "deny") {
          denied.add(payload.toolCallId);
          const reason = await mastraDeclineReason(tools, payload, decision.reason);
          out = await run.declineToolCallGenerate({ ...target, ...reason === void 0 ? {} : { reason } });
        } else {
          if ("text" in decision && typeof decision.text === "string")
            texts.set(payload.toolCallId, decision.text);
          out = await run.approveToolCallGenerate(target);
        }
      }
      if (out.text !== "")
        outputs.push(out.text);
      const last = prompts.at(-1) ?? [];
      history = [
        ...last.filter((m) => m.role !== "system"),
        ...out.text === "" ? [] : [{ role: "assistant", content: out.text }]
      ];
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ messages: prompts.at(-1) ?? [] });
  return {
    calls: callsFrom(prompts, denied, waiting),
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
__name(runMastra, "runMastra");
export {
  runMastra
};
