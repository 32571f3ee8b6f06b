import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseAuthorization, type Simulator, startSimulator } from "../../src/sim/index.js";
import { authorizationUrl, discover, initializeWith, login, pkce, register } from "./door-helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ door: { autoConsent: "agency" } });
});
afterAll(() => sim.close());

describe("OAuth connections (spec 2.9, 5.10, section 8)", () => {
  it("keeps one connection when the same client signs in eleven times; only the last tokens work", async () => {
    const { metadata } = await discover(sim);
    const clientId = (await register(metadata)).body.client_id as string;
    const logins = [];
    for (let i = 0; i < 11; i++) logins.push(await login(sim, { clientId }));
    const mine = sim.door!.connections("agency").filter((c) => c.clientId === clientId);
    expect(mine).toHaveLength(1);
    expect((await initializeWith(sim, logins[10]!.tokens.access_token)).status).toBe(200);
    const replaced = await initializeWith(sim, logins[0]!.tokens.access_token);
    expect(replaced.status).toBe(401);
    expect(await replaced.json()).toEqual({ error: expect.stringMatching(/revoked|removed/) });
  });

  it("allows ten different clients per person and refuses the eleventh; the API keys are untouched", async () => {
    sim.door!.setAutoConsent("pro");
    const before = sim.door!.connections("pro").length;
    const { metadata } = await discover(sim);
    for (let i = before; i < 10; i++) await login(sim, { user: "pro" });
    expect(sim.door!.connections("pro")).toHaveLength(10);
    const clientId = (await register(metadata, { client_name: "Eleventh app" })).body.client_id as string;
    const url = authorizationUrl(metadata, clientId, pkce().challenge, sim.door!.mcpUrl);
    const { redirect } = await browseAuthorization(url, { deliver: false });
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("error_description")).toMatch(/10 connected apps/);
    expect(sim.door!.connections("pro")).toHaveLength(10);
    // Reauthorizing a connected client still works at the limit: it replaces, not adds.
    const connected = sim.door!.connections("pro")[0]!.clientId;
    await login(sim, { clientId: connected });
    expect(sim.door!.connections("pro")).toHaveLength(10);
    // Another person has ten slots of their own, and the REST key still answers.
    sim.door!.setAutoConsent("free");
    await login(sim, { clientId });
    expect(sim.door!.connections("free")).toHaveLength(1);
    const rest = await fetch(`${sim.url}/api/mcp/list-accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${sim.keys.pro}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(rest.status).toBe(200);
  });

  it("answers 401 once a connection is removed from the connected apps", async () => {
    sim.door!.setAutoConsent("viewer");
    const { tokens, clientId, metadata } = await login(sim, { user: "viewer" });
    expect((await initializeWith(sim, tokens.access_token)).status).toBe(200);
    expect(sim.door!.connections("viewer").map((c) => c.clientName)).toEqual(["door test client"]);
    expect(sim.door!.removeConnection("viewer", clientId)).toBe(true);
    const gone = await initializeWith(sim, tokens.access_token);
    expect(gone.status).toBe(401);
    expect(gone.headers.get("www-authenticate")).toMatch(
      /^Bearer resource_metadata=".+", scope="ads", error="invalid_token"/,
    );
    const refreshed = await fetch(metadata.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: clientId,
      }),
    });
    expect(((await refreshed.json()) as any).error).toBe("invalid_grant");
    expect(sim.door!.connections("viewer")).toEqual([]);
    expect(sim.door!.removeConnection("viewer", clientId)).toBe(false);
  });
});
