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
  langchainDynamicTools,
  langchainTools
} from "./chunk-YF2PMBKL.js";
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

// dist/evals/drivers/langchain.js
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
function toMessage(turn) {
  return new AIMessage({
    content: turn.content,
    tool_calls: turn.calls.map((call) => ({
      id: call.id,
      name: call.name,
      args: call.args,
      type: "tool_call"
    }))
  });
}
__name(toMessage, "toMessage");
var textOf = /* @__PURE__ */ __name((message) => typeof message.content === "string" ? message.content : JSON.stringify(message.content), "textOf");
function callsFrom(messages) {
  const calls = /* @__PURE__ */ new Map();
  for (const message of messages) {
    if (AIMessage.isInstance(message)) {
      for (const call of message.tool_calls ?? []) {
        const id = call.id ?? "";
        calls.set(id, { id, name: call.name, args: call.args, state: "pending" });
      }
    } else if (ToolMessage.isInstance(message)) {
      const call = calls.get(message.tool_call_id);
      if (!call)
        continue;
      fileRead(call, textOf(message), {
        // Not a ToolResult: the framework answered instead of the tool.
        frameworkError: /* @__PURE__ */ __name((result) => typeof result === "string" && message.status === "error", "frameworkError"),
        unavailable: /not a valid tool|not found|unavailable/i
      });
    }
  }
  return [...calls.values()];
}
__name(callsFrom, "callsFrom");
function resumeValue(decision) {
  switch (decision.decision) {
    case "approve":
    case "expired":
      return decision.text === void 0 ? { approved: true } : { approved: true, text: decision.text };
    case "deny":
      return decision.reason === void 0 ? { approved: false } : { approved: false, reason: decision.reason };
    case "no-answer":
      return { approved: false };
  }
}
__name(resumeValue, "resumeValue");
async function runLangChain(fixture, stage, options) {
  const { events, outputs, human, toolkit, script } = setUpRun(fixture, stage, options.sessionId, options.live !== void 0);
  const approval = fixture.toolkit.approval;
  const adapterOptions = {
    approval: approval === "native" ? "interrupt" : "callback",
    sessionId: options.sessionId
  };
  const dynamic = fixture.toolkit.dynamic ? langchainDynamicTools(toolkit, adapterOptions) : void 0;
  const tools = dynamic?.tools ?? langchainTools(toolkit, adapterOptions);
  let model = options.live;
  let fake;
  if (!model) {
    fake = fakeModel();
    for (let i = 0; i <= fixture.messages.length; i++) {
      fake.respond((messages2) => {
        for (const m of messages2)
          if (ToolMessage.isInstance(m))
            script.observe(m.tool_call_id, textOf(m));
        try {
          return toMessage(script.next());
        } catch (error2) {
          return error2;
        }
      });
    }
    model = fake;
  }
  const sections = segmentsOf(fixture);
  const segments = sections.segments;
  const system = sections.system ?? options.system;
  const agent = createAgent({
    model,
    tools,
    checkpointer: new MemorySaver(),
    ...dynamic ? { middleware: [dynamic.middleware] } : {},
    ...system === void 0 ? {} : { systemPrompt: system }
  });
  const config = { configurable: { thread_id: options.sessionId }, recursionLimit: MAX_STEPS * 2 };
  let error;
  let messages = [];
  try {
    conversation: for (let i = 0; i < segments.length; i++) {
      let state = await agent.invoke({ messages: [{ role: "user", content: script.begin(i) }] }, config);
      for (; ; ) {
        messages = state.messages ?? messages;
        const interrupts = state.__interrupt__ ?? [];
        if (interrupts.length === 0)
          break;
        const decisions = interrupts.map((intr) => ({
          intr,
          decision: human.forCall(intr.value?.toolCallId)
        }));
        const answered = decisions.flatMap((d) => d.decision ? [{ intr: d.intr, decision: d.decision }] : []);
        if (answered.length < interrupts.length || answered.some((d) => d.decision.decision === "no-answer")) {
          break conversation;
        }
        if (answered.some((d) => d.decision.decision === "expired"))
          await sleep(human.expiredDelayMs);
        const resume = answered.length === 1 ? resumeValue(answered[0].decision) : Object.fromEntries(answered.map(({ intr, decision }) => [intr.id ?? "", resumeValue(decision)]));
        state = await agent.invoke(new Command({ resume }), config);
      }
      const last = messages.at(-1);
      if (last && AIMessage.isInstance(last) && textOf(last) !== "")
        outputs.push(textOf(last));
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ messages: messages.map((m) => ({ type: m.type, content: m.content, ...toolFields(m) })) });
  return {
    calls: callsFrom(messages),
    events,
    outputs,
    modelInputs: [
      ...tools.map((t) => ({ name: t.name, description: t.description, schema: t.schema })),
      ...fake?.calls.map((call) => call.messages.map((m) => ({ type: m.type, content: m.content }))) ?? []
    ],
    requests: stage.sim.control.requests(),
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: options.live ? 0 : script.unplayed,
    ...error === void 0 ? {} : { error }
  };
}
__name(runLangChain, "runLangChain");
function toolFields(message) {
  if (AIMessage.isInstance(message))
    return { tool_calls: message.tool_calls ?? [] };
  if (ToolMessage.isInstance(message)) {
    return { tool_call_id: message.tool_call_id, status: message.status, artifact: message.artifact };
  }
  return {};
}
__name(toolFields, "toolFields");
export {
  runLangChain
};
