import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

// One rule for the confirmation text, whatever the channel: the person's words, or a recorded
// statement naming the channel and the payload when they approved without any.

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const texts = () => f.sim.control.ads().map((ad) => ad.hard_confirm_text);

describe("the confirmation text of an approval", () => {
  it("is the person's words, trimmed, or the recorded statement, for a confirm callback and a host approval", async () => {
    // Three different payloads: a repeat of one payload under the same key replays the first ad.
    const [a, b, c] = ["A", "B", "C"].map((h) => f.push({ status: "ACTIVE", headline: `Headline ${h}` }));
    const fingerprintOf = (input: unknown) =>
      f.kit().get("push-creative")!.confirmationRequest(input)!.fingerprint;
    const worded = f.kit({ confirm: () => ({ approved: true, text: "  Go live, Dana  " }) });
    const blank = f.kit({ confirm: () => ({ approved: true, text: "   " }) });
    await worded.call("push-creative", a);
    await blank.call("push-creative", b);
    await f.kit().call("push-creative", c, { approval: { fingerprint: fingerprintOf(c), via: "host" } });
    expect(texts()).toEqual([
      "Go live, Dana",
      `Approved by a person via confirm for payload ${fingerprintOf(b)}`,
      `Approved by a person via host for payload ${fingerprintOf(c)}`,
    ]);
  });

  it("a reason that ends a sentence is not given a second full stop", async () => {
    for (const reason of ["Not today.", "Not today", "Why now?"]) {
      const kit = f.kit({ confirm: () => ({ approved: false, reason }) });
      const result = (await kit.call("push-creative", f.push({ status: "ACTIVE" }))) as { error: string };
      expect(result.error).toMatch(/declined: (Not today\.|Why now\?)$/);
      expect(result.error).not.toMatch(/[.?]\.$/);
      const denied = (await f.kit().call(
        "creative-loop",
        { account_id: f.accountId },
        {
          denial: { via: "langgraph", reason },
        },
      )) as { error: string };
      expect(denied.error).not.toMatch(/[.?]\.$/);
    }
    expect(f.sim.control.ads()).toEqual([]);
  });
});
