import { describe, expect, it } from "vitest";
import { personHint, withoutToolPrefix } from "../../src/cli/person-hints.js";

// The CLI speaks to the person at the shell, not to a model: no "tell the user", no "the chat".
const MODEL_WORDS = /tell the user|the chat|ask the user/i;

describe("CLI hints for people", () => {
  it("a 429 says the retries already happened and how long to wait", () => {
    const hint = personHint(
      {
        ok: false,
        status: 429,
        error: "Too many requests",
        hint: "model",
        retryable: true,
        retry_after_s: 12,
      },
      3,
    )!;
    expect(hint).toMatch(/already retried 3 times/);
    expect(hint).toMatch(/Wait 12 s/);
    expect(hint).not.toMatch(MODEL_WORDS);
  });

  it("a refused key, no answer and a missing key are said to a person", () => {
    for (const [status, error] of [
      [401, "Invalid API key"],
      [null, "connect ECONNREFUSED 127.0.0.1:1"],
      [null, "No API key: pass apiKey or set ADRAILS_API_KEY. Nothing was sent."],
      [503, "Service Unavailable"],
    ] as const) {
      const hint = personHint({ ok: false, status, error, hint: "model", retryable: false }, 0)!;
      expect(hint).toBeDefined();
      expect(hint).not.toMatch(MODEL_WORDS);
    }
  });

  it("a guard's refusal keeps its own hint; the tool name is not said twice", () => {
    expect(
      personHint({ ok: false, status: null, blocked: "validation", error: "x", hint: "Fix the fields." }, 3),
    ).toBeUndefined();
    expect(withoutToolPrefix("list-accounts", "list-accounts: connect ECONNREFUSED")).toBe(
      "connect ECONNREFUSED",
    );
  });
});
