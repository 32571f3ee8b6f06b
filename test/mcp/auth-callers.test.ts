import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallerPlace, callerOptions, parseTenants, tenantOf } from "../../src/mcp/auth-callers.js";
import { scopesFor } from "../../src/mcp/auth-scopes.js";
import { createAdTools } from "../../src/toolkit.js";
import { type Env, push, startEnv } from "./helpers.js";

// The caller side of the remote server without HTTP: the tenants file, the scopes a call needs,
// and a team's accounts narrowing the money rules on a real toolkit against the simulator.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("the tenants file", () => {
  it("reads teams, keys from the environment, and refuses what it cannot use, naming it", () => {
    const tenants = parseTenants(
      {
        tenants: [
          { name: "growth", groups: ["g"], apiKeyEnv: "K", accounts: ["act_1"] },
          { name: "b", subjects: ["s"] },
        ],
      },
      { K: "adk_secret" },
    );
    expect(tenants[0]).toEqual({ name: "growth", groups: ["g"], apiKey: "adk_secret", accounts: ["act_1"] });
    const caller = { subject: "s", name: "S", groups: ["g"], scopes: [] };
    // Subjects first, then groups.
    expect(tenantOf(tenants, caller)?.name).toBe("b");
    expect(tenantOf(tenants, { ...caller, subject: "x" })?.name).toBe("growth");
    expect(tenantOf(tenants, { ...caller, subject: "x", groups: [] })).toBeUndefined();
    const bad: [unknown, RegExp][] = [
      [{}, /non-empty "tenants"/],
      [{ tenants: [{ name: "a", groups: ["g"], apiKey: "adk_x" }] }, /unknown key "apiKey"/],
      [{ tenants: [{ name: "a" }] }, /neither subjects nor groups/],
      [{ tenants: [{ name: "a", groups: ["g"], apiKeyEnv: "UNSET" }] }, /UNSET .* not set/],
      [
        {
          tenants: [
            { name: "a", groups: ["g"] },
            { name: "a", groups: ["h"] },
          ],
        },
        /twice/,
      ],
    ];
    for (const [json, message] of bad) expect(() => parseTenants(json, {})).toThrow(message);
  });
});

describe("scopes per call", () => {
  it("reads need ads:read, writes ads:write, an ACTIVE push and unknown tools ads:launch", () => {
    expect(scopesFor("list-accounts", {})).toEqual(["ads:read"]);
    expect(scopesFor("push-creative", { status: "PAUSED" })).toEqual(["ads:write"]);
    expect(scopesFor("push-creative", { status: "ACTIVE" })).toEqual(["ads:write", "ads:launch"]);
    expect(scopesFor("a-door-tool-nobody-knows", {})).toEqual(["ads:write", "ads:launch"]);
  });
});

describe("a team's accounts", () => {
  it("narrow the money rules: a call naming another account is refused unsent", async () => {
    const place: CallerPlace = {
      caller: { subject: "dana", name: "Dana", groups: [], scopes: [] },
      tenant: { name: "growth", groups: ["g"], accounts: ["act_999999"] },
    };
    const toolkit = createAdTools(callerOptions(env.options(), place));
    const before = env.pushes().length;
    const result = await toolkit.call("push-creative", push(env, { status: "PAUSED" }));
    expect(result).toMatchObject({ ok: false, blocked: "rule", rule: "accounts" });
    expect(env.pushes().length).toBe(before);
    expect(toolkit.options.sessionId).toMatch(/^mcp\nsubject:/);
  });
});
