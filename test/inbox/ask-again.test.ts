// An inbox request nobody decided in time is not a decline: the model is told so and may ask
// again, and making the same call again puts a new request in the inbox, which a person approves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxApprovals } from "../../src/inbox/approvals.js";
import { createInbox } from "../../src/inbox/inbox.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";
import { until } from "./helpers.js";

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
}, 60_000);
afterAll(async () => {
  await fx?.sim.close();
});

describe("asking again after an inbox request expired", { timeout: 30_000 }, () => {
  it("says it expired (not declined), records no decline, and the same call asks anew", async () => {
    const inbox = createInbox({ heartbeatMs: 100, abandonAfterMs: 2000, pollMs: 50, graceMs: 200 });
    const kit = fx.kit({ ...inboxApprovals(inbox, { agent: "retry-job" }), approvalTtlMs: 1500 });
    const input = fx.push({ status: "ACTIVE", headline: "Ask again sale" });

    const first = (await kit.call("push-creative", input)) as Record<string, unknown>;
    expect(first).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(String(first.error)).toContain("nobody decided in the inbox before the request expired");
    expect(String(first.error)).toContain("not a decline: make the same call again to ask again");
    expect(String(first.error)).not.toContain("declined");
    expect(String(first.hint)).not.toContain("Do not repeat");
    expect(fx.bodies("push-creative")).toHaveLength(0);

    const [expired] = await inbox.queue.list(5);
    expect(expired!.state).toBe("expired");
    const audit = (await inbox.audit.read()).map((e) => e.event);
    expect(audit).toEqual(["request", "expire"]);

    // The agent asks again: the same call, a new request.
    const second = kit.call("push-creative", input);
    const fresh = await until(async () => (await inbox.queue.list(5)).find((i) => i.state === "pending"));
    expect(fresh!.request.id).not.toBe(expired!.request.id);
    expect(fresh!.request.fingerprint).toBe(expired!.request.fingerprint);
    const decided = await inbox.decide(
      fresh!.id,
      { approved: true, text: "I approve this ad going live today" },
      "Dana",
      fresh!.request.fingerprint,
    );
    expect(decided.ok).toBe(true);
    expect(await second).toMatchObject({ ok: true, status: 200 });
    const active = fx.sim.control.state().ads.filter((ad) => ad.status === "ACTIVE");
    expect(active).toHaveLength(1);
    await inbox.close();
  });
});
