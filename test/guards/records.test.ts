import { describe, expect, it } from "vitest";
import { payloadOf, recordAnswer, recordRequest, redeemRecorded } from "../../src/guards/approval/records.js";
import { fingerprint, retryKeys } from "../../src/guards/fingerprint.js";
import { memoryStore } from "../../src/store/index.js";
import { getTool } from "../../src/tools/index.js";

const def = getTool("push-creative")!;
const body = {
  account_id: "act_1",
  adset_id: "as_1",
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://shop.example.com/",
  headline: "Records",
  status: "ACTIVE",
};
const change = fingerprint(def.name, body, retryKeys(def.idField?.name));
// This process's own decision, as the confirm route hands it to the verifier.
const proof = { kind: "local", decision: { approved: true, text: "Go - Dana" }, via: "test" } as const;
const call = { tool: def.name, fingerprint: change, payload: payloadOf(def, body), account: "act_1" };

describe("approval records through the guards", () => {
  it("an ask made again after the request expired gives the expired request, and a late answer redeems nothing", async () => {
    let clock = 1_000_000;
    const o = { records: memoryStore({ now: () => clock }), ttlMs: 150 };
    const place = { callId: "late", scope: "s", channel: "test" };
    const first = await recordRequest(o, def, body, change, place);
    clock += 200; // past the expiry, before the record is dropped
    const again = await recordRequest(o, def, body, change, place);
    expect([again.id, again.askedAt, again.expiresAt]).toEqual([first.id, first.askedAt, first.expiresAt]);
    expect(await recordAnswer(o, again.id, { approved: true, text: "ok go" }, "test")).toMatch(/expired/);
    expect(await redeemRecorded(o, again.id, call, proof)).toMatchObject({
      approved: false,
      reason: /expired/,
    });
  });

  it("an approved request redeems once, for its own payload; a decline is final", async () => {
    const o = { records: memoryStore(), ttlMs: 60_000 };
    const request = await recordRequest(o, def, body, change, { callId: "c1", scope: "s", channel: "test" });
    expect(await redeemRecorded(o, request.id, call, proof)).toMatchObject({
      approved: false,
      reason: /nobody has answered/,
    });
    expect(await recordAnswer(o, request.id, { approved: true, text: "Go - Dana" }, "test")).toBeUndefined();
    const other = { ...call, payload: payloadOf(def, { ...body, headline: "Other" }) };
    expect(await redeemRecorded(o, request.id, other, proof)).toMatchObject({
      approved: false,
      reason: /edited after the ask/,
    });
    expect(await redeemRecorded(o, request.id, call, proof)).toMatchObject({
      approved: true,
      text: "Go - Dana",
      key: request.id,
    });
    expect(await redeemRecorded(o, request.id, call, proof)).toMatchObject({
      approved: false,
      reason: /already used/,
    });

    const second = await recordRequest(o, def, body, change, { callId: "c2", scope: "s", channel: "test" });
    await recordAnswer(o, second.id, { approved: false, reason: "Not today" }, "test");
    expect(await recordAnswer(o, second.id, { approved: true, text: "Now yes" }, "test")).toMatch(/final/);
    expect(await redeemRecorded(o, second.id, call, proof)).toMatchObject({
      approved: false,
      declined: true,
    });
  });

  it("the same call asked again finds the first record: same ask time in every process on the store", async () => {
    const records = memoryStore();
    const o = { records, ttlMs: 60_000 };
    const first = await recordRequest(o, def, body, change, { callId: "c1", scope: "s", channel: "test" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await recordRequest({ records, ttlMs: 60_000 }, def, body, change, {
      callId: "c1",
      scope: "s",
      channel: "test",
    });
    expect(again).toEqual(first);
  });

  it("with a secret, a record or answer not signed with it redeems nothing; an unknown id is named", async () => {
    const records = memoryStore();
    const request = await recordRequest({ records, ttlMs: 60_000, secret: "one" }, def, body, change, {
      callId: "c1",
      scope: "s",
      channel: "test",
    });
    await recordAnswer(
      { records, ttlMs: 60_000, secret: "one" },
      request.id,
      { approved: true, text: "Yes go" },
      "test",
    );
    const other = { records, ttlMs: 60_000, secret: "two" };
    expect(await redeemRecorded(other, request.id, call, proof)).toMatchObject({
      approved: false,
      reason: /not signed/,
    });
    expect(await redeemRecorded(other, "apr_nope", call, proof)).toMatchObject({
      approved: false,
      reason: /no approval request apr_nope/,
    });
    expect(
      await redeemRecorded({ records, ttlMs: 60_000, secret: "one" }, request.id, call, proof),
    ).toMatchObject({
      approved: true,
    });
  });

  it("a send with an unknown outcome is named in the request", async () => {
    const o = { records: memoryStore(), ttlMs: 60_000 };
    const request = await recordRequest(o, def, body, change, {
      callId: "c1",
      scope: "s",
      channel: "test",
      unknownSend: "adr_first",
    });
    expect(request.possiblyLive).toEqual({ requestId: "adr_first" });
    expect(request.message).toMatch(/^An identical ad may already be live: .*adr_first/);
  });
});
