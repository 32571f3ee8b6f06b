import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import type { Outcome } from "../../src/client/outcome.js";
import { redact } from "../../src/client/redact.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AuditEvent, ToolResult } from "../../src/types.js";
import { type Fixture, startFixture, wrapped } from "./fixture-server.js";

// Issue 12, point 6: a server that echoes the key in an encoding must not leak it anywhere.

const KEY = "adk_live_9fK2mQ7xT4vB8nR1cY6wZ3";
const TAIL = KEY.slice("adk_".length);
const b64 = (text: string) => Buffer.from(text).toString("base64");
const b64url = (text: string) => Buffer.from(text).toString("base64url");
const hex = (text: string) => Buffer.from(text).toString("hex");

/** Every spelling the issue names, plus the key inside larger encoded text at each alignment. */
const SPELLINGS: Record<string, string> = {
  literal: KEY,
  "without prefix": TAIL,
  base64: b64(KEY),
  "Bearer base64": b64(`Bearer ${KEY}`),
  base64url: b64url(KEY),
  "Bearer base64url": b64url(`Bearer ${KEY}`),
  hex: hex(KEY),
  "hex upper": hex(KEY).toUpperCase(),
  "tail base64": b64(TAIL),
  "json blob base64, offset 1": b64(`{"k":"${KEY}"}`),
  "json blob base64, offset 2": b64(`x{"k":"${KEY}"}`),
  "json blob base64url, offset 0": b64url(`ab{"k":"${KEY}"}`),
};

/** True when `text` holds the key, or its tail, in any spelling a decoder can read back. */
function leaks(text: string): string | undefined {
  if (text.includes(KEY) || text.includes(TAIL)) return "plain";
  for (const token of text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []) {
    for (let start = 0; start < 4; start++) {
      const part = token.slice(start);
      for (const decoded of [
        Buffer.from(part, "base64").toString("latin1"),
        Buffer.from(part, "base64url").toString("latin1"),
      ]) {
        // A decoded fragment as long as 16 characters of the key would reveal most of it.
        for (let i = 0; i + 16 <= KEY.length; i++) if (decoded.includes(KEY.slice(i, i + 16))) return token;
      }
    }
    if (/^[0-9a-f]+$/i.test(token)) {
      for (const odd of [0, 1]) {
        const decoded = Buffer.from(token.slice(odd), "hex").toString("latin1");
        for (let i = 0; i + 16 <= KEY.length; i++) if (decoded.includes(KEY.slice(i, i + 16))) return token;
      }
    }
  }
  return undefined;
}

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture(KEY);
  const echo = Object.entries(SPELLINGS).map(([how, text]) => `${how}: ${text}`);
  fixture.on("list-accounts", () => wrapped(200, { accounts: [], echo, [SPELLINGS.base64!]: SPELLINGS.hex }));
  fixture.on("results", () => wrapped(500, { error: `upstream said ${echo.join("; ")}` }));
  fixture.on("health", () => wrapped(200, { error: `soft ${echo.join(" | ")}` }));
  fixture.on("push-creative", () => ({
    status: 400,
    body: `not json ${echo.join(" ")}`,
  }));
  fixture.on("creative-dna", () =>
    wrapped(207, { partial: { applied: [{ step: echo[2] }], failed: [{ step: echo[3], error: echo[4] }] } }),
  );
});
afterAll(() => fixture.close());

const CALLS: [string, Record<string, unknown>][] = [
  ["list-accounts", {}],
  ["results", { account_id: "act_1", level: "ad" }],
  ["health", { account_id: "act_1" }],
  [
    "push-creative",
    {
      account_id: "act_1",
      adset_id: "1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://shop.example.com",
    },
  ],
  ["creative-dna", { account_id: "act_1", brand_url: "https://brand.example.com" }],
];

describe("the key echoed in any encoding", () => {
  it("the redaction covers each spelling on its own", () => {
    for (const [how, text] of Object.entries(SPELLINGS)) {
      expect({ how, leak: leaks(redact(`before ${text} after`, KEY)) }).toEqual({ how, leak: undefined });
      // The check itself sees each spelling.
      expect({ how, seen: leaks(`before ${text} after`) !== undefined }).toEqual({ how, seen: true });
    }
  });

  it("never reaches a result, the model text, an audit event or onOutcome", async () => {
    const events: AuditEvent[] = [];
    const outcomes: Outcome[] = [];
    const toolkit = createAdTools({
      apiKey: KEY,
      baseUrl: fixture.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
      onEvent: (event) => events.push(event),
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    const results: ToolResult[] = [];
    for (const [tool, input] of CALLS) results.push(await toolkit.call(tool, input));
    // The fixture really answered each call with the spellings (the calls reached it).
    expect(results.map((r) => r.status)).toEqual([200, 500, 200, 400, 207]);
    for (const surface of [
      ...results.map((r) => JSON.stringify(r)),
      ...results.map((r) => toolkit.toModelText(r)),
      ...events.map((e) => JSON.stringify(e)),
      ...outcomes.map((o) => JSON.stringify(o)),
    ]) {
      expect(leaks(surface)).toBeUndefined();
    }
    expect(outcomes).toHaveLength(CALLS.length);
    expect(events).toHaveLength(CALLS.length);
  });

  it("never reaches the CLI's output", async () => {
    for (const [tool, input] of CALLS) {
      for (const json of [[], ["--json"]]) {
        const stdout = new PassThrough();
        const stderr = new PassThrough();
        let out = "";
        stdout.on("data", (chunk) => {
          out += chunk;
        });
        stderr.on("data", (chunk) => {
          out += chunk;
        });
        const stdin = new PassThrough();
        stdin.end();
        await runCli([...json, "call", tool, JSON.stringify(input)], {
          stdout,
          stderr,
          stdin,
          env: { ADRAILS_API_KEY: KEY, ADRAILS_BASE_URL: fixture.url },
        });
        expect(out.length).toBeGreaterThan(0);
        expect({ tool, leak: leaks(out) }).toEqual({ tool, leak: undefined });
      }
    }
  });
});
