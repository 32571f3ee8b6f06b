import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll } from "vitest";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";
import { serveInbox, TOKEN } from "../inbox/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { type Env, startEnv } from "./helpers.js";

// The people side of the MCP approval paths: a real Redis, the inbox page on a loopback port (the
// page `adrails inbox --redis` serves), and a person deciding over plain HTTP the way the page's
// script does (sign in with the token, read the request, post the decision with its fingerprint).

export interface InboxFixture {
  redis: TestRedis & { close(): Promise<void> };
  inbox: Inbox;
  /** The inbox page, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** The environment of an `adrails mcp --redis --inbox-url` child. */
  mcpEnv(env: Env, extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startInboxFixture(): Promise<InboxFixture> {
  const redis = await startRedis();
  const inbox = createInbox({ ...redisInbox({ url: redis.url }) });
  const served = await serveInbox(inbox);
  return {
    redis,
    inbox,
    url: served.url,
    mcpEnv: (env, extra = {}) =>
      cleanEnv({
        ADRAILS_API_KEY: env.sim.apiKey,
        ADRAILS_BASE_URL: env.sim.url,
        ADRAILS_REDIS_URL: redis.url,
        ADRAILS_INBOX_URL: served.url,
        ...extra,
      }) as Record<string, string>,
    close: async () => {
      await served.close();
      await inbox.close();
      await redis.close();
    },
  };
}

/** `adrails mcp` (the built CLI) as a child process behind the SDK's stdio transport. */
export function mcpChild(env: Record<string, string>, args: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...args],
    cwd: ROOT,
    env,
    stderr: "pipe",
  });
  const log = { stderr: "" };
  transport.stderr?.on("data", (chunk: Buffer) => (log.stderr += chunk.toString("utf8")));
  return { transport, log };
}

/** A person signed in to the inbox page over HTTP. */
export async function person(inboxUrl: string, name = "Dana Reviewer") {
  const origin = new URL(inboxUrl).origin;
  const signIn = await fetch(new URL("signin", inboxUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, accept: "application/json" },
    body: new URLSearchParams({ name, token: TOKEN }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { key } = (await signIn.json()) as { key: string };
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const headers = { cookie, "x-adrails-inbox-key": key, origin, accept: "application/json" };

  /** The pending requests the page lists, with the fingerprint each decision must name. */
  async function pending(): Promise<{ id: string; fingerprint: string; html: string }[]> {
    const res = await fetch(new URL("items.json", inboxUrl), { headers });
    if (!res.ok) throw new Error(`items.json: ${res.status}`);
    const body = (await res.json()) as { pending: { items: { id: string; html: string }[] } };
    return body.pending.items.map((item) => ({
      ...item,
      fingerprint: /name="fingerprint" value="([^"]+)"/.exec(item.html)?.[1] ?? "",
    }));
  }

  async function decide(id: string, decision: { approve: string } | { decline: string }) {
    const item = (await pending()).find((i) => i.id === id);
    if (!item) throw new Error(`request ${id} is not pending in the inbox`);
    const res = await fetch(new URL("decide", inboxUrl), {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        id,
        fingerprint: item.fingerprint,
        ...("approve" in decision
          ? { action: "approve", text: decision.approve }
          : { action: "decline", reason: decision.decline }),
      }),
    });
    const answer = (await res.json()) as { ok: boolean; message: string };
    if (!res.ok) throw new Error(`decide ${id}: ${res.status} ${answer.message}`);
    return answer;
  }

  return { pending, decide };
}

/**
 * The built CLI, a simulator and an inbox fixture (Redis and the page) for a test file: started
 * once before its tests, handed to `ready`, closed after them.
 */
export function useInboxWorld(ready: (env: Env, fx: InboxFixture) => void): void {
  let env: Env | undefined;
  let fx: InboxFixture | undefined;
  beforeAll(async () => {
    await buildOnce();
    env = await startEnv();
    fx = await startInboxFixture();
    ready(env, fx);
  }, 120_000);
  afterAll(async () => {
    await fx?.close();
    await env?.close();
  });
}
