import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOOP_MS, person, runQuery, scripted, use } from "./claude-harness.js";
import { type Env, IMAGE, SITE, startEnv } from "./harness.js";

// Claude Code's tool search, both ways, through the real query() loop: by default it defers MCP
// tools behind its ToolSearch tool; ENABLE_TOOL_SEARCH=false (or the adapter's alwaysLoad) sends
// every adrails tool up front. Either way a call that needs a person goes through canUseTool.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const SEARCH_ON = {};
const adrailsNames = (request: { tools?: { name: string }[] }) =>
  (request.tools ?? []).map((t) => t.name).filter((name) => name.startsWith("mcp__adrails__"));
const pushInput = () => ({
  account_id: env.account,
  adset_id: env.adset,
  image_url: IMAGE,
  website_url: SITE,
  headline: "Summer gear",
  status: "ACTIVE",
});
const ads = () => env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text ?? null]);
const search = (id: string, query: string) => ({ id, name: "ToolSearch", input: { query } });

describe("Claude Code's tool search on (the default)", () => {
  it(
    "the model starts with ToolSearch, not the 52 schemas, and a searched tool runs",
    async () => {
      const { seen, requests } = await runQuery(
        env.toolkit(),
        scripted(
          { toolUses: [search("toolu_s1", "select:mcp__adrails__list-accounts")] },
          { toolUses: [use("toolu_s2", "list-accounts", {})] },
        ),
        {},
        SEARCH_ON,
      );
      const first = requests[0]!.tools!.map((t) => t.name);
      expect(first).toContain("ToolSearch");
      expect(adrailsNames(requests[0]!)).toEqual([]);
      expect(adrailsNames(requests[1]!)).toContain("mcp__adrails__list-accounts");
      expect(seen.get("toolu_s2")?.isError).toBe(false);
    },
    LOOP_MS,
  );

  it(
    "an ACTIVE push loaded through ToolSearch still asks the person for that exact input; approved, one ad",
    async () => {
      const p = person(() => ({ approved: true, text: "Yes, launch it" }));
      const { seen, requests } = await runQuery(
        env.toolkit({ confirm: p.confirm }),
        scripted(
          { toolUses: [search("toolu_s1", "select:mcp__adrails__push-creative")] },
          { toolUses: [use("toolu_p1", "push-creative", pushInput())] },
        ),
        {},
        SEARCH_ON,
      );
      expect(adrailsNames(requests[1]!)).toContain("mcp__adrails__push-creative");
      expect(p.shown.map((r) => r.callId)).toEqual(["toolu_p1"]);
      expect(p.shown[0]!.summary).toMatchObject({ headline: "Summer gear", status: "ACTIVE" });
      expect(ads()).toEqual([["ACTIVE", "Yes, launch it"]]);
      expect(seen.get("toolu_p1")?.isError).toBe(false);
    },
    LOOP_MS,
  );

  it(
    "a push called without searching first: the permission hook still asks; declined, nothing sent",
    async () => {
      const p = person(() => ({ approved: false, reason: "Not before the sale" }));
      const { seen } = await runQuery(
        env.toolkit({ confirm: p.confirm }),
        scripted({ toolUses: [use("toolu_p2", "push-creative", pushInput())] }),
        {},
        SEARCH_ON,
      );
      expect(env.sim.control.requests().filter((r) => r.tool === "push-creative")).toEqual([]);
      // Claude Code runs a deferred tool the model names without loading it, through canUseTool.
      expect(p.shown.map((r) => r.callId)).toEqual(["toolu_p2"]);
      expect(seen.get("toolu_p2")?.isError).toBe(true);
      expect(JSON.parse(seen.get("toolu_p2")!.text)).toMatchObject({ blocked: "hard-confirmation" });
      expect(seen.get("toolu_p2")?.text).toContain("Not before the sale");
    },
    LOOP_MS,
  );
});

describe("Claude Code's tool search off", () => {
  it(
    "ENABLE_TOOL_SEARCH=false: every adrails tool is in the first request, no ToolSearch",
    async () => {
      const toolkit = env.toolkit();
      const { requests } = await runQuery(toolkit, scripted({ text: "done" }));
      const names = requests[0]!.tools!.map((t) => t.name);
      expect(names).not.toContain("ToolSearch");
      expect(adrailsNames(requests[0]!).sort()).toEqual(
        toolkit.tools.map((t) => `mcp__adrails__${t.name}`).sort(),
      );
    },
    LOOP_MS,
  );

  it(
    "alwaysLoad: every adrails tool is in the first request, with tool search on for other servers",
    async () => {
      const toolkit = env.toolkit();
      const { requests } = await runQuery(
        toolkit,
        scripted({ text: "done" }),
        { alwaysLoad: true },
        SEARCH_ON,
      );
      expect(adrailsNames(requests[0]!).sort()).toEqual(
        toolkit.tools.map((t) => `mcp__adrails__${t.name}`).sort(),
      );
    },
    LOOP_MS,
  );
});
