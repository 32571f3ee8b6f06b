import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call, firstAccount, pushBody } from "./helpers.js";

let sim: Simulator;
let accountId: string;
let adsetId: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: "push", rateLimit: { limit: 10_000 } });
  ({ accountId, adsetId } = await firstAccount(sim));
});
beforeEach(() => sim.control.reset());
afterAll(() => sim.close());

const push = (extra: Record<string, unknown> = {}) =>
  call(sim, "push-creative", pushBody(accountId, adsetId, extra));

describe("ad status on creation (spec 3.1)", () => {
  it("creates the ad PAUSED when status is absent", async () => {
    const a = await push();
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      status: "PAUSED",
      account_id: accountId,
      adset_id: adsetId,
      request_id: "req-push-0001",
    });
    const [ad] = sim.control.ads();
    expect(ad).toMatchObject({
      ad_id: a.body.data.ad_id,
      status: "PAUSED",
      account_id: accountId,
      adset_id: adsetId,
      request_id: "req-push-0001",
      media: { type: "image", url: "https://cdn.example.com/ad.png" },
      destination: { website_url: "https://shop.example.com/" },
      headline: "Hello",
      created_by: "push-creative",
    });
    expect(ad?.name).toMatch(/^Studio Ad /);
  });

  it.each<unknown>([
    "active",
    "Active",
    "ACTIVE ",
    "RUNNING",
    "PAUSED",
    1,
    null,
    true,
    ["ACTIVE"],
    { status: "ACTIVE" },
  ])("status %j is PAUSED", async (status) => {
    const a = await push({ status, hard_confirm_text: "yes" });
    expect(a.status).toBe(200);
    expect(a.body.data.status).toBe("PAUSED");
    expect(sim.control.ads()[0]?.status).toBe("PAUSED");
    if (status !== "PAUSED") expect(a.body.data.note).toMatch(/not exactly ACTIVE/);
  });

  it("creates the ad ACTIVE only with status exactly ACTIVE and hard_confirm_text", async () => {
    const a = await push({ status: "ACTIVE", hard_confirm_text: "Yes, launch it: Jane" });
    expect(a.status).toBe(200);
    expect(a.body.data.status).toBe("ACTIVE");
    expect(sim.control.ads()[0]).toMatchObject({
      status: "ACTIVE",
      hard_confirm_text: "Yes, launch it: Jane",
    });
  });

  it("refuses ACTIVE without hard_confirm_text with a 409 and creates nothing", async () => {
    for (const extra of [{}, { hard_confirm_text: "" }, { hard_confirm_text: "   " }]) {
      sim.control.reset();
      const a = await push({ status: "ACTIVE", ...extra });
      expect(a.status).toBe(409);
      expect(a.body.data.error).toMatch(/hard confirmation/i);
      expect(sim.control.ads()).toEqual([]);
    }
  });

  it("a reused request_id creates no second ad and returns the original outcome, even for another body", async () => {
    const first = await push();
    const again = await push();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-sim-replayed")).toBe("true");
    const changed = await push({ headline: "Other", status: "ACTIVE", hard_confirm_text: "ok" });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(first.body);
    expect(sim.control.ads()).toHaveLength(1);
  });

  it("a refusal that created nothing is not stored: the same request_id, corrected, makes the ad", async () => {
    const refused = await push({ request_id: "req-refused-1", status: "ACTIVE" });
    expect(refused.status).toBe(409);
    expect(sim.control.ads()).toEqual([]);
    const confirmed = await push({ request_id: "req-refused-1", status: "ACTIVE", hard_confirm_text: "yes" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("x-sim-replayed")).toBeNull();
    expect(confirmed.body.data.status).toBe("ACTIVE");
    const again = await push({ request_id: "req-refused-1", status: "ACTIVE", hard_confirm_text: "yes" });
    expect(again.headers.get("x-sim-replayed")).toBe("true");
    expect(sim.control.ads()).toHaveLength(1);

    const lost = await push({ request_id: "req-refused-2", adset_id: "adset_missing" });
    expect(lost.status).toBe(404);
    const found = await push({ request_id: "req-refused-2" });
    expect(found.status).toBe(200);
    expect(sim.control.ads()).toHaveLength(2);
  });

  it("the same request_id in another account is another change", async () => {
    const accounts = (await call(sim, "list-accounts")).body.data.accounts;
    const other = accounts[1].id;
    const otherAdset = (await call(sim, "results", { account_id: other, level: "adset" })).body.data.rows[0]
      .id;
    await push();
    const b = await call(sim, "push-creative", pushBody(other, otherAdset));
    expect(b.status).toBe(200);
    expect(sim.control.ads()).toHaveLength(2);
  });

  it("a second request with a request_id still in flight is a 409", async () => {
    sim.control.fault({ kind: "latency", ms: 1000, tool: "push-creative" });
    const slow = push({ request_id: "req-inflight" });
    // The request claims its request_id as soon as its body is read, before the latency.
    while (sim.control.requests().find((r) => r.tool === "push-creative")?.body === undefined) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const dup = await push({ request_id: "req-inflight" });
    expect(dup.status).toBe(409);
    expect(dup.body.data.error).toMatch(/duplicate request_id/i);
    expect((await slow).status).toBe(200);
    expect(sim.control.ads()).toHaveLength(1);
  });
});

describe("ad sets and media", () => {
  it("an ad set outside the account is a 404", async () => {
    const a = await push({ adset_id: "12345" });
    expect(a.status).toBe(404);
    expect(a.body.data.error).toMatch(/Ad set 12345/);
    expect(sim.control.ads()).toEqual([]);
  });

  it("an ad set of another account is a 404", async () => {
    const accounts = (await call(sim, "list-accounts")).body.data.accounts;
    const otherAdset = (await call(sim, "results", { account_id: accounts[1].id, level: "adset" })).body.data
      .rows[0].id;
    expect((await push({ adset_id: otherAdset })).status).toBe(404);
  });

  const privateHosts = [
    "http://10.0.0.5/a.png",
    "http://172.16.0.1/a.png",
    "http://172.31.255.255/a.png",
    "http://192.168.1.10/a.png",
    "http://127.0.0.1/a.png",
    "http://127.8.9.10/a.png",
    "http://localhost/a.png",
    "http://LOCALHOST:8080/a.png",
    "http://app.localhost/a.png",
    "http://[::1]/a.png",
    "http://169.254.169.254/latest/meta-data",
    "http://[fe80::1]/a.png",
    "http://[::ffff:127.0.0.1]/a.png",
    "http://2130706433/a.png",
    "http://0.0.0.0/a.png",
    "http://intranet/a.png",
  ];

  it.each(privateHosts)("refuses media at %s with a 400", async (url) => {
    const a = await push({ image_url: url });
    expect(a.status).toBe(400);
    expect(a.body.data.error).toMatch(/public|not a URL|allowed/);
    const v = await push({ image_url: undefined, video_url: url, request_id: "req-video-priv" });
    expect(v.status).toBe(400);
    const s = await call(sim, "save-creative", { image_urls: ["https://cdn.example.com/ok.png", url] });
    expect(s.status).toBe(400);
    expect(sim.control.ads()).toEqual([]);
    expect(sim.control.state().library).toEqual([]);
  });

  it.each([
    "http://172.32.0.1/a.png",
    "https://8.8.8.8/a.png",
    "https://cdn.example.com/a.png",
    "http://[2606:4700:4700::1111]/a.png",
  ])("accepts public media at %s", async (url) => {
    expect((await push({ image_url: url })).status).toBe(200);
  });

  it("refuses a private thumbnail_url", async () => {
    const a = await push({
      image_url: undefined,
      video_url: "https://cdn.example.com/v.mp4",
      thumbnail_url: "http://192.168.0.2/t.png",
    });
    expect(a.status).toBe(400);
    expect(a.body.data.error).toMatch(/thumbnail_url/);
  });

  it("creates video ads with LEARN_MORE by default, and lead-form image ads too", async () => {
    const v = await push({
      image_url: undefined,
      video_url: "https://cdn.example.com/v.mp4",
      request_id: "req-video-01",
    });
    expect(v.body.data).toMatchObject({ media_type: "video", cta_type: "LEARN_MORE" });
    const lead = await push({
      website_url: undefined,
      lead_gen_form_id: "55501",
      request_id: "req-lead-001",
    });
    expect(lead.body.data).toMatchObject({
      cta_type: "LEARN_MORE",
      destination: { lead_gen_form_id: "55501" },
    });
    const web = await push({ request_id: "req-web-0001", cta_type: "SIGN_UP" });
    expect(web.body.data.cta_type).toBe("SIGN_UP");
    expect(sim.control.ads().map((a) => a.fb_page_id)).toEqual(Array(3).fill(expect.stringMatching(/^\d+$/)));
  });

  it("a video still processing after 90 s fails the call (trigger: video-timeout in the URL)", async () => {
    const a = await push({ image_url: undefined, video_url: "https://cdn.example.com/video-timeout.mp4" });
    expect(a.status).toBe(400);
    expect(a.body.data.error).toMatch(/90 seconds/);
    expect(sim.control.ads()).toEqual([]);
  });

  it("save-creative stores public images in the library and publishes nothing", async () => {
    const a = await call(sim, "save-creative", {
      image_urls: ["https://cdn.example.com/1.png", "https://cdn.example.com/2.png"],
    });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ saved: 2, published: false });
    expect(a.body.data.creatives[0]).toMatchObject({
      prompt: "External upload",
      aspect_ratio: "1:1",
      resolution: "2K",
    });
    expect(sim.control.state().library).toHaveLength(2);
    expect(sim.control.ads()).toEqual([]);
  });
});

describe("partial push (207)", () => {
  it("a value containing sim:partial applies only the first steps and creates no ad", async () => {
    const a = await push({ primary_text: "sim:partial please" });
    expect(a.status).toBe(207);
    expect(a.body.data.partial.applied.map((s: any) => s.step)).toEqual(["upload_media", "create_creative"]);
    expect(a.body.data.partial.failed.map((s: any) => s.step)).toEqual(["create_ad"]);
    expect(sim.control.ads()).toEqual([]);
    const replay = await push({ primary_text: "sim:partial please" });
    expect(replay.status).toBe(207);
    expect(replay.body).toEqual(a.body);
  });

  it("an injected partial fault does the same", async () => {
    sim.control.fault({ kind: "partial", tool: "push-creative" });
    expect((await push()).status).toBe(207);
    expect((await push({ request_id: "req-after-partial" })).status).toBe(200);
  });
});
