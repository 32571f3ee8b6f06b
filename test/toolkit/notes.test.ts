import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ToolResult } from "../../src/types.js";
import { type Fixture, startFixture, wrapped } from "./fixture-server.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

// Every note the toolkit adds must hold for the outcome it is attached to.

let f: SimFixture;
let fx: Fixture;
beforeAll(async () => {
  f = await startSimFixture();
  fx = await startFixture();
});
afterAll(async () => {
  await Promise.all([f.sim.close(), fx.close()]);
});
beforeEach(() => f.sim.control.reset());

const fxKit = (extra: Partial<AdToolsOptions> = {}) =>
  createAdTools({ apiKey: fx.apiKey, baseUrl: fx.url, rateLimit: false, retry: { maxRetries: 0 }, ...extra });
const noteOf = (result: ToolResult) => ("note" in result ? (result.note ?? "") : "");
const approve = () => ({ approved: true as const, text: "Go live - Dana" });
// "was created" as a claim; the conditional "Whether the ad was created is not known" is no claim.
const CLAIMS_CREATED = /(?<!Whether the ad )was created|created PAUSED|created ACTIVE/;
const pushInput = {
  account_id: "act_1",
  adset_id: "as_1",
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://shop.example.com/",
};

describe("push-creative notes follow the outcome", () => {
  it("after a 200: created PAUSED, not live", async () => {
    const result = await f.kit().call("push-creative", f.push());
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(noteOf(result)).toMatch(/created PAUSED: it is not live/);
  });

  it("after a 207 whose ad step failed: what applied and failed, and no ad claimed", async () => {
    f.sim.control.fault({ kind: "partial", tool: "push-creative" });
    const result = await f.kit().call("push-creative", f.push());
    expect(result).toMatchObject({ ok: "partial", status: 207 });
    const note = noteOf(result);
    expect(note).not.toMatch(CLAIMS_CREATED);
    expect(note).toMatch(
      /applied: upload_media, create_creative; failed: create_ad \(The ad platform refused/,
    );
    expect(note).toMatch(/Do not tell the user an ad exists/);
    expect(f.sim.control.ads()).toEqual([]);
  });

  it("after a 207 on an approved ACTIVE push: the approval is no claim that the ad exists", async () => {
    f.sim.control.fault({ kind: "partial", tool: "push-creative" });
    const result = await f.kit({ confirm: approve }).call("push-creative", f.push({ status: "ACTIVE" }));
    expect(result).toMatchObject({ ok: "partial", status: 207 });
    const note = noteOf(result);
    expect(note).not.toMatch(CLAIMS_CREATED);
    expect(note).not.toMatch(/can start delivering/);
    expect(note).toMatch(/no applied part shows the ad itself/);
  });

  it("after a 207 whose applied items show the ad: names it, PAUSED", async () => {
    fx.on("push-creative", () =>
      wrapped(207, {
        partial: {
          applied: [{ step: "create_ad", ad_id: "ad_77" }],
          failed: [{ step: "attach_instagram", error: "no page" }],
        },
      }),
    );
    const note = noteOf(await fxKit().call("push-creative", pushInput));
    expect(note).toMatch(/ad ad_77 was created/);
    expect(note).toMatch(/PAUSED: it is not live/);
    expect(note).toMatch(/failed: attach_instagram \(no page\)/);
  });

  it("after refusals and lost answers: never 'created'; a lost answer gets a conditional", async () => {
    const refusals = [
      wrapped(400, { error: "bad image" }),
      wrapped(404, { error: "Ad set not found" }),
      wrapped(409, { error: "Write budget spent" }),
      wrapped(403, { error: "Client Viewer cannot write" }),
    ];
    for (const reply of refusals) {
      fx.on("push-creative", () => reply);
      const result = await fxKit().call("push-creative", pushInput);
      expect(result.ok).toBe(false);
      expect(noteOf(result), String(reply.status)).not.toMatch(/created|PAUSED/);
    }
    for (const reply of [
      { status: 503, body: { error: "degraded" } },
      { status: 0, drop: true },
    ]) {
      fx.on("push-creative", () => reply);
      const result = await fxKit({ confirm: approve }).call("push-creative", {
        ...pushInput,
        status: "ACTIVE",
      });
      expect(result.ok).toBe(false);
      expect(noteOf(result)).not.toMatch(CLAIMS_CREATED);
      expect(noteOf(result)).toMatch(/not known; if it was, it is ACTIVE/);
    }
  });

  it('"pause" downgrade: the note says what adrails changed, not that anything was sent', async () => {
    // A closed loopback port: the downgraded push is refused at connect, nothing reaches a service.
    const kit = f.kit({
      baseUrl: "http://127.0.0.1:9",
      retry: { maxRetries: 0 },
      onUnconfirmedActive: "pause",
    });
    const result = await kit.call("push-creative", f.push({ status: "ACTIVE" }));
    expect(result).toMatchObject({ ok: false, status: null });
    expect(noteOf(result)).toMatch(/was not approved by a person .*changed it to PAUSED/);
    expect(noteOf(result)).not.toMatch(/was sent/);
    expect(noteOf(result)).not.toMatch(CLAIMS_CREATED);
  });
});

describe("the other notes", () => {
  it("a request_id sent with a call refused before sending gets no note: no id was used", async () => {
    const result = await f.kit().call("push-creative", f.push({ request_id: "x1", status: 7 }));
    expect(result).toMatchObject({ blocked: "validation" });
    expect(noteOf(result)).not.toMatch(/request_id/);
    expect(f.bodies("push-creative")).toEqual([]);
  });

  it("the dropped hard_confirm_text note holds on every outcome", async () => {
    fx.on("push-creative", () => wrapped(404, { error: "Ad set not found" }));
    const result = await fxKit().call("push-creative", { ...pushInput, hard_confirm_text: "yes" } as Record<
      string,
      unknown
    >);
    expect(noteOf(result)).toMatch(/hard_confirm_text you sent was dropped and not forwarded/);
    expect(fx.requests.at(-1)?.body).not.toHaveProperty("hard_confirm_text");
  });

  it("generate-from-brief names the run key only when a run may exist", async () => {
    const input = { version_id: "bver_1", media: "image" as const };
    fx.on("generate-from-brief", () => wrapped(200, { run_id: "run_1", status: "queued" }));
    expect(noteOf(await fxKit().call("generate-from-brief", input))).toMatch(
      /This run's idempotency_key is adr_/,
    );
    fx.on("generate-from-brief", () => wrapped(404, { error: "Brief version not found" }));
    const refused = await fxKit().call("generate-from-brief", input);
    expect(noteOf(refused)).not.toMatch(/idempotency_key is/);
    fx.on("generate-from-brief", () => ({ status: 0, drop: true }));
    expect(noteOf(await fxKit().call("generate-from-brief", input))).toMatch(
      /If the run started, its idempotency_key is adr_/,
    );
  });

  it("creative-loop: staged creatives are claimed only when the answer shows a write", async () => {
    const kit = f.kit();
    const done = await kit.call("creative-loop", { account_id: f.accountId, auto_launch: true });
    expect(noteOf(done)).toMatch(/auto_launch has no effect: nothing was launched/);
    expect(noteOf(done)).toMatch(/staged PAUSED/);
    fx.on("creative-loop", () => wrapped(404, { error: "No connected ad account" }));
    const refused = await fxKit().call("creative-loop", { account_id: "act_1", auto_launch: true });
    expect(noteOf(refused)).toMatch(/auto_launch has no effect/);
    expect(noteOf(refused)).not.toMatch(/staged|created/);
    const quiet = await fxKit().call("creative-loop", { account_id: "act_1" });
    expect(noteOf(quiet)).toBe("");
  });
});
