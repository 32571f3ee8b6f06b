import { Agent, RunContext, run } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { openaiAgentsTools } from "../../src/adapters/openai-agents.js";
import { createAdTools } from "../../src/toolkit.js";
import { agentsText, agentsToolCalls, ScriptedAgentsModel } from "../adapters/agents-model.js";
import { unique, useWorld } from "./support.js";

// Issue 29, sequence 7: OpenAI Agents. One agent, and one RunContext shared by two runs (a host
// passing its app context to every run); the model of each run uses the same call id. Both runs
// pause on an ACTIVE push. The person is shown the first run's item and clicks "always approve";
// the second run, whose payload nobody was shown, is resumed. On the base commit the asks of both
// runs share one slot per call id in the context, the click answers the second payload, and it
// goes live. Safe outcome: records are keyed by run and call, a click answers the payload of the
// item clicked: the second payload is not sent, and the first run puts the clicked ad live.

const w = useWorld();

describe("sequence 7: OpenAI Agents, two runs sharing one context object, colliding call ids", () => {
  it("'always approve' on one run's item does not put the other run's payload live", async () => {
    const shown = unique("Agents shown");
    const hidden = unique("Agents never shown");
    const toolkit = createAdTools({
      apiKey: w.sim.apiKey,
      baseUrl: w.sim.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
    });
    const tools = openaiAgentsTools(toolkit, { approval: "native" });
    // One agent (as an app defines it once); its model answers each run in turn, with the same
    // call id, as models number their calls per conversation.
    const agent = new Agent({
      name: "launcher",
      model: new ScriptedAgentsModel([
        agentsToolCalls([{ id: "call_1", name: "push-creative", input: w.push(shown) }]),
        agentsToolCalls([{ id: "call_1", name: "push-creative", input: w.push(hidden) }]),
        ...[1, 2, 3, 4].map(() => agentsText("done")),
      ]),
      tools,
    });
    // The host keeps one RunContext for its app and passes it to every run.
    const context = new RunContext({ sessionId: "the-app", user: "dana" });
    const first = await run(agent, "Launch the first.", { context });
    const second = await run(agent, "Launch the second.", { context });
    expect(first.interruptions).toHaveLength(1);
    expect(second.interruptions).toHaveLength(1);
    // The person is shown the first run's item only and clicks "always approve".
    first.state.approve(first.interruptions[0]!, { alwaysApprove: true });
    // The second run is resumed, nobody having answered its item.
    const after = await run(agent, second.state);
    expect(w.live(hidden), JSON.stringify(after.newItems.map((i) => i.toJSON()))).toBe(0);
    expect(w.sent(hidden)).toEqual([]);
    // The click answered the payload of the item clicked: the first run puts that ad live.
    await run(agent, first.state);
    expect(w.live(shown)).toBe(1);
  });
});
