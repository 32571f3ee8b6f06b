import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ToolResult } from "../../src/types.js";
import { type Env, FRAMEWORKS, IMAGE, runScript, SITE, startEnv } from "../adapters/harness.js";

let env: Env;
let other: string;
beforeAll(async () => {
  env = await startEnv();
  // Another account the same key can reach: the service itself would accept a call there.
  other = env.sim.control.world().callers.pro.accounts[1]!.id;
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const hidden = () => env.toolkit({ accountId: env.account, hideAccountId: true });
const push = (account_id?: string) => ({
  ...(account_id === undefined ? {} : { account_id }),
  adset_id: env.adset,
  image_url: IMAGE,
  website_url: SITE,
  ad_name: "hidden-account",
});

describe("hideAccountId: a model-supplied account_id other than the configured one", () => {
  it("is refused by toolkit.call for a push and a read, nothing sent, in words a model can act on", async () => {
    expect(other).not.toBe(env.account);
    const kit = hidden();
    for (const [tool, input] of [
      ["push-creative", push(other)],
      ["results", { account_id: other, level: "adset" }],
    ] as const) {
      const result = await kit.call(tool, input);
      expect(result).toMatchObject({ ok: false, status: null, blocked: "scope" });
      const { error, hint } = result as { error: string; hint: string };
      expect(error).toContain(env.account);
      expect(hint).toMatch(/^Nothing was sent\. Call again without account_id/);
    }
    expect(kit.get("push-creative")!.needsConfirmation({ ...push(other), status: "ACTIVE" })).toBe(false);
    expect(env.sim.control.requests()).toHaveLength(0);
  });

  it("the configured account itself, or none, goes through", async () => {
    const kit = hidden();
    expect((await kit.call("results", { account_id: env.account, level: "adset" })).ok).toBe(true);
    expect((await kit.call("results", { level: "adset" })).ok).toBe(true);
    expect(env.sim.control.requests()).toHaveLength(2);
  });

  it.each(FRAMEWORKS)(
    "through %s's own loop: refused, nothing sent, the model reads why",
    async (framework) => {
      const run = await runScript(framework, hidden(), [
        [
          { id: "c1", name: "push-creative", input: push(other) },
          { id: "c2", name: "results", input: { account_id: other, level: "adset" } },
        ],
      ]);
      for (const id of ["c1", "c2"]) {
        const seen = run.seen.get(id)!;
        expect(seen.text).toContain(`acts on ad account ${env.account} only`);
        if (seen.result) expect((seen.result as ToolResult).ok).toBe(false);
      }
      expect(env.sim.control.requests()).toHaveLength(0);
      expect(env.sim.control.state().ads.filter((ad) => ad.name === "hidden-account")).toHaveLength(0);
    },
  );
});
