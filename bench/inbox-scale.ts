// The inbox page's items.json at 10 / 1,000 / 10,000 / 100,000 waiting requests on a local
// redis-server: median time of one signed-in read (page 1, nothing cached), its size, and the
// count it reports (it must be the true count). Requests come from 50 askers on 5 accounts, each
// with its own process id. Targets at 100,000: under 50 ms and under 400 KB.
// Run: npx tsx bench/inbox-scale.ts [largest count, default 100000] (exit 1 over a target)
import { createInboxHandler } from "../src/inbox/handler.js";
import { createInbox } from "../src/inbox/inbox.js";
import { MAX_ANSWER } from "../src/inbox/items-api.js";
import { redisInbox } from "../src/inbox/redis-queue.js";
import { listen, TOKEN } from "../test/inbox/helpers.js";
import { addMany, waitingItem } from "../test/inbox/scale-helpers.js";
import { startRedis } from "../test/support/redis.js";

const LEVELS = [10, 1_000, 10_000, 100_000].filter((n) => n <= Number(process.argv[2] ?? 100_000));
const TARGET_MS = 50;
const READS = 21;
/** Reads before the measured ones: the server's code is compiled by then. */
const WARM = 10;

const redis = await startRedis();
const inbox = createInbox({ ...redisInbox({ url: redis.url, commandTimeoutMs: 10_000 }) });
const server = await listen(createInboxHandler(inbox, { token: TOKEN, sweepMs: 0 }));
const origin = server.url.slice(0, -1);
const signin = await fetch(new URL("signin", server.url), {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin, accept: "application/json" },
  body: new URLSearchParams({ name: "Bench", token: TOKEN }),
});
const { key } = (await signin.json()) as { key: string };
const headers = {
  cookie: signin.headers.get("set-cookie")?.split(";")[0] ?? "",
  "x-adrails-inbox-key": key,
  accept: "application/json",
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: string[] = [];
const problems: string[] = [];
let added = 0;
const t0 = Date.now() - 200_000;
for (const level of LEVELS) {
  await addMany(inbox.queue, level - added, (i) => {
    const n = added + i;
    return waitingItem(n, { agent: `job-${n % 50}`, pid: n, account: `act_${n % 5}` }, t0 + n);
  });
  added = level;
  const times: number[] = [];
  let size = 0;
  let total = 0;
  for (let i = -WARM; i < READS; i++) {
    const start = performance.now();
    const answer = await fetch(new URL("items.json?pending=1&history=1", server.url), { headers });
    const body = await answer.text();
    if (i >= 0) times.push(performance.now() - start);
    if (answer.status !== 200) throw new Error(`items.json answered ${answer.status}: ${body.slice(0, 200)}`);
    size = Buffer.byteLength(body);
    total = (JSON.parse(body) as { pending: { total: number } }).pending.total;
  }
  const ms = median(times);
  rows.push(
    `| ${level.toLocaleString("en")} | ${ms.toFixed(1)} ms | ${(size / 1024).toFixed(1)} KB | ${total.toLocaleString("en")} |`,
  );
  if (total !== level) problems.push(`${level}: the page counts ${total}`);
  if (size >= MAX_ANSWER) problems.push(`${level}: ${size} bytes`);
  if (level === 100_000 && ms >= TARGET_MS) problems.push(`${level}: ${ms.toFixed(1)} ms`);
}
const first = Number(rows[0]?.split("|")[2]?.trim().split(" ")[0]);
const last = Number(rows.at(-1)?.split("|")[2]?.trim().split(" ")[0]);
console.log("| pending | items.json (median) | size | count shown |\n| - | - | - | - |");
console.log(rows.join("\n"));
console.log(`\nlargest / smallest time: ${(last / first).toFixed(2)}x`);
await server.close();
await inbox.close();
await redis.close();
if (problems.length > 0) {
  console.error(`Over target: ${problems.join("; ")}`);
  process.exit(1);
}
