// Sign-in and sign-out against a silent server, a server echoing secrets and a local process
// watching command lines: the points of issue 42 on logout, server text and the start URL.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "../../src/upstream/login.js";
import { logout } from "../../src/upstream/logout.js";
import { serverText } from "../../src/upstream/server-text.js";
import { type ConnectionRecord, credentialStore } from "../../src/upstream/store.js";
import { buildOnce, run } from "../cli/helpers.js";
import { startFixtureDoor } from "./fixture-door.js";
import { cli, freshHome } from "./helpers.js";

const MCP = "https://door.example.com/api/mcp";

/** A revocation endpoint on loopback that takes requests and never finishes answering them. */
async function silentServer(mode: "nothing" | "headers only") {
  const server: Server = createServer((req, res) => {
    req.resume();
    if (mode === "headers only") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("still thinking");
    }
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

function record(as: string): ConnectionRecord {
  return {
    version: 1,
    mcpUrl: MCP,
    resource: MCP,
    issuer: as,
    client: { client_id: "adrails-client" },
    tokens: {
      access_token: "at_0123456789abcdef0123456789",
      refresh_token: "rt_0123456789abcdef0123456789",
      token_type: "Bearer",
    },
    discovery: {
      authorizationServerUrl: as,
      authorizationServerMetadata: {
        issuer: as,
        authorization_endpoint: `${as}/authorize`,
        token_endpoint: `${as}/token`,
        revocation_endpoint: `${as}/revoke`,
        response_types_supported: ["code"],
      },
    },
  } as ConnectionRecord;
}

describe("logout against a revocation endpoint that never answers", () => {
  it.each(["nothing", "headers only"] as const)(
    "(%s) gives up after its timeout, forgets the tokens and says the server was not told",
    async (mode) => {
      const as = await silentServer(mode);
      const store = credentialStore({ home: freshHome(), warn: () => {} });
      store.write(record(as.url));
      const result = await logout({ store, mcpUrl: MCP, timeoutMs: 300 });
      expect(result).toMatchObject({ found: true, timedOut: true });
      expect(result.revoked).toMatch(/did not answer .* not told/);
      expect(store.find(MCP)?.tokens).toBeUndefined();
      expect(store.find(MCP)?.client?.client_id).toBe("adrails-client");
      await as.close();
    },
  );

  it("adrails logout --timeout 1 exits 0, tokens forgotten, and says the server was not told", async () => {
    const as = await silentServer("nothing");
    const home = freshHome();
    credentialStore({ home, warn: () => {} }).write(record(as.url));
    const out = await cli(["logout", "--timeout", "1", "--json"], {
      ADRAILS_HOME: home,
      ADRAILS_MCP_URL: MCP,
    });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/forgot the tokens, but the server was not told/);
    expect(out.stderr).toMatch(/within 1 s/);
    expect(JSON.parse(out.stdout)).toMatchObject({ found: true, revoked: false, timed_out: true });
    expect(credentialStore({ home, warn: () => {} }).find(MCP)?.tokens).toBeUndefined();
    expect(out.stdout + out.stderr).not.toContain("rt_0123456789abcdef0123456789");
    await as.close();
  });
});

describe("server text", () => {
  const code = "ac_SplxlOBeZQQYbYS6WxSbIA";
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const split = (text: string, mark: string) =>
    `${text.slice(0, 5)}${mark}${text.slice(5, 11)}${mark}${text.slice(11)}`;

  it.each([
    ["zero-width space", "\u200b"],
    ["zero-width joiner", "\u200d"],
    ["word joiner", "\u2060"],
    ["soft hyphen", "\u00ad"],
    ["byte order mark", "\ufeff"],
    ["right-to-left override", "\u202e"],
    ["variation selector", "\ufe0f"],
    ["Mongolian vowel separator", "\u180e"],
    ["tag character", "\u{e0041}"],
  ])("a code and a verifier split by a %s are removed, known or not", (_name, mark) => {
    const text = `invalid_grant: code ${split(code, mark)} with verifier ${split(verifier, mark)}`;
    for (const secrets of [[code, verifier], []]) {
      const shown = serverText(text, secrets);
      expect(shown.replace(/[^\w-]/gu, "")).not.toContain(code.slice(3));
      expect(shown).not.toContain(code.slice(5, 11));
      expect(shown).not.toContain(verifier.slice(11, 20));
      expect(shown).toContain("invalid_grant");
    }
  });

  it("a known code written in full-width letters or split by spaces and control characters is removed", () => {
    const wide = [...code].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");
    expect(serverText(`bad code ${wide}`, [code])).toBe("bad code [removed]");
    expect(serverText(`bad ${split(code, " \u0007")}!`, [code])).toBe("bad [removed]!");
  });

  it("words after code or token stay: only values that look like one go", () => {
    expect(serverText("The code has expired; token revoked")).toBe("The code has expired; token revoked");
  });
});

describe("login() as a library", () => {
  it("what present() prints of the authorization URL is shown whole; the console is given back afterwards", async () => {
    const door = await startFixtureDoor();
    const lines: string[] = [];
    const before = console.log;
    const collect = (...args: unknown[]) => lines.push(args.join(" "));
    console.log = collect;
    try {
      const result = await login({
        mcpUrl: door.mcpUrl,
        store: credentialStore({ home: freshHome(), warn: () => {} }),
        present: async (url) => {
          console.log(url.href);
          await fetch(url);
        },
      });
      expect(result.toolCount).toBe(1);
      expect(console.log).toBe(collect);
    } finally {
      console.log = before;
      await door.close();
    }
    const url = new URL(lines[0]!);
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  });
});

// The browser opener: records what it was given and what a local process could see, then opens
// what the file it was given redirects to, as a browser does.
function opener(dir: string): { path: string; log: string } {
  const log = join(dir, "opener.json");
  const path = join(dir, "open.mjs");
  writeFileSync(
    path,
    `#!${process.execPath}
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
const given = process.argv.slice(2);
const file = given[0].startsWith("file:") ? fileURLToPath(given[0]) : given[0];
const html = readFileSync(file, "utf8");
const url = /url=([^"]+)"/.exec(html)[1].replaceAll("&amp;", "&");
const cmdline = readFileSync("/proc/self/cmdline", "utf8").split("\\0");
writeFileSync(${JSON.stringify(log)}, JSON.stringify({
  given, file, cmdline, url,
  fileMode: statSync(file).mode & 0o777,
  dirMode: statSync(dirname(file)).mode & 0o777,
}));
await fetch(url).catch(() => {});
`,
  );
  chmodSync(path, 0o755);
  return { path, log };
}

describe("adrails login and the browser opener", () => {
  it("the opener's command line holds neither the start URL nor the authorization URL; its private file is removed", async () => {
    const door = await startFixtureDoor({ code: "ac_fixtureCode0123456789" });
    const dir = mkdtempSync(join(tmpdir(), "adrails-opener-"));
    const { path, log } = opener(dir);
    const run = await cli(
      ["login", "--mcp-url", door.mcpUrl],
      { ADRAILS_HOME: freshHome(), BROWSER: path },
      false,
    );
    await door.close();
    expect(run.code, run.stderr).toBe(0);
    const seen = JSON.parse(readFileSync(log, "utf8")) as {
      given: string[];
      file: string;
      cmdline: string[];
      url: string;
      fileMode: number;
      dirMode: number;
    };
    expect(seen.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/start\/[\w-]+$/);
    const authorization = new URL(run.urls[0]!);
    const view = seen.cmdline.join(" ");
    for (const secret of [
      seen.url,
      new URL(seen.url).pathname,
      authorization.href,
      authorization.searchParams.get("state")!,
      authorization.searchParams.get("code_challenge")!,
    ]) {
      expect(view).not.toContain(secret);
    }
    expect(seen.given).toEqual([expect.stringMatching(/^file:\/\/\/.*\.html$/)]);
    expect([seen.fileMode, seen.dirMode]).toEqual([0o600, 0o700]);
    expect(existsSync(seen.file)).toBe(false);
    expect(door.seen.tokens).toBe(1);
  });
});

describe("the SDK's own log lines during a login (a real process, its real stderr)", () => {
  beforeAll(async () => {
    await buildOnce();
  }, 180_000);
  let door: Awaited<ReturnType<typeof startFixtureDoor>> | undefined;
  afterAll(async () => {
    await door?.close();
  });

  it("[mcp-sdk] OAuth invalid_grant echoing the code (split by a zero-width space) and the verifier prints neither", async () => {
    const code = "ac_Q2xvc2VkQ29kZTAxMjM0NTY";
    let verifier = "";
    door = await startFixtureDoor({
      code,
      tokenError: (form) => {
        verifier = form.get("code_verifier") ?? "";
        return {
          error: "invalid_grant",
          error_description: `code ${code.slice(0, 8)}\u200b${code.slice(8)} with verifier ${verifier} was not accepted`,
        };
      },
    });
    const dir = mkdtempSync(join(tmpdir(), "adrails-opener-"));
    const { path } = opener(dir);
    const out = await run(["login", "--mcp-url", door.mcpUrl], {
      env: { ADRAILS_HOME: freshHome(), BROWSER: path },
      timeoutMs: 60_000,
    });
    expect(out.code, out.stderr).toBe(3);
    expect(verifier.length).toBeGreaterThan(40);
    expect(out.stderr).toContain('[mcp-sdk] OAuth "invalid_grant"');
    expect(out.stderr).toMatch(/refused: invalid_grant/);
    const bare = (out.stdout + out.stderr).replace(/[\u200b]/gu, "");
    expect(bare).not.toContain(code.slice(3));
    expect(bare).not.toContain(verifier);
    expect(bare).not.toContain(verifier.slice(0, 12));
  });
});
