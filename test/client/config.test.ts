import { Agent, type Dispatcher } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../../src/client/index.js";
import { redact } from "../../src/client/redact.js";
import { parseRetryAfter } from "../../src/client/retry.js";
import { createAdTools } from "../../src/toolkit.js";
import { wrapped } from "./fixture-server.js";
import { newKey, scanOutcomesForKeys, track, useFixture } from "./helpers.js";

const fixture = useFixture();

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("configuration", () => {
  it("a missing key is a config error and nothing is sent", async () => {
    vi.stubEnv("ADRAILS_API_KEY", "");
    const client = createClient({ baseUrl: fixture.server.url });
    const outcome = track(await client.call("list-accounts", {}));
    expect(outcome).toMatchObject({ kind: "network-error", status: null, cause: "config", attempts: 0 });
    expect(outcome.kind === "network-error" && outcome.error).toMatch(/ADRAILS_API_KEY/);
    expect(fixture.server.requests).toHaveLength(0);
  });

  it.each([
    ["without the adk_ prefix", "sk-live-0123456789abcdef"],
    ["with a line break", "adk_0123456789abcdef\r\nX-Injected: 1"],
    ["with a space", "adk_0123456789 abcdef"],
    ["with the prefix in capitals", "ADK_0123456789abcdef"],
  ])("a key %s is refused locally, nothing is sent and the key is not echoed", async (_case, key) => {
    const outcome = track(
      await createClient({ apiKey: key, baseUrl: fixture.server.url }).call("results", {}),
    );
    expect(outcome).toMatchObject({ kind: "network-error", status: null, cause: "config", attempts: 0 });
    expect(outcome.kind === "network-error" && outcome.error).toMatch(/malformed.*adk_.*Nothing was sent/);
    expect(JSON.stringify(outcome)).not.toContain(key);
    // What a model reads: a clear refusal it must not retry, without the key.
    const result = await createAdTools({ apiKey: key, baseUrl: fixture.server.url }).call("results", {});
    expect(result).toMatchObject({ ok: false, status: null, retryable: false });
    expect(result.ok === false && result.error).toMatch(/malformed/);
    expect(JSON.stringify(result)).not.toContain(key);
    expect(fixture.server.requests).toHaveLength(0);
  });

  it("a missing or broken base URL is a config error", async () => {
    vi.stubEnv("ADRAILS_BASE_URL", "");
    const missing = track(await createClient({ apiKey: newKey() }).call("results", {}));
    expect(missing).toMatchObject({ kind: "network-error", cause: "config" });
    expect(missing.kind === "network-error" && missing.error).toMatch(/ADRAILS_BASE_URL/);
    const broken = track(await createClient({ apiKey: newKey(), baseUrl: "not a url" }).call("results", {}));
    expect(broken).toMatchObject({ kind: "network-error", cause: "config" });
  });

  it("reads the key and base URL from the environment", async () => {
    const key = newKey();
    vi.stubEnv("ADRAILS_API_KEY", key);
    vi.stubEnv("ADRAILS_BASE_URL", fixture.server.url);
    fixture.server.script({ json: wrapped({ accounts: [] }) });
    const outcome = track(await createClient().call("list-accounts", {}));
    expect(outcome.kind).toBe("success");
    expect(fixture.server.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);
  });

  it("options win over the environment", async () => {
    vi.stubEnv("ADRAILS_API_KEY", newKey());
    vi.stubEnv("ADRAILS_BASE_URL", "http://127.0.0.1:9");
    const key = newKey();
    track(await createClient({ apiKey: key, baseUrl: fixture.server.url }).call("results", {}));
    expect(fixture.server.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);
  });
});

describe("transport", () => {
  it("sends through the given undici dispatcher", async () => {
    class CountingAgent extends Agent {
      count = 0;
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        this.count++;
        return super.dispatch(options, handler);
      }
    }
    const dispatcher = new CountingAgent();
    const client = createClient({ apiKey: newKey(), baseUrl: fixture.server.url, dispatcher });
    expect(track(await client.call("results", {})).kind).toBe("success");
    expect(dispatcher.count).toBe(1);
    await dispatcher.close();
  });
});

describe("helpers", () => {
  it("redact replaces the given key and every adk_ token", () => {
    expect(redact("a secret-123 b", "secret-123")).toBe("a adk_*** b");
    expect(redact('{"k":"adk_live_AbC-9_x","n":1}')).toBe('{"k":"adk_***","n":1}');
    expect(redact("nothing here")).toBe("nothing here");
  });

  it("parseRetryAfter reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});

scanOutcomesForKeys();
