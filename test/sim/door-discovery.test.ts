import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { discover, sdkConnect } from "./door-helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ door: { autoConsent: "pro" } });
});
afterAll(() => sim.close());

describe("the MCP door: discovery from the 401", () => {
  it("answers /api/mcp without a token with 401 and a Bearer challenge naming its resource metadata", async () => {
    const { challenge, resourceMetadata, metadata } = await discover(sim);
    expect(challenge).toMatch(
      /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/api\/mcp"/,
    );
    expect(challenge).toContain('scope="ads"');
    expect(resourceMetadata.resource).toBe(`${sim.url}/api/mcp`);
    expect(resourceMetadata.authorization_servers).toEqual([sim.door!.issuer]);
    expect(metadata.issuer).toBe(sim.door!.issuer);
    // Endpoints at paths under an issuer a client cannot guess, not /authorize or /token at the root.
    expect(new URL(metadata.authorization_endpoint).pathname).toMatch(/^\/oauth2\/[a-z0-9]{6}\/authorize$/);
    expect(metadata.token_endpoint).toBe(`${sim.door!.issuer}/token`);
    expect(metadata.registration_endpoint).toBe(`${sim.door!.issuer}/register`);
    expect(metadata.revocation_endpoint).toBe(`${sim.door!.issuer}/revoke`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect((await fetch(`${sim.url}/authorize`)).status).toBe(404);
    expect((await fetch(`${sim.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
  });

  it("serves the same metadata at all three discovery paths of an issuer with a path", async () => {
    const issuer = new URL(sim.door!.issuer);
    const urls = [
      `${issuer.origin}/.well-known/oauth-authorization-server${issuer.pathname}`,
      `${issuer.origin}/.well-known/openid-configuration${issuer.pathname}`,
      `${issuer.href}/.well-known/openid-configuration`,
    ];
    const docs = await Promise.all(urls.map(async (u) => (await fetch(u)).json() as Promise<any>));
    for (const doc of docs) expect(doc.authorization_endpoint).toBe(docs[0].authorization_endpoint);
  });

  it("lets the MCP SDK's own client sign in from the 401 and list every page of tools", async () => {
    const { client, oauth } = await sdkConnect(sim);
    try {
      expect(oauth.saved.refresh_token).toEqual(expect.any(String));
      const all = await client.listTools();
      expect(all.tools.map((t) => t.name)).toEqual(sim.door!.toolNames());
      const first = await client.request({ method: "tools/list", params: {} });
      expect(first.tools).toHaveLength(10);
      expect(first.nextCursor).toEqual(expect.any(String));
      const names: string[] = first.tools.map((t) => t.name);
      const pages = [first.tools.length];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await client.listTools({ cursor });
        names.push(...page.tools.map((t) => t.name));
        pages.push(page.tools.length);
        cursor = page.nextCursor;
      }
      expect(names).toEqual(sim.door!.toolNames());
      expect(pages.length).toBeGreaterThan(4);
      expect(pages.slice(0, -1).every((n) => n === 10)).toBe(true);
      await expect(client.listTools({ cursor: "not-a-cursor" })).rejects.toThrow(/cursor/i);
      expect(names).toContain("get_results");
      expect(names).not.toContain("results");
      expect(names).toContain("launch_ad");
      expect(names).not.toContain("creative-loop");
      const accounts = await client.callTool({ name: "list-accounts", arguments: {} });
      expect(accounts.isError).toBe(false);
      const data = (accounts.structuredContent as any).data;
      expect(data.accounts.map((a: any) => a.id)).toEqual(
        sim.control.world().callers.pro.accounts.map((a) => a.id),
      );
      expect(sim.door!.connections("pro")).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
