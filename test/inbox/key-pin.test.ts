import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPinnedInboxKey, publicKeysFromText } from "../../src/inbox/key-pin.js";
import { fetchInboxKey, generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import { buildOnce, run } from "../cli/helpers.js";
import { listen } from "./helpers.js";

// Issue 40, keys: an agent pins the inbox key it fetched (by thumbprint, under ADRAILS_HOME) and
// refuses another key served later, a redirect, and plain http off loopback.

let first: InboxKey;
let second: InboxKey;
let served: () => InboxKey | "redirect";
let server: Awaited<ReturnType<typeof listen>>;
let fetches = 0;

beforeAll(async () => {
  first = await generateInboxKey();
  second = await generateInboxKey();
  served = () => first;
  server = await listen((req, res) => {
    fetches++;
    const now = served();
    if (req.url !== "/.well-known/adrails-inbox-key") res.writeHead(404).end();
    else if (now === "redirect") res.writeHead(302, { location: `${server.url}elsewhere` }).end();
    else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(now.jwk));
  });
});
afterAll(async () => {
  await server?.close();
});

const home = () => mkdtempSync(join(tmpdir(), "adrails-pin-"));

describe("the inbox key fetched from its URL", () => {
  it("is pinned by thumbprint on first use (0600), then kept; another key is refused, saying how to pin again", async () => {
    served = () => first;
    const pinFile = join(home(), "inbox-keys.json");
    const key = await fetchPinnedInboxKey(server.url, { pinFile });
    expect(key.jwk.kid).toBe(first.jwk.kid);
    expect(JSON.parse(readFileSync(pinFile, "utf8"))).toEqual({
      [new URL(server.url).origin]: first.jwk.kid,
    });
    expect(statSync(pinFile).mode & 0o777).toBe(0o600);
    expect((await fetchPinnedInboxKey(server.url, { pinFile })).jwk.kid).toBe(first.jwk.kid);

    served = () => second;
    const refused = fetchPinnedInboxKey(server.url, { pinFile });
    await expect(refused).rejects.toThrow(`now serves another key (thumbprint ${second.jwk.kid})`);
    await expect(fetchPinnedInboxKey(server.url, { pinFile })).rejects.toThrow(
      `delete its line from ${pinFile} (or the file) to pin the new key, or set ADRAILS_INBOX_PUBLIC_KEY`,
    );
    // Deleting the pin takes the new key.
    rmSync(pinFile);
    expect((await fetchPinnedInboxKey(server.url, { pinFile })).jwk.kid).toBe(second.jwk.kid);
  });

  it("is never taken through a redirect, nor over plain http off loopback", async () => {
    served = () => "redirect";
    const pinFile = join(home(), "inbox-keys.json");
    await expect(fetchPinnedInboxKey(server.url, { pinFile })).rejects.toThrow("it redirects (HTTP 302)");
    await expect(fetchInboxKey(server.url)).rejects.toThrow("a redirect (HTTP 302) is refused");
    const before = fetches;
    await expect(fetchPinnedInboxKey("http://inbox.example.com/", { pinFile })).rejects.toThrow(
      "https only (plain http on loopback only)",
    );
    await expect(fetchInboxKey("http://inbox.example.com/")).rejects.toThrow("https only");
    expect(fetches).toBe(before);
    expect(() => readFileSync(pinFile)).toThrow();
  });

  it("reads several keys from one text: a JSON array or a JWK set", async () => {
    const both = [first.jwk, second.jwk];
    const kids = (keys: InboxKey[]) => keys.map((k) => k.jwk.kid);
    expect(kids(await publicKeysFromText(JSON.stringify(both), "keys"))).toEqual([
      first.jwk.kid,
      second.jwk.kid,
    ]);
    expect(kids(await publicKeysFromText(JSON.stringify({ keys: both }), "keys"))).toHaveLength(2);
    expect(kids(await publicKeysFromText(JSON.stringify(first.jwk), "keys"))).toEqual([first.jwk.kid]);
    await expect(publicKeysFromText('[{"kty":"RSA"}]', "ADRAILS_INBOX_PUBLIC_KEY")).rejects.toThrow(
      "ADRAILS_INBOX_PUBLIC_KEY (key 1) is not an Ed25519 public key",
    );
  });
});

describe("adrails call --wait-approval with ADRAILS_INBOX_URL", () => {
  beforeAll(async () => {
    await buildOnce();
  }, 120_000);

  it("pins the key under ADRAILS_HOME and stops when the inbox serves another one", async () => {
    const dir = home();
    const env = {
      ADRAILS_HOME: dir,
      ADRAILS_INBOX_URL: server.url,
      ADRAILS_API_KEY: "adk_test_pinning_0123456789",
      ADRAILS_BASE_URL: "http://127.0.0.1:9",
      // Nothing listens: the key is checked before the store is used.
      ADRAILS_REDIS_URL: "redis://127.0.0.1:9",
    };
    const args = ["call", "list-accounts", "{}", "--wait-approval"];
    served = () => first;
    await run(args, { env });
    expect(JSON.parse(readFileSync(join(dir, "inbox-keys.json"), "utf8"))).toEqual({
      [new URL(server.url).origin]: first.jwk.kid,
    });
    served = () => second;
    const refused = await run(args, { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("now serves another key");
    expect(refused.stderr).toContain("inbox-keys.json");
  }, 60_000);
});
