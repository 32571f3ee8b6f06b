import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseAuthorization, type Simulator, startSimulator } from "../../src/sim/index.js";
import {
  authorizationUrl,
  discover,
  initializeWith,
  login,
  pkce,
  REDIRECT,
  register,
  sdkConnect,
  tokenRequest,
} from "./door-helpers.js";

let sim: Simulator;
let metadata: Record<string, any>;
beforeAll(async () => {
  sim = await startSimulator({
    door: { autoConsent: "pro", accessTokenTtlS: 2, allowLoopbackClientIds: true },
  });
  metadata = (await discover(sim)).metadata;
});
afterAll(() => sim.close());

/** The redirect an authorization ends in (auto-consent as pro). */
async function authorize(clientId: string, params: Record<string, string | undefined>) {
  const { challenge } = pkce();
  const url = authorizationUrl(metadata, clientId, challenge, sim.door!.mcpUrl, params);
  return (await browseAuthorization(url, { deliver: false })).redirect;
}

describe("the door's authorization server", () => {
  it("registers clients dynamically (RFC 7591) and refuses metadata it cannot honour", async () => {
    const ok = await register(metadata);
    expect(ok.status).toBe(201);
    expect(ok.body.client_id).toEqual(expect.any(String));
    expect(ok.body.redirect_uris).toEqual([REDIRECT]);
    const bad = await register(metadata, { redirect_uris: ["http://example.com/cb"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_redirect_uri");
  });

  it("requires PKCE with S256: plain and a missing challenge come back as errors, with iss", async () => {
    const { body } = await register(metadata);
    const plain = await authorize(body.client_id, { code_challenge_method: "plain" });
    expect(plain.origin + plain.pathname).toBe(REDIRECT);
    expect(plain.searchParams.get("error")).toBe("invalid_request");
    expect(plain.searchParams.get("code")).toBeNull();
    expect(plain.searchParams.get("iss")).toBe(sim.door!.issuer);
    const none = await authorize(body.client_id, {
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    expect(none.searchParams.get("error")).toBe("invalid_request");
    expect(none.searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("checks the resource (RFC 8707): another or a missing resource gets invalid_target", async () => {
    const { body } = await register(metadata);
    const other = await authorize(body.client_id, { resource: `${sim.url}/api/other` });
    expect(other.searchParams.get("error")).toBe("invalid_target");
    const missing = await authorize(body.client_id, { resource: undefined });
    expect(missing.searchParams.get("error")).toBe("invalid_target");
    expect(missing.searchParams.get("error_description")).toContain(sim.door!.mcpUrl);
  });

  it("answers with code, state and iss; the code needs its verifier and the MCP resource", async () => {
    const { body } = await register(metadata);
    const exchange = async (extra: Record<string, string>) => {
      const { verifier, challenge } = pkce();
      const url = authorizationUrl(metadata, body.client_id, challenge, sim.door!.mcpUrl);
      const { redirect } = await browseAuthorization(url, { deliver: false });
      expect(redirect.searchParams.get("state")).toBe("state-123");
      expect(redirect.searchParams.get("iss")).toBe(sim.door!.issuer);
      return tokenRequest(metadata, {
        grant_type: "authorization_code",
        code: redirect.searchParams.get("code")!,
        redirect_uri: REDIRECT,
        client_id: body.client_id,
        code_verifier: verifier,
        resource: sim.door!.mcpUrl,
        ...extra,
      });
    };
    expect((await exchange({ code_verifier: pkce().verifier })).body.error).toBe("invalid_grant");
    expect((await exchange({ resource: `${sim.url}/api/other` })).body.error).toBe("invalid_target");
    const good = await exchange({});
    expect(good.status).toBe(200);
    expect(good.body.token_type).toBe("Bearer");
    expect(good.body.expires_in).toBeLessThanOrEqual(2);
    expect(good.body.scope).toContain("ads");
    expect((await initializeWith(sim, good.body.access_token)).status).toBe(200);
  });

  it("lets an access token expire: 401 with invalid_token after its lifetime", async () => {
    const { tokens } = await login(sim);
    expect((await initializeWith(sim, tokens.access_token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2300));
    const expired = await initializeWith(sim, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(expired.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("rotates refresh tokens: the old one is refused and ends the connection", async () => {
    const { tokens, clientId } = await login(sim);
    const refresh = (token: string) =>
      tokenRequest(metadata, {
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: clientId,
        resource: sim.door!.mcpUrl,
      });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toEqual(expect.any(String));
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await initializeWith(sim, first.body.access_token)).status).toBe(200);
    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");
    // Reuse is treated as theft: the whole grant goes, so the newest tokens stop working too.
    expect((await refresh(first.body.refresh_token)).body.error).toBe("invalid_grant");
    expect((await initializeWith(sim, first.body.access_token)).status).toBe(401);
    expect(sim.door!.connections("pro").some((c) => c.clientId === clientId)).toBe(false);
  });

  it("revokes (RFC 7009): a revoked refresh token ends the connection and its access tokens", async () => {
    const { tokens, clientId } = await login(sim);
    expect(sim.door!.connections("pro").some((c) => c.clientId === clientId)).toBe(true);
    const res = await fetch(metadata.revocation_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: tokens.refresh_token,
        token_type_hint: "refresh_token",
        client_id: clientId,
      }),
    });
    expect(res.status).toBe(200);
    expect((await initializeWith(sim, tokens.access_token)).status).toBe(401);
    const refreshed = await tokenRequest(metadata, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.body.error).toBe("invalid_grant");
    expect(sim.door!.connections("pro").some((c) => c.clientId === clientId)).toBe(false);
  });

  it("accepts a Client ID Metadata Document at a loopback URL in test mode", async () => {
    let docUrl = "";
    const host: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          client_id: docUrl,
          client_name: "Metadata document client",
          redirect_uris: [REDIRECT],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
          application_type: "native",
        }),
      );
    });
    await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
    docUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/oauth/client.json`;
    try {
      const { tokens } = await login(sim, { clientId: docUrl });
      expect(tokens.access_token).toEqual(expect.any(String));
      expect(sim.door!.connections("pro").find((c) => c.clientId === docUrl)?.clientName).toBe(
        "Metadata document client",
      );
    } finally {
      host.close();
    }
  });
});

describe("the consent page", () => {
  it("shows a plain form a person fills; Deny sends access_denied back", async () => {
    const manual = await startSimulator({ door: true });
    try {
      const { metadata: meta } = await discover(manual);
      const { body } = await register(meta, { client_name: "Consent <Check>" });
      const url = authorizationUrl(meta, body.client_id, pkce().challenge, manual.door!.mcpUrl);
      const denied = await browseAuthorization(url, { decision: "deny", deliver: false });
      expect(denied.redirect.searchParams.get("error")).toBe("access_denied");
      expect(denied.redirect.searchParams.get("iss")).toBe(manual.door!.issuer);
      const page = denied.pages[0]!;
      expect(page).toMatch(/^<!doctype html>/);
      expect(page).toContain("Consent &#60;Check&#62;");
      expect(page).toContain('name="email"');
      expect(page).toContain('value="allow"');
      expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
      const wrong = await browseAuthorization(
        authorizationUrl(meta, body.client_id, pkce().challenge, manual.door!.mcpUrl),
        {
          password: "nope",
          deliver: false,
        },
      ).catch((e: Error) => e);
      expect(wrong).toBeInstanceOf(Error);
      const allowed = await browseAuthorization(
        authorizationUrl(meta, body.client_id, pkce().challenge, manual.door!.mcpUrl),
        { user: "agency", deliver: false },
      );
      expect(allowed.redirect.searchParams.get("code")).toEqual(expect.any(String));
      expect(manual.door!.connections("agency")).toHaveLength(1);
    } finally {
      await manual.close();
    }
  });
});

describe("a real MCP client over time", () => {
  it("the MCP SDK's client refreshes an expired token by itself, with rotation honoured", async () => {
    const short = await startSimulator({ door: { autoConsent: "pro", accessTokenTtlS: 1 } });
    const { client, oauth } = await sdkConnect(short);
    try {
      const firstRefresh = oauth.saved.refresh_token;
      await new Promise((r) => setTimeout(r, 1500));
      const result = await client.callTool({ name: "list-accounts", arguments: {} });
      expect(result.isError).toBe(false);
      expect(oauth.saved.refresh_token).not.toBe(firstRefresh);
      expect(short.door!.connections("pro")).toHaveLength(1);
    } finally {
      await client.close();
      await short.close();
    }
  });
});
