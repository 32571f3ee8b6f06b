import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/client/index.js";
import { redact, redactJson } from "../../src/client/redact.js";
import { wrapped } from "./fixture-server.js";
import { rememberKey, scanOutcomesForKeys, trackedClient, useFixture } from "./helpers.js";

const fixture = useFixture();

function expectKind<K extends Outcome["kind"]>(outcome: Outcome, kind: K): Extract<Outcome, { kind: K }> {
  expect(outcome.kind).toBe(kind);
  return outcome as Extract<Outcome, { kind: K }>;
}

describe("the request", () => {
  it("POSTs the JSON body to /api/mcp/{tool} with the bearer key", async () => {
    const client = trackedClient(fixture.server);
    const body = { account_id: "act_1", level: "ad" };
    await client.call("results", body);
    const [request] = fixture.server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/api/mcp/results");
    expect(request?.headers.authorization).toMatch(/^Bearer adk_test\d+_S3cr3t-/);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(body);
  });

  it("tolerates a trailing slash on the base URL", async () => {
    const client = trackedClient(fixture.server, { baseUrl: `${fixture.server.url}/` });
    const outcome = await client.call("list-accounts", {});
    expect(outcome.kind).toBe("success");
    expect(fixture.server.requests[0]?.path).toBe("/api/mcp/list-accounts");
  });

  it("still POSTs an unknown tool name and reports the 404", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ status: 404, json: wrapped({ error: "Unknown tool: no-such-tool" }) });
    const outcome = expectKind(await client.call("no-such-tool", {}), "http-error");
    expect(outcome).toMatchObject({ status: 404, shape: "wrapped", error: "Unknown tool: no-such-tool" });
    expect(fixture.server.requests[0]?.tool).toBe("no-such-tool");
  });
});

describe("2xx answers", () => {
  it("200 wrapped is a success with data and source", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ json: wrapped({ accounts: [{ id: "act_1", name: "A", currency: "EUR" }] }) });
    const outcome = expectKind(await client.call("list-accounts", {}), "success");
    expect(outcome).toMatchObject({
      status: 200,
      source: "fixture service",
      tool: "list-accounts",
      attempts: 1,
    });
    expect(outcome.data).toEqual({ accounts: [{ id: "act_1", name: "A", currency: "EUR" }] });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("200 with data.error is a soft error", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ json: wrapped({ error: "Unknown niche. Available: ecommerce, saas" }) });
    const outcome = expectKind(await client.call("benchmarks", { niche: "x" }), "soft-error");
    expect(outcome).toMatchObject({ status: 200, error: "Unknown niche. Available: ecommerce, saas" });
    expect(outcome.data).toEqual({ error: "Unknown niche. Available: ecommerce, saas" });
  });

  it("200 with an unwrapped body keeps the body as data", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ json: [1, 2] });
    const outcome = expectKind(await client.call("list-skills", {}), "success");
    expect(outcome.data).toEqual([1, 2]);
    expect(outcome.source).toBeUndefined();
  });

  it("207 is partial with data.partial", async () => {
    const client = trackedClient(fixture.server);
    const partial = { applied: ["upload"], failed: [{ step: "create-ad", error: "ad set paused" }] };
    fixture.server.script({ status: 207, json: wrapped({ partial }) });
    const outcome = expectKind(
      await client.call("push-creative", { account_id: "act_1", request_id: "req-12345678" }),
      "partial",
    );
    expect(outcome.status).toBe(207);
    expect(outcome.partial).toEqual(partial);
    expect(outcome.data).toEqual({ partial });
  });

  it("200 with a body that is not JSON is an http-error, not a success", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ body: "<html>ok?</html>" });
    const outcome = expectKind(await client.call("health", {}), "http-error");
    expect(outcome).toMatchObject({ status: 200, shape: "non-json", body: "<html>ok?</html>" });
  });
});

describe("error statuses", () => {
  it("400 wrapped", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ status: 400, json: wrapped({ error: "matrix larger than 27" }) });
    const outcome = expectKind(await client.call("creative-matrix", { account_id: "act_1" }), "http-error");
    expect(outcome).toMatchObject({ status: 400, shape: "wrapped", error: "matrix larger than 27" });
    expect(outcome.body).toEqual(wrapped({ error: "matrix larger than 27" }));
  });

  it("401 bare", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ status: 401, json: { error: "Invalid or revoked API key" } });
    const outcome = expectKind(await client.call("list-accounts", {}), "http-error");
    expect(outcome).toMatchObject({ status: 401, shape: "bare", error: "Invalid or revoked API key" });
    expect(outcome.upgradeUrl).toBeUndefined();
  });

  it("403 with upgrade_url", async () => {
    const client = trackedClient(fixture.server);
    const data = { error: "A Pro or Agency plan is required", upgrade_url: "https://example.test/pricing" };
    fixture.server.script({ status: 403, json: wrapped(data) });
    const outcome = expectKind(await client.call("ad-copy", { description: "x" }), "http-error");
    expect(outcome).toMatchObject({
      status: 403,
      shape: "wrapped",
      error: "A Pro or Agency plan is required",
      upgradeUrl: "https://example.test/pricing",
    });
  });

  it("403 and 404 with accounts", async () => {
    const client = trackedClient(fixture.server);
    const accounts = [{ id: "act_2", name: "B", currency: "USD" }];
    fixture.server.script(
      { status: 403, json: wrapped({ error: "Account not accessible", accounts }) },
      { status: 404, json: wrapped({ error: "Account not found", accounts }) },
    );
    const first = expectKind(await client.call("results", { account_id: "act_9" }), "http-error");
    const second = expectKind(await client.call("health", { account_id: "act_9" }), "http-error");
    expect(first).toMatchObject({ status: 403, accounts });
    expect(second).toMatchObject({ status: 404, accounts, error: "Account not found" });
  });

  it.each([
    [409, "push-creative", "hard confirmation missing"],
    [410, "emergency-recovery", "This tool is disabled"],
    [422, "hooks", "The page could not be scraped; pass description"],
    [502, "ad-copy", "Upstream step failed"],
    [500, "results", "Internal error"],
  ])("%i wrapped is an http-error with its message", async (status, tool, error) => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ status, json: wrapped({ error }) });
    const outcome = expectKind(await client.call(tool, { account_id: "act_1" }), "http-error");
    expect(outcome).toMatchObject({ status, shape: "wrapped", error, attempts: 1 });
  });

  it("an error body in neither shape gets a generic message", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({ status: 410, json: {} }, { status: 400, json: { message: "bad input" } });
    const first = expectKind(await client.call("emergency-recovery", {}), "http-error");
    const second = expectKind(await client.call("results", {}), "http-error");
    expect(first).toMatchObject({ status: 410, shape: "bare", error: "HTTP 410" });
    expect(second).toMatchObject({ status: 400, shape: "bare", error: "bad input" });
  });

  it("429 carries Retry-After and the rate-limit headers", async () => {
    const client = trackedClient(fixture.server, { retry: { maxRetries: 0 } });
    fixture.server.script({
      status: 429,
      json: { error: "Too many requests" },
      headers: {
        "Retry-After": "7",
        "X-RateLimit-Limit": "60",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": "7",
      },
    });
    const outcome = expectKind(await client.call("results", {}), "http-error");
    expect(outcome).toMatchObject({
      status: 429,
      shape: "bare",
      error: "Too many requests",
      retryAfterS: 7,
      rateLimit: { limit: 60, remaining: 0, resetS: 7 },
    });
  });

  it("429 without Retry-After takes the wait from X-RateLimit-Reset", async () => {
    const client = trackedClient(fixture.server, { retry: { maxRetries: 0 } });
    fixture.server.script({
      status: 429,
      json: { error: "Too many requests" },
      headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "12" },
    });
    const outcome = expectKind(await client.call("results", {}), "http-error");
    expect(outcome).toMatchObject({ status: 429, retryAfterS: 12, rateLimit: { resetS: 12 } });
  });

  it("502 with an HTML body keeps its first 200 characters", async () => {
    const client = trackedClient(fixture.server);
    const html = `<html><head><title>502 Bad Gateway</title></head><body>${"x".repeat(500)}</body></html>`;
    fixture.server.script({ status: 502, body: html });
    const outcome = expectKind(await client.call("ad-copy", { description: "x" }), "http-error");
    expect(outcome).toMatchObject({ status: 502, shape: "non-json" });
    expect(outcome.error).toContain("502");
    expect(outcome.body).toBe(html.slice(0, 200));
  });

  it("503 bare", async () => {
    const client = trackedClient(fixture.server, { retry: { maxRetries: 0 } });
    fixture.server.script({ status: 503, json: { error: "Rate limiter degraded" } });
    const outcome = expectKind(await client.call("results", {}), "http-error");
    expect(outcome).toMatchObject({
      status: 503,
      shape: "bare",
      error: "Rate limiter degraded",
      attempts: 1,
    });
  });

  it("records the rate-limit headers on a success too", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({
      json: wrapped({}),
      headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "42", "X-RateLimit-Reset": "30" },
    });
    const outcome = await client.call("results", {});
    expect(outcome.rateLimit).toEqual({ limit: 60, remaining: 42, resetS: 30 });
  });
});

describe("redaction", () => {
  it("replaces the key and any adk_ token in answers, error bodies and HTML", async () => {
    const client = trackedClient(fixture.server, { retry: { maxRetries: 0 } });
    fixture.server.fallback = (request) => {
      const sent = (request.headers.authorization ?? "").replace("Bearer ", "");
      if (request.tool === "list-accounts")
        return { json: wrapped({ echo: sent, other: "adk_live_abcDEF123" }) };
      if (request.tool === "results") return { status: 401, json: { error: `Key ${sent} is revoked` } };
      return { status: 502, body: `<pre>upstream said ${sent}</pre>` };
    };
    const success = expectKind(await client.call("list-accounts", {}), "success");
    expect(success.data).toEqual({ echo: "adk_***", other: "adk_***" });
    const bare = expectKind(await client.call("results", {}), "http-error");
    expect(bare.error).toBe("Key adk_*** is revoked");
    const html = expectKind(await client.call("ad-copy", {}), "http-error");
    expect(html.body).toBe("<pre>upstream said adk_***</pre>");
  });

  it("replaces a key that JSON escapes spell out, which only shows once parsed", async () => {
    const client = trackedClient(fixture.server, { retry: { maxRetries: 0 } });
    const spellOut = (text: string) =>
      [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    fixture.server.fallback = (request) => {
      const sent = (request.headers.authorization ?? "").replace("Bearer ", "");
      const spelled = `adk\\u005f${spellOut(sent.slice(4))}`;
      return { body: `{"source":"x","data":{"echo":"${spelled}","note":"caf\\u00e9"}}` };
    };
    const success = expectKind(await client.call("list-accounts", {}), "success");
    expect(success.data).toEqual({ echo: "adk_***", note: "café" });
  });

  // Keys not shaped adk_[A-Za-z0-9_-]+ are refused before sending (config.test.ts); redaction
  // still covers them wherever they might appear.
  it("replaces a key with a slash that the answer writes as \\/", () => {
    const apiKey = rememberKey("plain/secret-0123456789");
    expect(
      redactJson('{"data":{"echo":"plain\\/secret-0123456789","url":"https:\\/\\/x.test"}}', apiKey),
    ).toBe('{"data":{"echo":"adk_***","url":"https://x.test"}}');
  });

  it("replaces a key that is not adk_-shaped too", () => {
    const apiKey = rememberKey("plain-secret-0123456789");
    expect(redact("bad key plain-secret-0123456789", apiKey)).toBe("bad key adk_***");
  });
});

scanOutcomesForKeys();
