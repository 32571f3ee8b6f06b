import {
  MAX_STEPS,
  fileRead,
  setUpRun
} from "./chunk-P35V26ME.js";
import {
  segmentsOf,
  sleep
} from "./chunk-ZJG6C2U4.js";
import {
  approveAdCall,
  openaiAgentsDynamicTools,
  openaiAgentsTools,
  rejectAdCall
} from "./chunk-BM2VUOFN.js";
import "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-XCJFUJ3F.js";
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

// dist/evals/drivers/openai-agents.js
import { Agent, run, setTracingDisabled, Usage } from "@openai/agents";
setTracingDisabled(true);
function toOutput(turn) {
  return [
    ...turn.content === "" ? [] : [
      {
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: turn.content }]
      }
    ],
    ...turn.calls.map((call) => ({
      type: "function_call",
      callId: call.id,
      name: call.name,
      arguments: JSON.stringify(call.args),
      status: "completed"
    }))
  ];
}
__name(toOutput, "toOutput");
function outputText(output) {
  if (typeof output === "string")
    return output;
  if (output !== null && typeof output === "object" && "text" in output) {
    return String(output.text);
  }
  return JSON.stringify(output);
}
__name(outputText, "outputText");
var ScriptedModel = class {
  static {
    __name(this, "ScriptedModel");
  }
  script;
  requests = [];
  constructor(script) {
    this.script = script;
  }
  async getResponse(request) {
    this.requests.push(request);
    for (const item of typeof request.input === "string" ? [] : request.input) {
      if (item.type === "function_call_result")
        this.script.observe(item.callId, outputText(item.output));
    }
    return { usage: new Usage(), output: toOutput(this.script.next()) };
  }
  getStreamedResponse() {
    throw new Error("the scripted model does not stream");
  }
};
function callsFrom(history, denied) {
  const calls = /* @__PURE__ */ new Map();
  for (const item of history) {
    if (item.type === "function_call") {
      let args = {};
      try {
        const parsed = JSON.parse(item.arguments);
        if (parsed !== null && typeof parsed === "object")
          args = parsed;
      } catch {
      }
      calls.set(item.callId, { id: item.callId, name: item.name, args, state: "pending" });
    } else if (item.type === "function_call_result") {
      const call = calls.get(item.callId);
      if (!call)
        continue;
      fileRead(call, outputText(item.output), {
        denied: denied.has(item.callId),
        // Not a ToolResult: the SDK answered instead of the tool.
        frameworkError: /* @__PURE__ */ __name((result) => typeof result === "string", "frameworkError"),
        unavailable: /not found/i
      });
    }
  }
  return [...calls.values()];
}
__name(callsFrom, "callsFrom");
async function runOpenAIAgents(fixture, stage, options) {
  const { events, outputs, human, toolkit, script } = setUpRun(fixture, stage, options.sessionId, options.live !== void 0);
  const adapterOptions = {
    approval: fixture.toolkit.approval === "native" ? "native" : "callback",
    sessionId: options.sessionId
  };
  const dynamic = fixture.toolkit.dynamic ? openaiAgentsDynamicTools(toolkit, adapterOptions) : void 0;
  const tools = dynamic?.tools ?? openaiAgentsTools(toolkit, adapterOptions);
  const scripted = options.live === void 0 ? new ScriptedModel(script) : void 0;
  const sections = segmentsOf(fixture);
  const system = sections.system ?? options.system;
  const agent = new Agent({
    name: "adrails-evals",
    model: options.live ?? scripted,
    tools,
    ...system === void 0 ? {} : { instructions: system }
  });
  const runOptions = {
    maxTurns: MAX_STEPS,
    toolNotFoundBehavior: "return_error_to_model",
    ...dynamic ? { toolErrorFormatter: dynamic.toolErrorFormatter } : {}
  };
  const context = { sessionId: options.sessionId };
  let error;
  let history = [];
  const denied = /* @__PURE__ */ new Set();
  try {
    conversation: for (let i = 0; i < sections.segments.length; i++) {
      const input = [...history, { role: "user", content: script.begin(i) }];
      let result = await run(agent, input, {
        ...runOptions,
        context
      });
      for (; ; ) {
        history = result.history;
        const asks = result.interruptions;
        if (asks.length === 0)
          break;
        const answered = asks.flatMap((ask) => {
          const decision = human.forCall(ask.rawItem.type === "function_call" ? ask.rawItem.callId : void 0);
          return decision ? [{ ask, decision }] : [];
        });
        if (answered.length < asks.length || answered.some((d) => d.decision.decision === "no-answer")) {
          for (const ask of asks)
            if (ask.rawItem.type === "function_call")
              history.push(ask.rawItem);
          break conversation;
        }
        if (answered.some((d) => d.decision.decision === "expired"))
          await sleep(human.expiredDelayMs);
        for (const { ask, decision } of answered) {
          if (decision.decision === "deny") {
            await rejectAdCall(result.state, ask, { reason: decision.reason });
            if (ask.rawItem.type === "function_call")
              denied.add(ask.rawItem.callId);
          } else {
            approveAdCall(result.state, ask, { text: "text" in decision ? decision.text : void 0 });
          }
        }
        result = await run(agent, result.state, runOptions);
      }
      if (typeof result.finalOutput === "string" && result.finalOutput !== "")
        outputs.push(result.finalOutput);
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ history });
  return {
    calls: callsFrom(history, denied),
    events,
    outputs,
    modelInputs: scripted ? scripted.requests.map((r) => ({ input: r.input, tools: r.tools, instructions: r.systemInstructions })) : tools.map((t) => ({ name: t.name, description: t.description })),
    requests: stage.sim.control.requests(),
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: options.live ? 0 : script.unplayed,
    ...error === void 0 ? {} : { error }
  };
}
__name(runOpenAIAgents, "runOpenAIAgents");
export {
  runOpenAIAgents
};
