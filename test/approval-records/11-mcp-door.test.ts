import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAdTools } from "../../src/door-toolkit.js";
import type { ConfirmDecision, ConfirmRequest } from "../../src/types.js";
import { cli, freshHome, type Sim, startDoor } from "../upstream/helpers.js";
import { TOLD, unique } from "./support.js";

// Issue 29, sequence 11: the toolkit on the service's MCP door (OAuth, `via: "mcp"`) has no launch
// claim and no live record. Two identical ACTIVE push-creative calls at once, both approved (the
// forms cannot name a live ad, none is live yet), or the same push repeated once the first went
// live, make two live ads on the base commit, and the second form says nothing of the first.
// Safe outcome: the door runs on the REST pipeline: one ad goes live, the other call is refused
// (nothing sent) or its person is told of the live ad first.

let sim: Sim;
let home: string;
let account: string;
let adset: string;
beforeAll(async () => {
  sim = await startDoor();
  home = freshHome();
  const login = await cli(["login", "--no-browser"], { ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });
  expect(login.code, login.stderr).toBe(0);
  const pro = sim.control.world().callers.pro.accounts[0]!;
  account = pro.id;
  adset = pro.adsets[0]!.id;
}, 60_000);
afterAll(async () => {
  await sim?.close();
});

const push = (headline: string) => ({
  account_id: account,
  adset_id: adset,
  image_url: "https://cdn.example.com/door.png",
  website_url: "https://shop.example.com/door",
  headline,
  status: "ACTIVE",
});
const live = (headline: string) =>
  sim.control.ads().filter((ad) => ad.headline === headline && ad.status === "ACTIVE").length;

function door(confirm: (request: ConfirmRequest) => ConfirmDecision | Promise<ConfirmDecision>) {
  return connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home, confirm });
}

describe("sequence 11: the MCP door toolkit", { timeout: 30_000 }, () => {
  it("two identical ACTIVE pushes at once, both approved: one live ad", async () => {
    const headline = unique("Door parallel");
    const shown: ConfirmRequest[] = [];
    let release: () => void = () => {};
    const both = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The person answers once both forms are up (or after a bounded wait, when only one is asked).
    const toolkit = await door(async (request) => {
      shown.push(request);
      if (shown.length >= 2) release();
      await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 500))]);
      return { approved: true, text: "I, Dana, approve this ad going live." };
    });
    try {
      const results = await Promise.all([
        toolkit.call("push-creative", push(headline)),
        toolkit.call("push-creative", push(headline)),
      ]);
      expect(live(headline), JSON.stringify(results)).toBe(1);
      expect(results.filter((r) => r.ok === true)).toHaveLength(1);
    } finally {
      await toolkit.close();
    }
  });

  it("the push repeated after the first went live: the second form names it", async () => {
    const headline = unique("Door repeat");
    const shown: ConfirmRequest[] = [];
    // A person who declines once told an identical ad is live, as the form asks them to.
    const toolkit = await door((request) => {
      shown.push(request);
      return TOLD.test(request.message)
        ? { approved: false, reason: "That ad is already live." }
        : { approved: true, text: "I, Dana, approve this ad going live." };
    });
    try {
      expect(await toolkit.call("push-creative", push(headline))).toMatchObject({ ok: true });
      const again = await toolkit.call("push-creative", push(headline));
      expect(shown).toHaveLength(2);
      expect(shown[1]!.message).toMatch(TOLD);
      expect(live(headline), JSON.stringify(again)).toBe(1);
    } finally {
      await toolkit.close();
    }
  });
});
