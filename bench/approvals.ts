// Approvals at fleet scale, on a local redis-server (apt-get install -y redis-server).
//
// First, with 10 / 1,000 / 10,000 / 100,000 requests pending on one key (seeded through node-redis'
// automatic pipelining, a thousand creates in flight at a time), the medians of: a page of
// `toolkit.pendingApprovals()` (the key's oldest 100), one thread's pending set (5 requests asked
// in the middle of the seed), answering the oldest pending request, and redeeming it, with the
// Redis commands each costs (MONITOR: the same at every count is what makes the time flat). Targets:
// each under 20 ms at 100,000 and growing no more than 2x from 1,000 to 100,000.
//
// Then a guarded write against the simulator (in a child process, as a real service would be) on
// the Redis store, paired with the same request over node:http (a kept-alive Agent): a PAUSED
// push, and an ACTIVE launch under money rules approved by a confirm callback. Each iteration runs
// both sides back to back in alternating order; the headline is the median of per-pair ratios.
// Targets: PAUSED <= 2.0x, ACTIVE with rules <= 3.0x. Also the Redis commands each one costs, as
// seen by the client (round trips) and by MONITOR (every command, those inside scripts included).
//   npx tsx bench/approvals.ts [counts, default 10,1000,10000,100000] [write pairs, default 300]
import { type ChildProcess, fork } from "node:child_process";
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { createClient } from "redis";
import type { ApprovalRecordInput } from "../src/store/index.js";
import { keyIdentity, keyScoped, memoryStore } from "../src/store/index.js";
import { redisStore } from "../src/store/redis.js";
import { createAdTools } from "../src/toolkit.js";
import { countingClient, startRedis } from "../test/support/redis.js";

const args = process.argv.slice(2);
const COUNTS = (args[0] ?? "10,1000,10000,100000").split(",").map(Number);
const PAIRS = Number(args[1] ?? 300);
const SAMPLES = 60;
const THREAD = "bench-thread";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};
const ms = (n: number) => n.toFixed(2);
const time = async (run: () => Promise<unknown>) => {
  const t = performance.now();
  await run();
  return performance.now() - t;
};

interface Sim {
  url: string;
  apiKey: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function childSim(): Promise<Sim> {
  const child: ChildProcess = fork(new URL("./sim-process.ts", import.meta.url), ["0"], {
    execArgv: ["--import", "tsx"],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off("message", on);
        resolve(m as T);
      };
      child.on("message", on);
    });
  const ready = await next<{ url: string; apiKey: string }>("ready");
  return {
    ...ready,
    reset: async () => void (await Promise.all([next("done"), child.send({ type: "reset" })])),
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ type: "close" });
      await exited;
    },
  };
}

const redis = await startRedis();
const sim = await childSim();
const storeOptions = { url: redis.url, commandTimeoutMs: 10_000 };

/** Every command Redis runs for `run` (MONITOR, those inside scripts included), and what `run` sent. */
async function commandsOf(run: () => Promise<unknown>): Promise<number> {
  const monitor = createClient({ url: redis.url });
  await monitor.connect();
  let seen = 0;
  await monitor.monitor(() => {
    seen++;
  });
  await run();
  // MONITOR lines arrive after the replies.
  await new Promise((resolve) => setTimeout(resolve, 100));
  await monitor.close().catch(() => monitor.destroy());
  return seen;
}

// ---- pending requests at scale ----------------------------------------------------------------

const payload = (i: number) =>
  JSON.stringify({
    account_id: "act_1001",
    adset_id: "adset_1001_1",
    headline: `Spring sale ${i}`,
    image_url: "https://cdn.example.com/spring.png",
    status: "ACTIVE",
    website_url: "https://shop.example.com/spring",
  });

const rows: Record<string, string>[] = [];
const perCount: { n: number; list: number; thread: number; answer: number; redeem: number }[] = [];
for (const n of COUNTS) {
  await redis.flush();
  const store = redisStore(storeOptions);
  const records = keyScoped(store, keyIdentity(sim.url, sim.apiKey));
  const toolkit = createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url, store, sessionId: "bench" });
  const now = await store.clock();
  const make = (i: number, scope: string): ApprovalRecordInput => ({
    id: `apr_bench_${i}`,
    tool: "push-creative",
    account: "act_1001",
    payload: payload(i),
    fingerprint: `fp${i}`,
    callId: `call_${i}`,
    scope,
    channel: "langgraph",
    askedAt: now - n + i,
    expiresAt: now + 3_600_000,
    summary: { account_id: "act_1001", status: "ACTIVE", headline: `Spring sale ${i}` },
    message: `Create an ACTIVE ad "Spring sale ${i}" in adset_1001_1 of act_1001.`,
  });
  const seeded = performance.now();
  const middle = Math.floor(n / 2);
  for (let from = 0; from < n; from += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let i = from; i < Math.min(n, from + 1000); i++) {
      const thread = i >= middle && i < middle + 5 ? THREAD : `thread-${i % 997}`;
      batch.push(records.createApproval("", make(i, thread)));
    }
    await Promise.all(batch);
  }
  const seedMs = performance.now() - seeded;

  const first = await toolkit.pendingApprovals();
  const threadSet = await toolkit.pendingApprovals(THREAD);
  if (first.length !== Math.min(100, n) || first[0]!.id !== "apr_bench_0")
    throw new Error(`the key's first page is wrong at ${n}: ${first.length}`);
  if (threadSet.length !== Math.min(5, n)) throw new Error(`the thread's set is wrong at ${n}`);

  const oldest = `apr_bench_${Math.min(SAMPLES, n - 5)}`;
  const counts = {
    list: await commandsOf(() => toolkit.pendingApprovals()),
    thread: await commandsOf(() => toolkit.pendingApprovals(THREAD)),
    answer: await commandsOf(async () =>
      records.answerApproval("", oldest, {
        approved: true,
        text: "yes",
        channel: "bench",
        at: await store.clock(),
      }),
    ),
    redeem: await commandsOf(() => records.redeemApproval("", oldest, payload(Math.min(SAMPLES, n - 5)))),
  };
  const list: number[] = [];
  const thread: number[] = [];
  const answer: number[] = [];
  const redeem: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    list.push(await time(() => toolkit.pendingApprovals()));
    thread.push(await time(() => toolkit.pendingApprovals(THREAD)));
  }
  // The oldest pending request each time: the one a queue reaches last.
  for (let s = 0; s < Math.min(SAMPLES, n - 5); s++) {
    const id = `apr_bench_${s}`;
    const at = await store.clock();
    answer.push(
      await time(async () => {
        const r = await records.answerApproval("", id, { approved: true, text: "yes", channel: "bench", at });
        if (!r.ok) throw new Error(`answer refused: ${r.why}`);
      }),
    );
    redeem.push(
      await time(async () => {
        const r = await records.redeemApproval("", id, payload(s));
        if (!r.ok) throw new Error(`redeem refused: ${r.why}`);
      }),
    );
  }
  const row = {
    n,
    list: median(list),
    thread: median(thread),
    answer: median(answer),
    redeem: median(redeem),
  };
  perCount.push(row);
  rows.push({
    pending: n.toLocaleString("en"),
    "seed s": (seedMs / 1000).toFixed(1),
    "pendingApprovals() ms": ms(row.list),
    "one thread ms": ms(row.thread),
    "answer ms": ms(row.answer),
    "redeem ms": ms(row.redeem),
    "Redis commands (list, thread, answer, redeem)": `${counts.list}, ${counts.thread}, ${counts.answer}, ${counts.redeem}`,
  });
  await store.close();
}
console.log(`\nOne key, Redis store, medians of ${SAMPLES} (page of 100; a thread of 5):`);
console.table(rows);

// ---- a guarded write vs node:http ---------------------------------------------------------------

await redis.flush();
const agent = new Agent({ keepAlive: true });
const { hostname, port } = new URL(sim.url);
const raw = (body: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(
      {
        agent,
        hostname,
        port,
        method: "POST",
        path: "/api/mcp/push-creative",
        headers: { authorization: `Bearer ${sim.apiKey}`, "content-type": "application/json" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`raw: ${res.statusCode} ${Buffer.concat(chunks)}`));
          else resolve();
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });

// Commands as the client sends them (round trips), and every one Redis runs (MONITOR).
const client = createClient({ url: redis.url });
await client.connect();
const sentWords: string[] = [];
const counting = countingClient(client, sentWords);
const transport = {
  apiKey: sim.apiKey,
  baseUrl: sim.url,
  rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
  store: redisStore({ client: counting as never, commandTimeoutMs: 10_000 }),
};
const paused = createAdTools({ ...transport, sessionId: "bench-paused" });
// The same PAUSED write on the memory store: what the guards cost without any Redis round trip.
const inMemory = createAdTools({ ...transport, store: memoryStore(), sessionId: "bench-memory" });
const ruled = createAdTools({
  ...transport,
  sessionId: "bench-active",
  rules: { launches: { perDay: 1_000_000 }, writesPerConversation: 1_000_000, bannedPhrases: ["guaranteed"] },
  confirm: async () => ({ approved: true, text: "Yes, launch it" }),
});
const accounts = (await paused.call("list-accounts", {})) as { data: { accounts: { id: string }[] } };
const accountId = accounts.data.accounts[0]!.id;
const adsets = (await paused.call("results", { account_id: accountId, level: "adset" })) as {
  data: { rows: { id: string }[] };
};
const adsetId = adsets.data.rows[0]!.id;
const push = (i: number, status: "PAUSED" | "ACTIVE") => ({
  account_id: accountId,
  adset_id: adsetId,
  image_url: "https://cdn.example.com/bench.png",
  website_url: "https://shop.example.com/",
  headline: `Bench ${status} ${i}`,
  ...(status === "ACTIVE" ? { status } : {}),
});

async function writeCommands(run: () => Promise<unknown>) {
  sentWords.length = 0;
  const seen = await commandsOf(run);
  return { sent: sentWords.length, seen };
}

async function pairs(status: "PAUSED" | "ACTIVE", kit: typeof paused, count: number) {
  const ratios: number[] = [];
  const kitMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = -20; i < count; i++) {
    if ((i + 20) % 200 === 0) await sim.reset();
    const input = push(i + 10_000, status);
    // The raw side sends the same body with an id of its own (its own ad, like the toolkit's).
    const body = JSON.stringify({
      ...input,
      request_id: `req_raw_${status}_${i}_${Date.now()}`,
      ...(status === "ACTIVE" ? { hard_confirm_text: "Yes, launch it" } : {}),
    });
    let k = 0;
    let r = 0;
    const sides = [
      async () => {
        k = await time(async () => {
          const result = await kit.call("push-creative", input);
          if (result.ok !== true) throw new Error(`toolkit ${status}: ${JSON.stringify(result)}`);
        });
      },
      async () => {
        r = await time(() => raw(body));
      },
    ];
    if (i % 2) sides.reverse();
    for (const side of sides) await side();
    if (i < 0) continue;
    ratios.push(k / r);
    kitMs.push(k);
    rawMs.push(r);
  }
  return { ratio: median(ratios), kit: median(kitMs), raw: median(rawMs) };
}

// The second write of each kind: the first also writes the store's epoch marker.
await paused.call("push-creative", push(0, "PAUSED"));
await ruled.call("push-creative", push(0, "ACTIVE"));
const pausedCount = await writeCommands(() => paused.call("push-creative", push(1, "PAUSED")));
const activeCount = await writeCommands(() => ruled.call("push-creative", push(1, "ACTIVE")));
const p = await pairs("PAUSED", paused, PAIRS);
const a = await pairs("ACTIVE", ruled, Math.max(50, Math.round(PAIRS / 2)));
const m = await pairs("PAUSED", inMemory, Math.max(50, Math.round(PAIRS / 2)));
console.log(
  "\nOne guarded write, Redis store, vs the same request over node:http (median of per-pair ratios):",
);
console.table([
  {
    write: "PAUSED push",
    "toolkit ms": ms(p.kit),
    "node:http ms": ms(p.raw),
    ratio: p.ratio.toFixed(2),
    target: "<= 2.0",
    "round trips": pausedCount.sent,
    "Redis commands": pausedCount.seen,
  },
  {
    write: "PAUSED push, memory store",
    "toolkit ms": ms(m.kit),
    "node:http ms": ms(m.raw),
    ratio: m.ratio.toFixed(2),
    target: "(no Redis)",
    "round trips": 0,
    "Redis commands": 0,
  },
  {
    write: "ACTIVE launch, rules",
    "toolkit ms": ms(a.kit),
    "node:http ms": ms(a.raw),
    ratio: a.ratio.toFixed(2),
    target: "<= 3.0",
    "round trips": activeCount.sent,
    "Redis commands": activeCount.seen,
  },
]);

const at = (n: number) => perCount.find((r) => r.n === n);
const verdicts: string[] = [];
const big = at(100_000);
const base = at(1_000);
if (big) {
  const worst = Math.max(big.list, big.thread, big.answer, big.redeem);
  verdicts.push(
    `slowest at 100,000 pending: ${ms(worst)} ms (target < 20): ${worst < 20 ? "met" : "NOT met"}`,
  );
  if (base) {
    const growth = Math.max(
      big.list / base.list,
      big.thread / base.thread,
      big.answer / base.answer,
      big.redeem / base.redeem,
    );
    verdicts.push(
      `largest growth 1,000 -> 100,000: ${growth.toFixed(2)}x (target <= 2): ${growth <= 2 ? "met" : "NOT met"}`,
    );
  }
}
verdicts.push(
  `PAUSED write ${p.ratio.toFixed(2)}x node:http (target <= 2.0): ${p.ratio <= 2 ? "met" : "NOT met"}`,
);
verdicts.push(
  `ACTIVE launch with rules ${a.ratio.toFixed(2)}x node:http (target <= 3.0): ${a.ratio <= 3 ? "met" : "NOT met"}`,
);
console.log(`\n${verdicts.join("\n")}`);

await transport.store.close();
await client.close();
agent.destroy();
await sim.close();
await redis.close();
