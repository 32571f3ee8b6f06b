import { describe, expect, it } from "vitest";
import { type RenderContext, renderItem } from "../../src/inbox/render.js";
import type { InboxItem } from "../../src/inbox/types.js";
import { startSimulator } from "../../src/sim/index.js";
import { createAdTools } from "../../src/toolkit.js";

// An advisory request in the inbox says which money rule approving overrides, escaped.

// What the page renders with: no host of its own to hide, nothing to redact.
const ctx: RenderContext = { ownHosts: new Set(), clean: (text) => text };

describe("the inbox item of an advisory request", () => {
  it("shows the rule and its reason; a request without a rule shows no such row", async () => {
    const sim = await startSimulator();
    try {
      const kit = (rules?: object) =>
        createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url, ...(rules ? { rules } : {}) });
      const accounts = (await kit().call("list-accounts", {})) as { data: { accounts: { id: string }[] } };
      const input = {
        account_id: accounts.data.accounts[0]!.id,
        adset_id: "a1",
        image_url: "https://cdn.example.com/a.png",
        website_url: "https://evil.example.org/<b>",
        headline: "Spring",
        status: "ACTIVE",
      };
      const advisory = kit({ mode: "advisory", destinations: ["shop.example.com"] });
      const request = await advisory.get("push-creative")!.ask(input);
      expect(request!.rule).toMatchObject({ name: "destinations", override: true });
      const item = (r: typeof request): InboxItem => ({
        id: "item-1",
        request: r!,
        requester: { pid: 1, host: "h" },
        createdAt: Date.now(),
        state: "pending",
      });
      const html = renderItem(item(request), ctx);
      expect(html).toContain("Money rule");
      expect(html).toContain(
        "destinations: website_url https://evil.example.org/&lt;b&gt; is not on an allowed domain",
      );
      expect(html).not.toContain("<b>");
      const plain = await kit().get("push-creative")!.ask(input);
      expect(renderItem(item(plain), ctx)).not.toContain("Money rule");
      // In enforce mode nobody is asked at all.
      expect(
        await kit({ destinations: ["shop.example.com"] })
          .get("push-creative")!
          .ask(input),
      ).toBeNull();
    } finally {
      await sim.close();
    }
  });
});
