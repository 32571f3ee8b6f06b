import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

// Issue 12, point 7, through the toolkit and the simulator, which read the same catalog rules.

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const sent = (tool: string) => f.bodies(tool);

describe("an empty description is not given", () => {
  for (const tool of ["ad-copy", "hooks"]) {
    it(`${tool}: description "" without url is refused before sending; with a url it goes`, async () => {
      const kit = f.kit();
      const extra = tool === "ad-copy" ? { objective: "Leads" } : {};
      const refused = await kit.call(tool, { description: "", ...extra });
      expect(refused).toMatchObject({ ok: false, blocked: "validation" });
      expect((refused as { error: string }).error).toMatch(/url, description/);
      expect(sent(tool)).toEqual([]);
      // The simulator reads the same rule from the catalog.
      const direct = await fetch(`${f.sim.url}/api/mcp/${tool}`, {
        method: "POST",
        headers: { authorization: `Bearer ${f.sim.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ description: "", ...extra }),
      });
      expect(direct.status).toBe(400);
      const withUrl = await kit.call(tool, {
        description: "",
        url: "https://shop.example.com/tents",
        ...extra,
      });
      expect(withUrl).toMatchObject({ ok: true });
    });
  }
});

describe("a whitespace-only string is not given either", () => {
  for (const tool of ["ad-copy", "hooks"]) {
    it(`${tool}: a description of spaces and newlines without url is refused before sending`, async () => {
      const kit = f.kit();
      const extra = tool === "ad-copy" ? { objective: "Leads" } : {};
      const refused = await kit.call(tool, { description: " \n\t ", ...extra });
      expect(refused).toMatchObject({ ok: false, status: null, blocked: "validation" });
      expect((refused as { error: string }).error).toMatch(/url, description/);
      expect(sent(tool)).toEqual([]);
    });
  }

  it("push-creative: a blank lead form as the destination is refused before sending", async () => {
    const kit = f.kit();
    const account = f.sim.control.world().callers.pro.accounts[0]!;
    const refused = await kit.call("push-creative", {
      account_id: account.id,
      adset_id: account.adsets[0]!.id,
      image_url: "https://cdn.example.com/a.png",
      lead_gen_form_id: "   ",
    });
    expect(refused).toMatchObject({ ok: false, status: null, blocked: "validation" });
    expect((refused as { error: string }).error).toMatch(/lead_gen_form_id/);
    expect(sent("push-creative")).toEqual([]);
  });
});

describe("list-accounts ignores its body, as the service does", () => {
  it("accepts extra keys and sends {}", async () => {
    const result = await f.kit().call("list-accounts", { service: "ads", verbose: true });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(sent("list-accounts")).toEqual([{}]);
  });
});

describe("IPv6 literals in URLs", () => {
  it("a public IPv6 media URL is sent and accepted; loopback, link-local and private ones are refused unsent", async () => {
    const kit = f.kit();
    const ok = await kit.call("push-creative", f.push({ image_url: "https://[2606:4700::1111]/spring.png" }));
    expect(ok).toMatchObject({ ok: true, data: { status: "PAUSED" } });
    for (const host of [
      "[::1]",
      "[fe80::1]",
      "[fd12:3456::1]",
      "[::ffff:127.0.0.1]",
      "[::127.0.0.1]",
      "[fec0::1]",
    ]) {
      const refused = await kit.call("push-creative", f.push({ image_url: `https://${host}/a.png` }));
      expect({ host, refused }).toMatchObject({ host, refused: { ok: false, blocked: "validation" } });
    }
    expect(sent("push-creative")).toHaveLength(1);
  });

  it("a public IPv6 page URL is a URL for ad-copy", async () => {
    const result = await f.kit().call("ad-copy", { url: "https://[2606:4700::1111]/", objective: "Leads" });
    expect(result).toMatchObject({ ok: true });
  });
});
