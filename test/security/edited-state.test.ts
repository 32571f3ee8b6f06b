import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { createAdTools } from "../../src/toolkit.js";

// docs/security.md, "state edited between the ask and the resume": a framework that shows a tool
// call's input, suspends, and resumes with the input it stored (Mastra's approveToolCall, a
// LangGraph checkpoint) hands the toolkit whatever the storage now holds. The person's answer is
// bound to the payload the call was first shown with: an edited payload asks afresh and never
// redeems that answer.

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

describe("a tool call resumed with edited arguments", () => {
  it("is refused, naming the payload shown; the shown one still redeems once", async () => {
    const kit = createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url, rateLimit: false });
    const account = sim.control.world().callers.pro.accounts[0]!;
    const push = (headline: string) => ({
      account_id: account.id,
      adset_id: account.adsets[0]!.id,
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://shop.example.com/",
      headline,
      status: "ACTIVE",
    });
    const tool = kit.get("push-creative")!;
    const where = { toolCallId: "call_edit_1", sessionId: "run-7" };
    const shown = await tool.ask(push("Spring tents"), where);
    expect(shown).not.toBeNull();
    // The stored arguments are edited while the run is suspended, and the framework shows them again.
    const edited = push("Edited after the ask");
    const again = await tool.ask(edited, where);
    const answer = tool.answer(
      again!,
      { approved: true, text: "Approved as I saw it on the form" },
      "mastra",
    );
    const result = await kit.call("push-creative", edited, { ...where, answer });
    expect(result).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(JSON.stringify(result)).toContain("edited after the ask");
    expect(sim.control.ads().filter((ad) => ad.headline === "Edited after the ask")).toHaveLength(0);

    const good = tool.answer(shown!, { approved: true, text: "Approved as I saw it on the form" }, "mastra");
    const launched = await kit.call("push-creative", push("Spring tents"), { ...where, answer: good });
    expect(launched.ok).toBe(true);
  });
});
