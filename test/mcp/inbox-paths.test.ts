import { spawn } from "node:child_process";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { CallToolResult, ElicitRequestURLParams, Transport } from "@modelcontextprotocol/server";
import { beforeEach, describe, expect, it } from "vitest";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { ToolResult } from "../../src/types.js";
import { BIN, ROOT, waitFor } from "../cli/helpers.js";
import { call, type Env, push } from "./helpers.js";
import { type InboxFixture, mcpChild, person, useInboxWorld } from "./inbox-support.js";
import { TASKS_EXTENSION, type TaskState, TasksClient } from "./tasks-client.js";

// `adrails mcp --redis --inbox-url` (the built CLI as a child process) with a real Redis and the
// inbox page over real HTTP: a host that cannot show a form gets the pending result, the URL of the
// exact request (URL elicitation), or a task (SEP-2663) that waits for the person's decision.

const SENTENCE = "I, Dana, approve this summer ad going live today.";
type Pending = Extract<ToolResult, { ok: "pending" }>;

let env: Env;
let fx: InboxFixture;
useInboxWorld((e, f) => {
  env = e;
  fx = f;
});
beforeEach(() => env.sim.control.reset());

async function sdkClient(
  transport: Transport,
  capabilities: Record<string, unknown> = {},
  era = "2025-11-25",
) {
  const client = new Client(
    { name: "adrails-inbox-test", version: "1.0.0" },
    {
      ...(era === "2026-07-28"
        ? { versionNegotiation: { mode: { pin: era } } }
        : { supportedProtocolVersions: [era] }),
      capabilities,
    },
  );
  await client.connect(transport);
  return client;
}

const adsLive = () => env.activeAds().map((ad) => ad.hard_confirm_text);

describe("a host without elicitation (stdio)", { timeout: 120_000 }, () => {
  it("gets the pending result; after the person approves in the inbox, await-approval returns the ACTIVE ad once, across a restart of adrails mcp", async () => {
    const first = mcpChild(fx.mcpEnv(env));
    const client = await sdkClient(first.transport);
    let pending: Pending;
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("await-approval");
      expect(tools).toHaveLength(53);
      const made = await call(client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(made.result.isError).toBe(false);
      expect(made.tool.ok).toBe("pending");
      pending = made.tool as Pending;
      expect(pending.approve_url).toContain(pending.approval_id);
      expect(pending.approve_url.startsWith(fx.url)).toBe(true);
      expect(made.text).toContain("await-approval");
      expect(env.pushes()).toEqual([]);
      // One request is recorded for the person to answer: the one the inbox shows.
      const store = redisStore({ url: fx.redis.url });
      try {
        const open = await createAdTools({
          apiKey: env.sim.apiKey,
          baseUrl: env.sim.url,
          store,
        }).pendingApprovals();
        expect(open.map((r) => r.id)).toEqual([pending.approval_id]);
      } finally {
        await store.close?.();
      }
      // Not decided yet: the pending result again, after a short hold.
      const early = await call(client, "await-approval", { approval_id: pending.approval_id, wait_s: 1 });
      expect(early.tool.ok).toBe("pending");
    } finally {
      await client.close();
    }
    expect(first.log.stderr).not.toContain(env.sim.apiKey);

    await (await person(fx.url)).decide(pending.approval_id, { approve: SENTENCE });
    expect(env.pushes()).toEqual([]); // the decision alone sends nothing

    // A new `adrails mcp` process (the host restarted it) finds the request in Redis.
    const second = mcpChild(fx.mcpEnv(env));
    const again = await sdkClient(second.transport);
    try {
      const done = await call(again, "await-approval", { approval_id: pending.approval_id, wait_s: 20 });
      expect(done.result.isError).toBe(false);
      expect(done.tool.ok).toBe(true);
      expect(adsLive()).toEqual([SENTENCE]);
      const adId = JSON.stringify(done.tool).match(/"ad_id":"?(\w+)/)?.[1];
      expect(adId).toBeTruthy();
      // Awaited twice: the same result, no second ad.
      const twice = await call(again, "await-approval", { approval_id: pending.approval_id });
      expect(twice.tool).toEqual(done.tool);
      // The model repeats the original call: the same request redeems nothing new.
      await call(again, "push-creative", push(env, { status: "ACTIVE" }));
      expect(env.activeAds()).toHaveLength(1);
      expect(env.sim.control.ads()).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("with --dynamic, await-approval is listed from the start; an unknown approval_id gets a clear result, nothing sent", async () => {
    const child = mcpChild(fx.mcpEnv(env), ["--dynamic"]);
    const client = await sdkClient(child.transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["await-approval", "find-tools"]);
      const unknown = await call(client, "await-approval", { approval_id: "no-such-request", wait_s: 1 });
      expect(unknown.result.isError).toBe(true);
      expect(unknown.text.length).toBeGreaterThan(10);
      expect(env.pushes()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("without --inbox-url and without a form, the refusal names what to configure", async () => {
    const child = mcpChild(fx.mcpEnv(env, { ADRAILS_INBOX_URL: "" }));
    const client = await sdkClient(child.transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).not.toContain("await-approval");
      const refused = await call(client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(refused.tool.ok).toBe(false);
      expect(refused.text).toContain("--inbox-url");
      expect(refused.text).toContain("ADRAILS_INBOX_URL");
      expect(refused.text).toContain("adrails inbox");
      expect(env.pushes()).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe("await-approval over Streamable HTTP", { timeout: 120_000 }, () => {
  // The default (10 s, under the 15 s promised) is pinned on a fake clock in progress.test.ts; here
  // `--progress-every 2` keeps a real client with a 5 s timeout waiting through a 7 s hold (the same
  // shape as 10 s progress, a 20 s timeout and a 24 s hold, at a fifth of the wait).
  it("sends progress at the --progress-every interval while it holds, then returns the ACTIVE ad", async () => {
    const child = spawn(process.execPath, [BIN, "mcp", "--http", "--progress-every", "2"], {
      cwd: ROOT,
      env: fx.mcpEnv(env, { ADRAILS_MCP_TOKEN: "progress-test-token-0123456789" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    try {
      const [, url] = await waitFor(() => stderr, /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 30_000);
      const transport = new StreamableHTTPClientTransport(new URL(url!), {
        requestInit: { headers: { Authorization: "Bearer progress-test-token-0123456789" } },
      });
      const client = await sdkClient(transport);
      try {
        const made = await call(
          client,
          "push-creative",
          push(env, { status: "ACTIVE", headline: "Progress" }),
        );
        const pending = made.tool as Pending;
        expect(pending.ok).toBe("pending");
        const started = Date.now();
        const progress: number[] = [];
        const approved = (async () => {
          await new Promise((r) => setTimeout(r, 7_000));
          await (await person(fx.url)).decide(pending.approval_id, { approve: SENTENCE });
        })();
        const done = (await client.callTool(
          { name: "await-approval", arguments: { approval_id: pending.approval_id, wait_s: 50 } },
          {
            onprogress: () => progress.push(Date.now() - started),
            resetTimeoutOnProgress: true,
            timeout: 5_000,
          },
        )) as CallToolResult;
        await approved;
        expect((done.structuredContent as ToolResult).ok).toBe(true);
        expect(adsLive()).toEqual([SENTENCE]);
        // Held ~7 s with a 5 s client timeout that only progress kept alive.
        expect(Date.now() - started).toBeGreaterThan(6_000);
        // The client gives up after 5 s without progress: the call's success says none was missed.
        expect(progress.length).toBeGreaterThanOrEqual(2);
      } finally {
        await client.close();
      }
    } finally {
      child.kill("SIGTERM");
    }
    expect(stderr).not.toContain(env.sim.apiKey);
  });
});

describe("a host with URL-mode elicitation", { timeout: 120_000 }, () => {
  it.each(["2025-11-25", "2026-07-28"])(
    "is asked to open the inbox page of that exact request; the person approves there and the call completes (%s)",
    async (era) => {
      const child = mcpChild(fx.mcpEnv(env));
      const client = new Client(
        { name: "adrails-url-test", version: "1.0.0" },
        {
          ...(era === "2026-07-28"
            ? { versionNegotiation: { mode: { pin: era } } }
            : { supportedProtocolVersions: [era] }),
          capabilities: { elicitation: { url: {} } },
        },
      );
      const shown: ElicitRequestURLParams[] = [];
      client.setRequestHandler("elicitation/create", async (request) => {
        const params = request.params as ElicitRequestURLParams;
        shown.push(params);
        // The person follows the link and approves the request it names.
        const id = (await (await person(fx.url)).pending()).find((item) => params.url.includes(item.id))!.id;
        await (await person(fx.url)).decide(id, { approve: SENTENCE });
        return { action: "accept" };
      });
      await client.connect(child.transport);
      try {
        const made = await call(
          client,
          "push-creative",
          push(env, { status: "ACTIVE", headline: `By URL ${era}` }),
        );
        expect(shown).toHaveLength(1);
        expect(shown[0]!.mode).toBe("url");
        expect(shown[0]!.url.startsWith(fx.url)).toBe(true);
        expect(shown[0]!.url).toMatch(/[?&]item=apr_/);
        if (era === "2025-11-25") expect(shown[0]!.url).toContain(shown[0]!.elicitationId);
        expect(shown[0]!.message).toContain("ACTIVE");
        expect(made.tool.ok).toBe(true);
        expect(adsLive()).toEqual([SENTENCE]);
      } finally {
        await client.close();
      }
    },
  );

  it("a person who declines to open the page: the pending result, nothing sent", async () => {
    const child = mcpChild(fx.mcpEnv(env));
    const client = new Client(
      { name: "adrails-url-test", version: "1.0.0" },
      { supportedProtocolVersions: ["2025-11-25"], capabilities: { elicitation: { url: {} } } },
    );
    client.setRequestHandler("elicitation/create", async () => ({ action: "decline" }));
    await client.connect(child.transport);
    try {
      const made = await call(client, "push-creative", push(env, { status: "ACTIVE", headline: "Not now" }));
      expect(made.tool.ok).toBe("pending");
      expect(made.text).toContain("did not open the approval page");
      expect(env.pushes()).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe("a host with the tasks extension (SEP-2663)", { timeout: 120_000 }, () => {
  it.each(["2025-11-25", "2026-07-28"] as const)(
    "sees input_required naming the inbox page, then, once the person approved, completed with the result; another instance answers (%s)",
    async (revision) => {
      const client = new TasksClient(process.execPath, [BIN, "mcp"], fx.mcpEnv(env), revision);
      const other = new TasksClient(process.execPath, [BIN, "mcp"], fx.mcpEnv(env), revision);
      // The server asks hosts to poll every 5 s (checked below); this client polls faster so the
      // test does not sit out two such waits.
      client.pollEveryMs = 250;
      try {
        const init = await client.connect();
        await other.connect();
        expect((init.capabilities.extensions as Record<string, unknown>)[TASKS_EXTENSION]).toEqual({});
        const seen: TaskState[] = [];
        let decided = false;
        const { task, result } = await client.callTool(
          "push-creative",
          push(env, { status: "ACTIVE", headline: `As a task ${revision}` }),
          async (state) => {
            seen.push(state);
            if (state.status !== "input_required" || decided || !state.inputRequests) return;
            const asked = Object.values(state.inputRequests)[0]!;
            const url = String(asked.params.url);
            expect(asked.method).toBe("elicitation/create");
            expect(asked.params.mode).toBe("url");
            expect(url.startsWith(fx.url)).toBe(true);
            // Another `adrails mcp` on the same Redis knows the task.
            expect((await other.getTask(state.taskId)).status).toBe("input_required");
            // Input sent by the client is acknowledged; the decision stays the person's.
            expect(
              await client.request("tasks/update", { taskId: state.taskId, inputResponses: {} }),
            ).toMatchObject({});
            expect((await client.getTask(state.taskId)).status).toBe("input_required");
            const inbox = await person(fx.url);
            const id = (await inbox.pending()).find((item) => url.includes(item.id))!.id;
            await inbox.decide(id, { approve: SENTENCE });
            decided = true;
          },
        );
        expect(seen[0]!.status).toBe("input_required");
        expect(seen.map((s) => s.pollIntervalMilliseconds)).toEqual(seen.map(() => 5000));
        expect(seen.some((s) => s.inputRequests !== undefined)).toBe(true);
        expect(task!.status).toBe("completed");
        expect((result.structuredContent as ToolResult).ok).toBe(true);
        expect(adsLive()).toEqual([SENTENCE]);
        // The other instance gives the same completed result; still one ad.
        const there = await other.getTask(task!.taskId);
        expect(there.status).toBe("completed");
        expect(there.result!.structuredContent).toEqual(result.structuredContent);
        expect(env.sim.control.ads()).toHaveLength(1);
        await expect(client.getTask("no-such-task")).rejects.toMatchObject({ code: -32602 });
        expect(await client.request("tasks/cancel", { taskId: "no-such-task" })).toMatchObject({});
        // SEP-2663 removed tasks/result.
        await expect(client.request("tasks/result", { taskId: task!.taskId })).rejects.toMatchObject({
          code: -32601,
        });
      } finally {
        await client.close();
        await other.close();
      }
      expect(client.stderr).not.toContain(env.sim.apiKey);
    },
  );
});

describe("adrails mcp --inbox-url, bad input", { timeout: 60_000 }, () => {
  const exit = (args: string[], extra: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, "mcp", ...args], {
        cwd: ROOT,
        env: fx.mcpEnv(env, extra),
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.once("close", (code) => resolve({ code, stderr }));
      // A host that closes its end: a server that did start would exit too.
      child.stdin.end();
    });

  it("a URL that is not http(s), a progress interval out of range, or no Redis: exit 2 naming what to give", async () => {
    const ftp = await exit(["--inbox-url", "ftp://inbox.example.com/"]);
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toContain("--inbox-url");
    const never = await exit(["--progress-every", "0"]);
    expect(never.code).toBe(2);
    expect(never.stderr).toContain("--progress-every");
    const noRedis = await exit([], { ADRAILS_REDIS_URL: "" });
    expect(noRedis.code).toBe(2);
    expect(noRedis.stderr).toContain("--redis");
    expect(noRedis.stderr).toContain("ADRAILS_INBOX_URL");
  });
});
