import { describe, expect, it } from "vitest";
import { wrapped } from "./fixture-server.js";
import { scanOutcomesForKeys, trackedClient, useFixture } from "./helpers.js";

const fixture = useFixture();
const tooMany = (retryAfter: string) => ({
  status: 429,
  json: { error: "Too many requests" },
  headers: { "Retry-After": retryAfter },
});
const degraded = { status: 503, json: { error: "Rate limiter degraded" } };
const fast = { maxRetries: 3, maxWaitS: 5, baseDelayMs: 20 };

describe("429", () => {
  it("waits Retry-After, then retries with the same body", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script(tooMany("0"));
    const body = {
      account_id: "act_1",
      request_id: "req-abcdefgh",
      adset_id: "1",
      image_url: "https://x.test/a.png",
    };
    const outcome = await client.call("push-creative", body);
    expect(outcome).toMatchObject({ kind: "success", attempts: 2 });
    const [first, second] = fixture.server.requests;
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(first?.body ?? "")).toEqual(body);
  });

  it("waits a whole Retry-After second", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script(tooMany("1"));
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "success", attempts: 2 });
    const [first, second] = fixture.server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  // "At once": a wait of 120 s would outlast the test's timeout.
  it("gives up at once when Retry-After is longer than maxWaitS", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, maxWaitS: 1 } });
    fixture.server.script(tooMany("120"));
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "http-error", status: 429, retryAfterS: 120, attempts: 1 });
    expect(fixture.server.requests).toHaveLength(1);
  });

  it("stops after maxRetries", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, maxRetries: 2 } });
    fixture.server.script(tooMany("0"), tooMany("0"), tooMany("0"), { json: wrapped({}) });
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "http-error", status: 429, attempts: 3 });
    expect(fixture.server.requests).toHaveLength(3);
  });

  it("is retried for writes without an id: the service refused before processing", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script(tooMany("0"));
    const outcome = await client.call("approve-creative-brief", { version_id: "v1" });
    expect(outcome).toMatchObject({ kind: "success", attempts: 2 });
  });
});

describe("503", () => {
  it("backs off exponentially, then succeeds", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, baseDelayMs: 100 } });
    fixture.server.script(degraded, degraded);
    const outcome = await client.call("save-creative", { image_url: "https://x.test/a.png" });
    expect(outcome).toMatchObject({ kind: "success", attempts: 3 });
    const [a, b, c] = fixture.server.requests.map((r) => r.at);
    // Jittered between half and all of 100 ms, then of 200 ms.
    expect(b! - a!).toBeGreaterThanOrEqual(45);
    expect(c! - b!).toBeGreaterThanOrEqual(95);
  });

  it("returns the 503 once retries are spent", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, maxRetries: 1 } });
    fixture.server.script(degraded, degraded, { json: wrapped({}) });
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "http-error", status: 503, shape: "bare", attempts: 2 });
  });
});

describe("nothing else is retried", () => {
  it.each([400, 401, 403, 404, 409, 410, 422, 500, 502])("%i is answered once", async (status) => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ status, json: wrapped({ error: `status ${status}` }) });
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "http-error", status, attempts: 1 });
    expect(fixture.server.requests).toHaveLength(1);
  });
});

describe("dropped connections", () => {
  it("are retried for a read", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ drop: true });
    const outcome = await client.call("results", { level: "ad" });
    expect(outcome).toMatchObject({ kind: "success", attempts: 2 });
    expect(fixture.server.requests).toHaveLength(2);
  });

  it("are retried for a calculator", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ drop: true }, { drop: true });
    const outcome = await client.call("fatigue", { frequency: 3, ctr_trend: [1, 0.5], days_running: 9 });
    expect(outcome).toMatchObject({ kind: "success", attempts: 3 });
  });

  it("are NOT retried for a write without an id", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ drop: true });
    const outcome = await client.call("save-creative", { image_url: "https://x.test/a.png" });
    expect(outcome).toMatchObject({ kind: "network-error", status: null, cause: "connection", attempts: 1 });
    expect(fixture.server.requests).toHaveLength(1);
  });

  it("are NOT retried for a write whose id is empty", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ drop: true });
    const outcome = await client.call("creative-loop", { account_id: "act_1", request_id: "" });
    expect(outcome).toMatchObject({ kind: "network-error", cause: "connection", attempts: 1 });
  });

  it("are NOT retried for an unknown tool", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ drop: true });
    const outcome = await client.call("not-a-tool", {});
    expect(outcome).toMatchObject({ kind: "network-error", cause: "connection", attempts: 1 });
  });

  it.each([
    ["push-creative", { account_id: "act_1", request_id: "req-00000001", adset_id: "9" }],
    ["dismiss-competitor-change-alert", { alert_id: "a1", action: "dismiss", idempotency_key: "k-1" }],
    ["create-experiment", { idempotencyKey: "exp-1", controlRef: "c", variantRef: "v" }],
  ])("are retried for %s carrying its id, with the same body", async (tool, body) => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ drop: true });
    const outcome = await client.call(tool, body);
    expect(outcome).toMatchObject({ kind: "success", attempts: 2 });
    const [first, second] = fixture.server.requests;
    expect(first?.body).toBe(JSON.stringify(body));
    expect(second?.body).toBe(first?.body);
  });

  it("report a refused connection as a connection error", async () => {
    const closed = await import("./fixture-server.js").then((m) => m.startFixtureServer());
    const url = closed.url;
    await closed.close();
    const client = trackedClient(fixture.server, { baseUrl: url, retry: { ...fast, maxRetries: 1 } });
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "network-error", cause: "connection", attempts: 2 });
    expect(outcome.kind === "network-error" && outcome.error).toMatch(/ECONNREFUSED/);
  });
});

describe("timeouts", () => {
  it("a per-call timeoutMs cuts a slow answer", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ delayMs: 1000, json: wrapped({}) });
    const outcome = await client.call("approve-creative-brief", { version_id: "v1" }, { timeoutMs: 100 });
    // A timeout, not the answer 1 s later.
    expect(outcome).toMatchObject({ kind: "network-error", cause: "timeout", attempts: 1 });
  });

  it("a timed-out read is retried", async () => {
    const client = trackedClient(fixture.server, { retry: fast, timeouts: { readMs: 100 } });
    fixture.server.script(
      { delayMs: 500, json: wrapped({ slow: true }) },
      { json: wrapped({ slow: false }) },
    );
    const outcome = await client.call("results", {});
    expect(outcome).toMatchObject({ kind: "success", attempts: 2, data: { slow: false } });
  });

  it("group C workflows and push-creative get the workflow timeout, everything else the read timeout", async () => {
    const client = trackedClient(fixture.server, {
      retry: { ...fast, maxRetries: 0 },
      timeouts: { readMs: 100, workflowMs: 2000 },
    });
    fixture.server.fallback = { delayMs: 300, json: wrapped({ done: true }) };
    const [workflow, read, push, write, groupEWorkflow] = await Promise.all([
      client.call("creative-dna", { account_id: "act_1", brand_url: "x.test" }),
      client.call("results", {}),
      // A video push waits about 90 s for processing at the service.
      client.call("push-creative", { account_id: "act_1", request_id: "req-00000002" }),
      client.call("save-creative", { image_url: "https://cdn.example.com/a.png" }),
      client.call("generate-from-brief", { version_id: "v", media: "image", idempotency_key: "k" }),
    ]);
    expect(workflow.kind).toBe("success");
    expect(push.kind).toBe("success");
    expect(read).toMatchObject({ kind: "network-error", cause: "timeout" });
    expect(write).toMatchObject({ kind: "network-error", cause: "timeout" });
    expect(groupEWorkflow).toMatchObject({ kind: "network-error", cause: "timeout" });
  });

  it("timeoutMs overrides the workflow timeout too", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, maxRetries: 0 } });
    fixture.server.script({ delayMs: 500, json: wrapped({}) });
    const outcome = await client.call(
      "url-to-ads",
      { account_id: "act_1", url: "x.test" },
      { timeoutMs: 100 },
    );
    expect(outcome).toMatchObject({ kind: "network-error", cause: "timeout" });
  });
});

describe("abort", () => {
  it("stops a call in flight", async () => {
    const client = trackedClient(fixture.server, { retry: fast });
    fixture.server.script({ delayMs: 2000, json: wrapped({}) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const outcome = await client.call("results", {}, { signal: controller.signal });
    expect(outcome).toMatchObject({ kind: "network-error", cause: "aborted", attempts: 1 });
  });

  it("stops during a backoff wait without another request", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, baseDelayMs: 5000, maxWaitS: 10 } });
    fixture.server.script(degraded);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await client.call("results", {}, { signal: controller.signal });
    expect(outcome).toMatchObject({ kind: "network-error", cause: "aborted", attempts: 1 });
    expect(fixture.server.requests).toHaveLength(1);
  });

  it("stops during a Retry-After wait", async () => {
    const client = trackedClient(fixture.server, { retry: { ...fast, maxWaitS: 30 } });
    fixture.server.script(tooMany("20"));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await client.call("results", {}, { signal: controller.signal });
    // Aborted during the 20 s wait: the retry after it would have made 2 attempts.
    expect(outcome).toMatchObject({ kind: "network-error", cause: "aborted", attempts: 1 });
    expect(fixture.server.requests).toHaveLength(1);
  });

  it("sends nothing when the signal is already aborted", async () => {
    const client = trackedClient(fixture.server);
    const outcome = await client.call("results", {}, { signal: AbortSignal.abort() });
    expect(outcome).toMatchObject({ kind: "network-error", cause: "aborted", attempts: 0 });
    expect(fixture.server.requests).toHaveLength(0);
  });
});

scanOutcomesForKeys();
