import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../approval-records/support.js";
import { launchBrowser, seeText, signIn } from "../inbox/helpers.js";
import { APPROVE, adOf, pendingOf, useDeskWorld } from "./support.js";

// Issue 32: the pending result's approve_url, opened in real chromium, shows that exact request
// first on the page (even behind more than a page of other waiting requests); the person approves
// it with the page's own form; awaitApproval returns the ACTIVE ad.

const d = useDeskWorld();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

describe("the approve_url in a browser", { timeout: 60_000 }, () => {
  it("opens that request first, asked after 30 others, and the page's form approves it", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Linked request");
    // More than one page (25) of other requests asked before it: in the page's order it comes 31st.
    for (let i = 0; i < 30; i++) await kit.call("push-creative", w.push(unique("Filler request")));
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));

    const page = await browser.newPage();
    await signIn(page, pending.approve_url);
    const item = page.locator(`#item-${pending.approval_id}`);
    await item.waitFor();
    expect(await item.getAttribute("class")).toContain("opened");
    expect(await page.locator("#pending article").first().getAttribute("id")).toBe(
      `item-${pending.approval_id}`,
    );
    await expect.poll(() => item.textContent()).toContain(headline);
    await item.getByRole("textbox", { name: /Type a sentence/ }).fill(APPROVE);
    await item.getByRole("button", { name: /Approve/ }).click();
    await seeText(page.locator(`#history #item-${pending.approval_id}`), "Approved by Alice Reviewer");
    await page.close();

    const ad = adOf(await kit.awaitApproval(pending.approval_id));
    expect(ad.status).toBe("ACTIVE");
    expect(w.live(headline)).toBe(1);
  });
});
