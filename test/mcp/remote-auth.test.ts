import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxDesk } from "../../src/inbox/desk.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { type McpHttpServer, startMcpHttpServer } from "../../src/mcp/http.js";
import { memoryStore } from "../../src/store/index.js";
import type { AuditEvent } from "../../src/types.js";
import { signIn } from "../approval-pending/support.js";
import { serveInbox } from "../inbox/helpers.js";
import { call, connectClient, type Env, push, SENTENCE, startEnv } from "./helpers.js";
import { BrowserOAuth, INTROSPECTOR, startIdp, type TestIdp } from "./idp.js";

// `adrails mcp --http` behind a team's own authorization server (oidc-provider as an external
// issuer): the MCP SDK's client signs in (discovery, dynamic registration, PKCE, token exchange),
// lists the tools and launches an ad that waits for a person in the inbox; tokens for another
// audience, expired, without ads:launch, signed by an unknown key, or revoked are refused as the
// MCP authorization spec says; two people on one server cannot reach each other's approvals.

const USERS = {
  dana: { name: "Dana Planner", groups: ["growth"] },
  lee: { name: "Lee Intern", scopes: ["ads:read", "ads:write"] },
  sam: { name: "Sam Other" },
};

let env: Env;
let idp: TestIdp;
let server: McpHttpServer;
/** The same toolkit options behind a server that checks opaque tokens at the issuer (RFC 7662). */
let introspecting: McpHttpServer;
let inbox: Inbox;
let inboxUrl: string;
let closeInbox: () => Promise<void>;
const events: AuditEvent[] = [];

beforeAll(async () => {
  env = await startEnv();
  let resource = "";
  let opaque = "";
  idp = await startIdp(
    () => resource,
    USERS,
    () => opaque,
  );
  inbox = createInbox({});
  const served = await serveInbox(inbox);
  inboxUrl = served.url;
  closeInbox = async () => {
    await served.close();
    await inbox.close();
  };
  const options = env.options({
    // One store for everyone: each person's approvals are kept apart inside it.
    store: memoryStore(),
    desk: inboxDesk(inbox, { url: inboxUrl }),
    onEvent: (event) => events.push(event),
  });
  server = await startMcpHttpServer(options, { auth: { issuer: idp.issuer } });
  resource = server.url;
  introspecting = await startMcpHttpServer(options, {
    auth: { issuer: idp.issuer, introspection: INTROSPECTOR },
  });
  opaque = introspecting.url;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await introspecting?.close();
  await closeInbox?.();
  await idp?.close();
  await env?.close();
});

/** The SDK's client through the whole sign-in as `subject`: 401, discovery, registration, PKCE, token. */
async function signedIn(subject: string, at = server) {
  idp.signIn(subject);
  const oauth = new BrowserOAuth();
  const url = new URL(at.url);
  const options = { capabilities: {} };
  const first = new Client({ name: "remote-test", version: "1.0.0" }, options);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: oauth });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  await transport.finishAuth(oauth.callback!);
  const client = new Client({ name: "remote-test", version: "1.0.0" }, options);
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: oauth }));
  return { client, token: oauth.saved!.access_token, clientId: oauth.info!.client_id };
}

/** A 2025-11-25 session opened with `token` by hand, for exact statuses and headers. */
async function rawSession(token: string, at = server) {
  const post = (body: unknown, session?: string) =>
    fetch(at.url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        ...(session ? { "mcp-session-id": session } : {}),
      },
      body: JSON.stringify(body),
    });
  const opened = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
  await opened.body?.cancel();
  const session = opened.headers.get("mcp-session-id") ?? undefined;
  return {
    opened,
    session,
    callTool: (name: string, args: unknown, other = session) =>
      post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name, arguments: args } }, other),
  };
}

describe("discovery", () => {
  it("answers a request without a token with 401 and the Protected Resource Metadata it names", async () => {
    const res = await fetch(server.url, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate") ?? "";
    const metadataUrl = new URL("/.well-known/oauth-protected-resource/mcp", server.url).href;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
    for (const url of [metadataUrl, new URL("/.well-known/oauth-protected-resource", server.url).href]) {
      const metadata = (await (await fetch(url)).json()) as Record<string, unknown>;
      expect(metadata.resource).toBe(server.url);
      expect(String((metadata.authorization_servers as string[])[0]).replace(/\/$/, "")).toBe(idp.issuer);
      expect(metadata.scopes_supported).toEqual(["ads:read", "ads:write", "ads:launch"]);
    }
  });
});

describe("a person signed in through the SDK's OAuth client", () => {
  it("lists the tools and launches an ad once a person approves it in the inbox", {
    timeout: 60_000,
  }, async () => {
    const { client } = await signedIn("dana");
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("push-creative");
      expect(names).toContain("await-approval");
      const before = env.activeAds().length;
      const asked = await call(client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(asked.tool.ok).toBe("pending");
      const id = (asked.tool as { approval_id: string }).approval_id;
      const item = await inbox.queue.get(id);
      expect(item?.requester.agent).toBe("Dana Planner via remote-test");
      expect(env.activeAds().length).toBe(before);

      const person = await signIn(inboxUrl, "Ann Reviewer");
      expect((await person.decide(id, { approve: SENTENCE })).status).toBe(200);
      const done = await call(client, "await-approval", { approval_id: id, wait_s: 5 });
      expect(done.tool.ok).toBe(true);
      expect(env.activeAds().length).toBe(before + 1);
      const audited = events.filter((e) => e.tool === "push-creative") as (AuditEvent & {
        caller?: { subject: string; name: string };
      })[];
      expect(audited.at(-1)?.caller).toMatchObject({
        subject: "dana",
        name: "Dana Planner",
        client: "remote-test",
      });
    } finally {
      await client.close();
    }
  });
});

describe("a 2026-07-28 client (a server per request)", () => {
  it("is served as the token's caller: their toolkit, their name on the inbox request", async () => {
    const token = await idp.mint({ sub: "dana", name: "Dana Planner" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const connected = await connectClient(transport, "2026-07-28", { elicitation: false });
    try {
      expect(connected.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect((await call(connected.client, "list-accounts", {})).tool.ok).toBe(true);
      const asked = await call(
        connected.client,
        "push-creative",
        push(env, { status: "ACTIVE", headline: "Modern" }),
      );
      expect(asked.tool.ok).toBe("pending");
      const item = await inbox.queue.get((asked.tool as { approval_id: string }).approval_id);
      expect(item?.requester.agent).toBe("Dana Planner via adrails-test");
    } finally {
      await connected.close();
    }
  });
});

describe("tokens the server refuses", () => {
  const refused = async (token: string, at = server) => {
    const { opened } = await rawSession(token, at);
    return { status: opened.status, challenge: opened.headers.get("www-authenticate") ?? "" };
  };

  it("a token for another audience, an expired one, one signed by an unknown key: 401 invalid_token", async () => {
    const tokens = {
      audience: await idp.mint({ aud: "https://elsewhere.example.com/mcp" }),
      expired: await idp.mint({ exp: Math.floor(Date.now() / 1000) - 120 }),
      unknownKey: await idp.mint({}, "stranger"),
      otherIssuer: await idp.mint({ iss: "https://idp.elsewhere.example.com" }),
    };
    for (const [what, token] of Object.entries(tokens)) {
      const answer = await refused(token);
      expect(answer.status, what).toBe(401);
      expect(answer.challenge, what).toContain('error="invalid_token"');
      expect(answer.challenge, what).toContain("resource_metadata=");
    }
  });

  it("a token revoked at the issuer is refused on its next use (introspection)", {
    timeout: 30_000,
  }, async () => {
    const { client, token, clientId } = await signedIn("dana", introspecting);
    await client.close();
    expect(token.split(".")).toHaveLength(1);
    expect((await rawSession(token, introspecting)).opened.status).toBe(200);
    expect(await idp.revoke(token, clientId)).toBe(200);
    const again = await refused(token, introspecting);
    expect(again.status).toBe(401);
    expect(again.challenge).toContain('error="invalid_token"');
  });

  it("a token without ads:launch: 403 insufficient_scope naming it, whatever a person says; PAUSED still works", {
    timeout: 30_000,
  }, async () => {
    const { client, token } = await signedIn("lee");
    await client.close();
    const raw = await rawSession(token);
    const pushes = env.pushes().length;
    const launch = await raw.callTool("push-creative", push(env, { status: "ACTIVE" }));
    expect(launch.status).toBe(403);
    const challenge = launch.headers.get("www-authenticate") ?? "";
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toMatch(/scope="[^"]*ads:launch[^"]*"/);
    expect(challenge).toContain("resource_metadata=");
    expect(env.pushes().length).toBe(pushes);
    const paused = await raw.callTool("push-creative", push(env, { status: "PAUSED" }));
    expect(paused.status).toBe(200);
    expect(await paused.text()).toContain('"ok\\":true');
  });
});

describe("two people on one server", () => {
  it("cannot use each other's sessions, nor see or redeem each other's pending approvals", {
    timeout: 60_000,
  }, async () => {
    const dana = await signedIn("dana");
    const sam = await signedIn("sam");
    try {
      const asked = await call(
        dana.client,
        "push-creative",
        push(env, { status: "ACTIVE", headline: "Dana's" }),
      );
      const id = (asked.tool as { approval_id: string }).approval_id;
      const person = await signIn(inboxUrl, "Ann Reviewer");
      expect((await person.decide(id, { approve: SENTENCE })).status).toBe(200);
      const before = env.activeAds().length;

      const danaRaw = await rawSession(dana.token);
      const samRaw = await rawSession(sam.token);
      // Sam's token on Dana's session: as if the session did not exist.
      const hijack = await samRaw.callTool("await-approval", { approval_id: id }, danaRaw.session);
      expect(hijack.status).toBe(404);
      // Sam's own session: the approval is not his to redeem.
      const stolen = await call(sam.client, "await-approval", { approval_id: id, wait_s: 1 });
      expect(stolen.tool.ok).not.toBe(true);
      expect(stolen.text).not.toContain("ad_id");
      expect(env.activeAds().length).toBe(before);

      // Dana herself, with a token without ads:launch: the approved launch is not redeemed.
      const weaker = await rawSession(await idp.mint({ sub: "dana", scope: "ads:read ads:write" }));
      expect(weaker.opened.status).toBe(200);
      const redeem = await weaker.callTool("await-approval", { approval_id: id });
      expect(redeem.status).toBe(403);
      expect(redeem.headers.get("www-authenticate")).toContain("ads:launch");
      expect(env.activeAds().length).toBe(before);

      const own = await call(dana.client, "await-approval", { approval_id: id, wait_s: 5 });
      expect(own.tool.ok).toBe(true);
      expect(env.activeAds().length).toBe(before + 1);
    } finally {
      await dana.client.close();
      await sam.client.close();
    }
  });
});
