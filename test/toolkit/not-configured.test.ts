import { describe, expect, it } from "vitest";
import { createAdTools } from "../../src/toolkit.js";
import type { AuditEvent } from "../../src/types.js";

const push = {
  account_id: "act_1",
  adset_id: "as_1",
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://shop.example.com",
  headline: "Spring sale",
  primary_text: "Half price",
  status: "ACTIVE",
};

describe("a toolkit that cannot reach the service (no key or no base URL)", () => {
  for (const [label, options] of [
    ["no key", { apiKey: "", baseUrl: "http://127.0.0.1:9" }],
    ["no base URL", { apiKey: "adk_demo", baseUrl: "" }],
  ] as const) {
    it(`never asks a person to approve an ACTIVE push (${label}) and says what is missing`, async () => {
      let asked = 0;
      const events: AuditEvent[] = [];
      const kit = createAdTools({
        ...options,
        confirm: () => {
          asked++;
          return { approved: true, text: "yes" };
        },
        onEvent: (event) => events.push(event),
      });
      const tool = kit.get("push-creative")!;
      expect(tool.needsConfirmation(push)).toBe(false);
      expect(tool.confirmationRequest(push)).toBeNull();
      const result = (await kit.call("push-creative", push)) as any;
      expect(asked).toBe(0);
      expect(result).toMatchObject({ ok: false, status: null, retryable: false });
      expect(result.error).toMatch(label === "no key" ? /No API key/ : /No base URL/);
      expect(result.error).toContain("Nothing was sent");
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ tool: "push-creative", ok: false, status: null });
    });
  }

  it("still checks input first where no approval is involved", async () => {
    const kit = createAdTools({ apiKey: "", baseUrl: "" });
    const result = (await kit.call("push-creative", { status: "ACTIVE" } as Record<string, unknown>)) as any;
    expect(result).toMatchObject({ ok: false, blocked: "validation" });
  });
});
