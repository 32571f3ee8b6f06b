import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { createAdTools } from "../../src/toolkit.js";
import type { ToolResult } from "../../src/types.js";
import { unique } from "../approval-records/support.js";
import { APPROVE, adOf, pendingOf, useDeskWorld } from "./support.js";

// Issue 32 on a fleet: the store and the inbox on one real redis-server. A call gets the pending
// result, a person approves on the inbox page over HTTP, then this process and another process
// await it at the same time: one ACTIVE ad, the same result for both, and a process started after
// that (a restarted server) reads the same result. Someone with write access to Redis who rewrites
// the waiting item so the page shows another ad gets nothing sent.

const d = useDeskWorld({ redis: true, cli: true });
const SCRIPT = fileURLToPath(new URL("./child/await.mjs", import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Another process awaiting `approvalId` on the same Redis: ready once built, `go()` starts the await. */
function otherProcess(approvalId: string) {
  const child = spawn(process.execPath, [SCRIPT], { stdio: "pipe" });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
  exited.then(() => clearTimeout(timer));
  const { w } = d;
  child.stdin.write(
    `${JSON.stringify({ apiKey: w.sim.apiKey, url: w.sim.url, redisUrl: w.redis.url, inboxUrl: d.url, approvalId })}\n`,
  );
  const line = async (prefix: string) => {
    for (;;) {
      const found = out.split("\n").find((l) => l.startsWith(prefix));
      if (found !== undefined) return found.slice(prefix.length);
      if (child.exitCode !== null) throw new Error(`the other process exited: ${out}\n${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    ready: () => line("READY"),
    go: () => child.stdin.write("go\n"),
    result: async () => JSON.parse(await line("RESULT ")) as ToolResult,
  };
}

describe("pending on a fleet's Redis", { timeout: 90_000 }, () => {
  it("awaited at once here and in another process: one ACTIVE ad, the same result, also for a later process", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Fleet pending");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline), { toolCallId: "f-1" }));
    const ann = await d.person();
    expect((await ann.decide(pending.approval_id, { approve: APPROVE })).status).toBe(200);

    const other = otherProcess(pending.approval_id);
    await other.ready();
    other.go();
    const [here, there] = await Promise.all([kit.awaitApproval(pending.approval_id), other.result()]);
    const ad = adOf(here);
    expect(ad.status).toBe("ACTIVE");
    expect(adOf(there).ad_id).toBe(ad.ad_id);
    expect(w.live(headline)).toBe(1);
    expect(w.sent(headline)).toHaveLength(1);

    // A process started afterwards (a restarted server): the stored result, nothing sent.
    const later = otherProcess(pending.approval_id);
    await later.ready();
    later.go();
    expect(adOf(await later.result()).ad_id).toBe(ad.ad_id);
    // A toolkit with a store of its own on the same Redis, repeating the original call.
    const fresh = d.toolkit();
    expect(adOf(await fresh.call("push-creative", w.push(headline))).ad_id).toBe(ad.ad_id);
    expect(w.sent(headline)).toHaveLength(1);
  });

  it("a waiting item rewritten in Redis to show another ad: the page still shows the payload, and nobody can approve the edited item", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Fleet real ad");
    const benign = unique("Fleet benign ad");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    // What the page would show for the benign ad: its own request's payload and fingerprint.
    const decoy = pendingOf(
      await createAdTools({
        apiKey: w.sim.apiKey,
        baseUrl: w.sim.url,
        rateLimit: false,
        desk: {
          post: async () => ({ url: "http://127.0.0.1:9/" }),
          decision: async () => ({ state: "waiting" }),
        },
      }).call("push-creative", w.push(benign)),
    );
    const admin = createClient({ url: w.redis.url });
    await admin.connect();
    try {
      const keys = await admin.keys(`*inbox:item:${pending.approval_id}`);
      expect(keys).toHaveLength(1);
      const item = JSON.parse((await admin.get(keys[0]!))!);
      const real = await kit.get("push-creative")!.confirmationRequest(w.push(headline))!;
      const shown = kit.get("push-creative")!.confirmationRequest(w.push(benign))!;
      item.request = {
        ...item.request,
        summary: shown.summary,
        message: shown.message,
        fingerprint: shown.fingerprint,
      };
      expect(shown.fingerprint).not.toBe(real.fingerprint);
      await admin.set(keys[0]!, JSON.stringify(item), { KEEPTTL: true });
    } finally {
      await admin.close();
    }
    const ann = await d.person();
    // The page shows what the payload says, whatever the item was edited to say, and no decision
    // can be signed on an item whose stored fingerprint was changed.
    const html = (await ann.items(pending.approval_id)).pending.items[0]!.html;
    expect(html).toContain(headline);
    expect(html).not.toContain(benign);
    expect((await ann.decide(pending.approval_id, { approve: APPROVE })).status).toBe(409);
    const result = await kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result).toMatchObject({ ok: "pending" });
    expect(w.sent(headline)).toHaveLength(0);
    expect(w.sent(benign)).toHaveLength(0);
    expect(decoy.approval_id).not.toBe(pending.approval_id);
  });
});
