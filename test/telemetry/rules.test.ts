import { SpanStatusCode } from "@opentelemetry/api";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ToolResult } from "../../src/types.js";
import { registerTracing } from "./otel.js";

// The money rules on the execute_tool span: adrails.rule and adrails.rule_decision, in every mode.

const tracing = registerTracing();
let sim: Simulator;
let account: string;
let adset: string;

const kit = (extra: AdToolsOptions = {}) =>
  createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...extra,
  });
const data = (r: ToolResult) => (r.ok === true ? (r.data as Record<string, any>) : Promise.reject(r));

beforeAll(async () => {
  sim = await startSimulator({ rateLimit: { limit: 100_000 } });
  account = (await data(await kit().call("list-accounts", {}))).accounts[0].id;
  adset = (await data(await kit().call("results", { account_id: account, level: "adset" }))).rows[0].id;
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  tracing.reset();
});

const push = (fields: Record<string, unknown>) => ({
  account_id: account,
  adset_id: adset,
  image_url: "https://cdn.example.com/creative/summer-1.png",
  website_url: "https://northwind.example.com/summer",
  headline: "Summer",
  ...fields,
});

describe("the span of a ruled call", () => {
  it("enforce: a refusal by a rule is an error span naming the rule; an allowed call says allow", async () => {
    const toolkit = kit({ rules: { bannedPhrases: ["free"] } });
    await toolkit.call("push-creative", push({ headline: "Free lanterns" }));
    await toolkit.call("push-creative", push({ headline: "Lanterns" }));
    const [refused, allowed] = tracing.toolSpans("push-creative");
    expect(refused!.status.code).toBe(SpanStatusCode.ERROR);
    expect(refused!.attributes).toMatchObject({
      "adrails.blocked": "rule",
      "adrails.rule": "bannedPhrases",
      "adrails.rule_decision": "deny",
    });
    expect(allowed!.attributes["adrails.rule_decision"]).toBe("allow");
    expect(allowed!.attributes["adrails.rule"]).toBeUndefined();
  });

  it("audit: the call runs and the span records what the rule would have decided", async () => {
    const toolkit = kit({ rules: { mode: "audit", bannedPhrases: ["free"] } });
    expect((await toolkit.call("push-creative", push({ headline: "Free lanterns" }))).ok).toBe(true);
    const [span] = tracing.toolSpans("push-creative");
    expect(span!.attributes).toMatchObject({
      "adrails.rule": "bannedPhrases",
      "adrails.rule_decision": "would-deny",
    });
  });
});
