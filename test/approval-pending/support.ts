import { afterAll, beforeAll } from "vitest";
import { inboxDesk } from "../../src/inbox/desk.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit, AdToolsOptions, ToolResult } from "../../src/types.js";
import { useWorld, type World } from "../approval-records/support.js";
import { serveInbox, TOKEN } from "../inbox/helpers.js";

// Issue 32's pending results through real parts: the simulator as an HTTP server, the inbox page's
// handler on a loopback port driven over HTTP as a person's tab drives it (sign-in, the per-tab
// key header, Origin), and, where asked, a real redis-server under both the store and the inbox.

export type Pending = Extract<ToolResult, { ok: "pending" }>;

/** A person at the inbox page, over HTTP: signed in with the token, with this tab's session key. */
export interface Person {
  name: string;
  /** The page's items.json, opened at `?item=` when given. */
  items(item?: string): Promise<Listing>;
  /** Approves or declines one request (by the fingerprint its form shows); the HTTP status and message. */
  decide(
    id: string,
    decision: { approve: string } | { decline: string },
    fingerprint?: string,
  ): Promise<{ status: number; message: string }>;
}

/** What the page's items.json lists. */
export interface Listing {
  pending: { items: { id: string; html: string }[] };
  history: { items: { id: string; html: string }[] };
}

export interface DeskWorld {
  w: World;
  inbox: Inbox;
  /** The inbox page's URL (ends with a slash). */
  url: string;
  /** A toolkit on the simulator with the inbox as its desk (and the Redis store in a Redis world). */
  toolkit(options?: Partial<AdToolsOptions>): AdToolkit;
  person(name?: string): Promise<Person>;
}

/** The world of one test file: simulator, inbox page (memory or Redis), toolkits with the inbox as desk. */
export function useDeskWorld(options: { redis?: boolean; cli?: boolean } = {}): DeskWorld {
  const w = useWorld(options);
  const d = { w } as DeskWorld;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const inbox = createInbox(options.redis ? { ...redisInbox({ url: w.redis.url }) } : {});
    const server = await serveInbox(inbox);
    closers.push(
      () => server.close(),
      () => inbox.close(),
    );
    Object.assign(d, {
      inbox,
      url: server.url,
      toolkit: (extra: Partial<AdToolsOptions> = {}) => {
        const store = options.redis ? redisStore({ url: w.redis.url }) : undefined;
        if (store) closers.push(() => store.close());
        return createAdTools({
          apiKey: w.sim.apiKey,
          baseUrl: w.sim.url,
          rateLimit: false,
          retry: { maxRetries: 0 },
          desk: inboxDesk(inbox, { url: server.url, agent: "pending-tests" }),
          ...(store ? { store } : {}),
          ...extra,
        });
      },
      person: (name = "Ann Reviewer") => signIn(server.url, name),
    });
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  });
  return d;
}

/** Signs in on the inbox at `url` as its page's script does, and acts as that tab. */
export async function signIn(url: string, name: string, token = TOKEN): Promise<Person> {
  const origin = new URL(url).origin;
  const response = await fetch(`${url}signin`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name, token }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  const { key } = (await response.json()) as { key: string };
  const headers = { cookie, "x-adrails-inbox-key": key, accept: "application/json" };
  const items = async (item?: string): Promise<Listing> => {
    const query = item ? `?item=${encodeURIComponent(item)}` : "";
    const r = await fetch(`${url}items.json${query}`, { headers });
    if (r.status !== 200) throw new Error(`items.json: ${r.status}`);
    return (await r.json()) as Listing;
  };
  return {
    name,
    items,
    async decide(id, decision, fingerprint) {
      let shown = fingerprint;
      if (shown === undefined) {
        const page = await items(id);
        const html = [...page.pending.items, ...page.history.items].find((i) => i.id === id)?.html ?? "";
        shown = /name="fingerprint" value="([^"]+)"/.exec(html)?.[1] ?? "";
      }
      const body =
        "approve" in decision
          ? { id, action: "approve", text: decision.approve, fingerprint: shown }
          : { id, action: "decline", reason: decision.decline, fingerprint: shown };
      const r = await fetch(`${url}decide`, {
        method: "POST",
        headers: { ...headers, origin, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { message: string }).message;
      } catch {}
      return { status: r.status, message };
    },
  };
}

/** The result as a pending result, or a failure naming what it was. */
export function pendingOf(result: ToolResult): Pending {
  if (result.ok !== "pending") throw new Error(`expected a pending result, got ${JSON.stringify(result)}`);
  return result;
}

/** The ad a successful push-creative result names. */
export function adOf(result: ToolResult): { ad_id: string; status: string } {
  if (result.ok !== true) throw new Error(`expected a success, got ${JSON.stringify(result)}`);
  return result.data as { ad_id: string; status: string };
}

export const APPROVE = "I approve this ad going live today";
