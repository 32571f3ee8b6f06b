// Sign-in against a hostile or failing server and a local process: each point of issue 30 item 7.
import { chmodSync, chownSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logout } from "../../src/upstream/logout.js";
import { startLoopback } from "../../src/upstream/loopback.js";
import { serverText } from "../../src/upstream/server-text.js";
import { type ConnectionRecord, credentialStore } from "../../src/upstream/store.js";
import { storedAuth } from "../../src/upstream/stored-auth.js";
import { cli, freshHome, type Sim, startDoor } from "./helpers.js";

/** A real HTTP server on loopback; `url` has no trailing slash. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A stored sign-in whose authorization server is `as`. */
function record(as: string, extra: Record<string, unknown> = {}): ConnectionRecord {
  return {
    version: 1,
    mcpUrl: "https://door.example.com/api/mcp",
    resource: "https://door.example.com/api/mcp",
    issuer: as,
    client: { client_id: "adrails-client" },
    tokens: {
      access_token: "at_0123456789abcdef0123456789",
      refresh_token: "rt_0123456789abcdef0123456789",
      token_type: "Bearer",
      expires_at: Date.now() - 1000,
    },
    discovery: {
      authorizationServerUrl: as,
      authorizationServerMetadata: {
        issuer: as,
        authorization_endpoint: `${as}/authorize`,
        token_endpoint: `${as}/token`,
        revocation_endpoint: `${as}/revoke`,
        response_types_supported: ["code"],
        ...extra,
      },
    },
  } as ConnectionRecord;
}

describe("logout", () => {
  it("never follows a redirect from the revocation endpoint: no token reaches the other server", async () => {
    const stolen: string[] = [];
    const thief = await serve((_req, res, body) => {
      stolen.push(body);
      res.writeHead(200).end();
    });
    const as = await serve((req, res) => {
      if (req.url === "/revoke") res.writeHead(307, { location: `${thief.url}/steal` }).end();
      else res.writeHead(404).end();
    });
    const store = credentialStore({ home: freshHome(), warn: () => {} });
    store.write(record(as.url));
    const result = await logout({ store, mcpUrl: "https://door.example.com/api/mcp" });
    expect(stolen).toEqual([]);
    expect(result.revoked).toMatch(/redirect/);
    expect(store.find("https://door.example.com/api/mcp")?.tokens).toBeUndefined();
    await thief.close();
    await as.close();
  });
});

describe("the loopback listener", () => {
  it("ignores junk and answers without our state, and keeps waiting for the real redirect", async () => {
    const loopback = await startLoopback();
    const ours = (p: URLSearchParams) => p.get("state") === "expected-state";
    const waiting = loopback.next(10_000, ours);
    for (const junk of ["?code=junk", "?state=other&code=x", "?error=access_denied", ""]) {
      const answer = await fetch(`${loopback.redirectUrl}${junk}`);
      expect(answer.status).toBe(400);
    }
    expect((await fetch(`${loopback.redirectUrl}?state=expected-state&code=real`)).status).toBe(200);
    expect((await waiting).get("code")).toBe("real");
    await loopback.close();
  });

  it("the browser's start URL redirects once to the authorization URL; a second opening stops the sign-in", async () => {
    const loopback = await startLoopback();
    const authorization = new URL("https://as.example.com/authorize?state=s3cret&code_challenge=c");
    const start = loopback.startUrl(authorization);
    expect(start).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/start\/[\w-]+$/);
    expect(start).not.toContain("s3cret");
    const waiting = loopback.next(10_000, () => true);
    const first = await fetch(start, { redirect: "manual" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(authorization.href);
    const stopped = expect(waiting).rejects.toThrow(/opened twice/);
    const second = await fetch(start, { redirect: "manual" });
    expect(second.status).toBe(410);
    await stopped;
    await loopback.close();
  });
});

describe("server text", () => {
  it("an error_description echoing the code, the verifier and a token is shown without them", () => {
    const code = "SplxlOBeZQQYbYS6WxSbIA";
    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const text = serverText(
      `invalid_grant: code ${code} with code_verifier=${verifier} failed; token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln\u001b[31m`,
      [code, verifier],
    );
    expect(text).not.toContain(code);
    expect(text).not.toContain(verifier);
    expect(text).not.toContain("eyJ");
    expect(text).not.toContain("\u001b");
    expect(text).toContain("invalid_grant");
  });
});

let sim: Sim;
beforeAll(async () => {
  sim = await startDoor();
});
afterAll(async () => {
  await sim?.close();
});

describe("adrails login", () => {
  it("opens the browser on a private redirect file: the command line holds no start URL, state or PKCE challenge", async () => {
    const home = freshHome();
    const dir = mkdtempSync(join(tmpdir(), "adrails-opener-"));
    const log = join(dir, "argv.txt");
    const opener = join(dir, "open.sh");
    writeFileSync(opener, `#!/bin/sh\nprintf '%s\\n' "$@" > ${log}\n`);
    chmodSync(opener, 0o755);
    const run = await cli(["login"], { ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url, BROWSER: opener });
    expect(run.code, run.stderr).toBe(0);
    const argv = readFileSync(log, "utf8").trim();
    expect(argv).toMatch(/^file:\/\/\/\S+\.html$/);
    expect(argv).not.toMatch(/127\.0\.0\.1|\/start\//);
    const authorization = new URL(run.urls[0]!);
    for (const secret of [
      authorization.searchParams.get("state")!,
      authorization.searchParams.get("code_challenge")!,
    ]) {
      expect(argv).not.toContain(secret);
    }
  });

  it("refuses an ADRAILS_HOME owned by another user, even as root; nothing is stored", async () => {
    const home = freshHome();
    chownSync(home, 65534, 65534);
    const run = await cli(["login", "--no-browser"], { ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/belongs to another user/);
    expect(run.urls).toEqual([]);
  });
});

describe("refresh", () => {
  it("a 500 from the token endpoint keeps the stored tokens and says so; invalid_grant forgets them", async () => {
    let answer: [number, string] = [500, JSON.stringify({ error: "server_error" })];
    const as = await serve((req, res) => {
      if (req.url === "/token")
        res.writeHead(answer[0], { "content-type": "application/json" }).end(answer[1]);
      else res.writeHead(404).end();
    });
    const store = credentialStore({ home: freshHome(), warn: () => {} });
    store.write(record(as.url));
    const auth = storedAuth({ store, mcpUrl: "https://door.example.com/api/mcp" });
    await expect(auth.token()).rejects.toThrow(/kept/);
    expect(store.find("https://door.example.com/api/mcp")?.tokens?.refresh_token).toBe(
      "rt_0123456789abcdef0123456789",
    );
    answer = [502, "<html>Bad gateway</html>"];
    await expect(auth.token()).rejects.toThrow(/kept/);
    expect(store.find("https://door.example.com/api/mcp")?.tokens).toBeDefined();
    answer = [400, JSON.stringify({ error: "invalid_grant", error_description: "revoked" })];
    await expect(auth.token()).rejects.toThrow(/refused to renew/);
    expect(store.find("https://door.example.com/api/mcp")?.tokens).toBeUndefined();
    await as.close();
  });
});
