import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main as generateTextExample } from "../../examples/ai-sdk-generate-text.js";
import { main as chatRouteExample, POST } from "../../examples/ai-sdk-stream-chat-route.js";
import { main as langchainExample } from "../../examples/langchain-interrupt.js";
import { main as readOnlyExample } from "../../examples/read-only-analyst.js";
import { connect } from "../../examples/shared.js";
import { startSimulator } from "../../src/sim/index.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
// Offline and scripted, whatever the machine running the tests has set.
const offline = { env: {}, log: () => {} };
const KEY_SHAPE = /adk_[A-Za-z0-9]{8,}/;

describe("examples/ai-sdk-generate-text", () => {
  it("asks for approval, and an approved ACTIVE push runs once", async () => {
    const result = await generateTextExample(offline);
    expect(result.toolCalls).toEqual(["list-accounts", "results", "push-creative"]);
    expect(result.approvalRequested).toBe(true);
    expect(result.approved).toBe(true);
    expect(result.push).toMatchObject({ ok: true, status: 200, data: { status: "ACTIVE" } });
    expect(result.ads).toEqual([
      { ad_id: (result.push as { data: { ad_id: string } }).data.ad_id, status: "ACTIVE" },
    ]);
    expect(result.text).toContain("ACTIVE");
    expect(JSON.stringify(result)).not.toMatch(KEY_SHAPE);
  });

  it("a denied launch never runs and creates no ad", async () => {
    const result = await generateTextExample({ ...offline, approve: false });
    expect(result.approvalRequested).toBe(true);
    expect(result.approved).toBe(false);
    expect(result.push).toBeUndefined();
    expect(result.ads).toEqual([]);
    expect(result.text).toMatch(/not approved/);
  });
});

describe("examples/ai-sdk-stream-chat-route", () => {
  it("streams until the approval request, then runs the approved push on the second request", async () => {
    const result = await chatRouteExample(offline);
    expect(result.first).toEqual({ status: 200, contentType: "text/event-stream" });
    expect(result.firstParts).toEqual([
      { tool: "list-accounts", state: "output-available" },
      { tool: "results", state: "output-available" },
      { tool: "push-creative", state: "approval-requested" },
    ]);
    expect(result.finalParts.at(-1)).toEqual({ tool: "push-creative", state: "output-available" });
    expect(result.push).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    expect(result.ads).toHaveLength(1);
    expect(result.text).toMatch(/^Done: ad \d+ is ACTIVE\.$/);
    expect(JSON.stringify(result)).not.toMatch(KEY_SHAPE);
  });

  it("a denied launch ends as output-denied with no ad", async () => {
    const result = await chatRouteExample({ ...offline, approve: false });
    expect(result.finalParts.at(-1)).toEqual({ tool: "push-creative", state: "output-denied" });
    expect(result.push).toBeUndefined();
    expect(result.ads).toEqual([]);
  });

  it("the exported POST handler is configured from the environment and streams UI message chunks", async () => {
    const sim = await startSimulator();
    const saved = { ...process.env };
    process.env.ADRAILS_BASE_URL = sim.url;
    process.env.ADRAILS_API_KEY = sim.apiKey;
    delete process.env.OPENAI_API_KEY;
    try {
      const response = await POST(
        new Request("http://localhost/api/chat", {
          method: "POST",
          body: JSON.stringify({
            messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "launch the spring ad" }] }],
          }),
        }),
      );
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('"type":"tool-approval-request"');
      expect(body).toContain('"toolName":"push-creative"');
      expect(body).not.toMatch(KEY_SHAPE);
      expect(sim.control.ads()).toEqual([]);
    } finally {
      process.env = saved;
      await sim.close();
    }
  });
});

describe("examples/langchain-interrupt", () => {
  it("pauses the graph, and resuming with an approval creates the ACTIVE ad", async () => {
    const result = await langchainExample(offline);
    expect(result.interrupted).toBe(true);
    expect(result.request?.tool).toBe("push-creative");
    expect(result.request?.fingerprint).toMatch(/^fp_/);
    expect(result.request?.message).toContain("ACTIVE");
    expect(result.toolCalls).toEqual(["list-accounts", "results", "push-creative"]);
    expect(result.push).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    expect(result.ads?.map((ad) => ad.status)).toEqual(["ACTIVE"]);
    expect(JSON.stringify(result)).not.toMatch(KEY_SHAPE);
  });

  it("resuming with a refusal sends nothing and tells the model why", async () => {
    const result = await langchainExample({ ...offline, approve: false });
    expect(result.interrupted).toBe(true);
    expect(result.push).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(result.ads).toEqual([]);
    expect(result.text).toContain("did not happen");
  });
});

describe("examples/read-only-analyst", () => {
  it("offers no write tool, and a write the model names never runs", async () => {
    const result = await readOnlyExample(offline);
    expect(result.writeToolsOffered).toEqual([]);
    expect(result.writeToolsWithheld).toBeGreaterThan(0);
    for (const name of ["push-creative", "save-creative", "creative-matrix", "approve-creative-brief"]) {
      expect(result.offered).not.toContain(name);
    }
    expect(result.offered).toEqual(expect.arrayContaining(["list-accounts", "results", "fatigue-alerts"]));
    expect(result.toolCalls).toContainEqual({ tool: "push-creative", ran: false });
    expect(result.toolCalls.filter((c) => c.ran).map((c) => c.tool)).toEqual([
      "list-accounts",
      "results",
      "winner-insights",
      "fatigue-alerts",
    ]);
    expect(result.directWrite).toMatchObject({ ok: false, status: null, blocked: "scope" });
    expect(result.writesReceived).toBe(0);
    expect(result.report).toMatch(/Recommendations: 1\)/);
  });

  it("runs as a program with npx tsx and prints its result", { timeout: 60_000 }, async () => {
    const env = { ...process.env };
    for (const name of ["OPENAI_API_KEY", "ADRAILS_API_KEY", "ADRAILS_BASE_URL"]) delete env[name];
    const { stdout } = await run("npx", ["tsx", "examples/read-only-analyst.ts"], {
      cwd: root,
      env,
      timeout: 50_000,
    });
    const printed = JSON.parse(stdout.slice(stdout.indexOf("result:") + "result:".length));
    expect(printed.writeToolsOffered).toEqual([]);
    expect(printed.directWrite.blocked).toBe("scope");
    expect(stdout).toContain("push-creative: not offered, nothing ran");
    expect(stdout).not.toMatch(KEY_SHAPE);
  });
});

describe("examples/shared connect", () => {
  it("refuses half a real-service configuration instead of silently using the simulator", async () => {
    await expect(connect({ ADRAILS_API_KEY: "adk_example" })).rejects.toThrow(
      /both ADRAILS_BASE_URL and ADRAILS_API_KEY/,
    );
  });

  it("uses the given service when both are set, and starts nothing", async () => {
    const service = await connect({
      ADRAILS_BASE_URL: "http://127.0.0.1:9",
      ADRAILS_API_KEY: "adk_example_key_123",
    });
    expect(service.sim).toBeUndefined();
    expect(service.baseUrl).toBe("http://127.0.0.1:9");
    await service.close();
  });
});
