import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalAnswer, ConfirmRequest } from "../../src/types.js";
import { unique, useWorld } from "./support.js";

// The approval property (test/toolkit/approval-model.test.ts) on a fleet: three real processes on
// one real redis-server, their clocks 0 s, +5 s and -5 s off, requests and answers passed between
// them as JSON (as conversations, run states and inbox items carry them). fast-check commands ask,
// answer (approve, decline), redeem an answer in any process (for its own call, another call,
// again), call with no answer, go through the confirm callback, restart a process (a new OS
// process), restart the store empty (FLUSHALL), evict what volatile-ttl would (every key with a
// TTL), and let time pass beyond approvalTtlMs. After every step: each ACTIVE ad at the service is
// one a person approved, at most once, and none comes from an answer redeemed after it expired
// (by the wall clock of this machine, which is Redis's too). Failing closed is always allowed.

const w = useWorld({ redis: true, cli: true });
const SCRIPT = fileURLToPath(new URL("./child/property-process.mjs", import.meta.url));
const SKEWS = [0, 5000, -5000];
const TTL_MS = 1500;
/** Past the TTL by more than any scheduling jitter, so "expired" is certain when asserted. */
const PAST_TTL_MS = TTL_MS + 700;
const CALL_IDS = ["call_a", "call_b", "call_c"];

/** A fleet process: a child driven by JSON lines, every request bounded in time. */
class Proc {
  private child!: ChildProcessWithoutNullStreams;
  private out = "";
  private next = 0;
  private waiting = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
  constructor(readonly skewMs: number) {
    this.spawn();
  }
  spawn() {
    this.child = spawn(process.execPath, [SCRIPT], { stdio: "pipe" });
    this.out = "";
    this.child.stdout.on("data", (chunk) => {
      this.out += chunk;
      let nl = this.out.indexOf("\n");
      while (nl >= 0) {
        const msg = JSON.parse(this.out.slice(0, nl));
        this.out = this.out.slice(nl + 1);
        const waiter = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        if (msg.error) waiter?.reject(new Error(msg.error));
        else waiter?.resolve(msg.result);
        nl = this.out.indexOf("\n");
      }
    });
    this.child.stderr.on("data", () => {});
  }
  send(op: string, body: Record<string, unknown> = {}): Promise<any> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${op} took over 15 s`)), 15_000);
      this.waiting.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.child.stdin.write(`${JSON.stringify({ id, op, ...body })}\n`);
    });
  }
  async restart(setup: Record<string, unknown>) {
    await this.stop();
    this.spawn();
    await this.send("setup", { setup: { ...setup, skewMs: this.skewMs } });
  }
  async stop() {
    const child = this.child;
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.stdin.end();
      setTimeout(() => child.kill("SIGKILL"), 2000).unref();
    });
  }
}

let fleet: Proc[] = [];
beforeAll(() => {
  fleet = SKEWS.map((skew) => new Proc(skew));
});
afterAll(async () => {
  await Promise.all(fleet.map((p) => p.stop()));
});

interface Model {
  asked: string[];
  approved: Set<string>;
  answers: number;
}

interface Real {
  setup: Record<string, unknown>;
  prefix: string;
  requests: ConfirmRequest[];
  /** Each answer, with the wall-clock time its request was asked. */
  answers: { answer: ApprovalAnswer; askedAt: number; headline: string }[];
  askedAt: number[];
  next: number;
}

const proc = (p: number) => fleet[p % fleet.length]!;
const input = (headline: string) => w.push(headline);

/** The invariant, over this run's ads (headlines start with the run's prefix). */
function checkLive(m: Model, prefix: string) {
  const count = new Map<string, number>();
  for (const ad of w.sim.control.ads()) {
    if (ad.status !== "ACTIVE" || !String(ad.headline).startsWith(`${prefix} `)) continue;
    count.set(String(ad.headline), (count.get(String(ad.headline)) ?? 0) + 1);
  }
  for (const [headline, n] of count) {
    expect(m.approved.has(headline), `ACTIVE ad "${headline}" without a person's approval`).toBe(true);
    expect(n, `more than one ACTIVE ad for the answer to "${headline}"`).toBe(1);
  }
}

type Cmd = fc.AsyncCommand<Model, Real>;

class Ask implements Cmd {
  constructor(
    readonly p: number,
    readonly callId: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const headline = `${r.prefix} ad ${r.next++}`;
    const askedAt = Date.now();
    const request = await proc(this.p).send("ask", { input: input(headline), toolCallId: this.callId });
    expect(request).not.toBeNull();
    r.requests.push(request);
    r.askedAt.push(askedAt);
    m.asked.push(headline);
  }
  toString = () => `ask(p${this.p}, ${this.callId})`;
}

class Answer implements Cmd {
  constructor(
    readonly p: number,
    readonly req: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.asked.length > 0;
  async run(m: Model, r: Real) {
    const i = this.req % r.requests.length;
    const decision = this.approve
      ? { approved: true, text: `Yes to ${m.asked[i]}` }
      : { approved: false, reason: "not now" };
    const answer = await proc(this.p).send("answer", { request: r.requests[i], decision });
    r.answers.push({ answer, askedAt: r.askedAt[i]!, headline: m.asked[i]! });
    m.answers++;
    if (this.approve) m.approved.add(m.asked[i]!);
  }
  toString = () => `answer(p${this.p}, req${this.req}, ${this.approve ? "approve" : "decline"})`;
}

class Redeem implements Cmd {
  constructor(
    readonly p: number,
    readonly ans: number,
    readonly target: number | "own",
  ) {}
  check = (m: Readonly<Model>) => m.answers > 0;
  async run(m: Model, r: Real) {
    const { answer, askedAt, headline: own } = r.answers[this.ans % r.answers.length]!;
    const i = this.target === "own" ? m.asked.indexOf(own) : this.target % r.requests.length;
    const headline = m.asked[i]!;
    const before = w.live(headline);
    const expired = Date.now() > askedAt + PAST_TTL_MS;
    const result = await proc(this.p).send("call", {
      input: input(headline),
      context: { answer, toolCallId: r.requests[i]!.callId },
    });
    if (expired)
      expect(w.live(headline), `an answer redeemed after it expired: ${JSON.stringify(result)}`).toBe(before);
    checkLive(m, r.prefix);
  }
  toString = () => `redeem(p${this.p}, ans${this.ans}, ${this.target})`;
}

class NoAnswer implements Cmd {
  constructor(
    readonly p: number,
    readonly req: number,
  ) {}
  check = (m: Readonly<Model>) => m.asked.length > 0;
  async run(m: Model, r: Real) {
    const i = this.req % r.requests.length;
    const result = await proc(this.p).send("call", {
      input: input(m.asked[i]!),
      context: { toolCallId: r.requests[i]!.callId },
    });
    expect(result).toMatchObject({ ok: false, status: null });
    checkLive(m, r.prefix);
  }
  toString = () => `noAnswer(p${this.p}, req${this.req})`;
}

class Confirm implements Cmd {
  constructor(
    readonly p: number,
    readonly decision: "approve" | "decline" | "none",
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const headline = `${r.prefix} confirmed ${r.next++}`;
    if (this.decision === "approve") m.approved.add(headline);
    await proc(this.p).send("confirm", { input: input(headline), decision: this.decision });
    checkLive(m, r.prefix);
  }
  toString = () => `confirm(p${this.p}, ${this.decision})`;
}

class RestartProcess implements Cmd {
  constructor(readonly p: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    await proc(this.p).restart(r.setup);
  }
  toString = () => `restartProcess(p${this.p})`;
}

class RestartStore implements Cmd {
  check = () => true;
  async run() {
    await w.redis.flush();
  }
  toString = () => "restartStore";
}

class Evict implements Cmd {
  check = () => true;
  async run() {
    const admin = createClient({ url: w.redis.url });
    await admin.connect();
    try {
      for await (const keys of admin.scanIterator({ COUNT: 500 })) {
        for (const key of keys) if ((await admin.pTTL(key)) > 0) await admin.del(key);
      }
    } finally {
      await admin.close();
    }
  }
  toString = () => "evictVolatile";
}

class PassTtl implements Cmd {
  check = (m: Readonly<Model>) => m.answers > 0;
  async run() {
    await sleep(PAST_TTL_MS);
  }
  toString = () => "passTtl";
}

const commands = () => {
  const p = fc.nat(2);
  const list: fc.WeightedArbitrary<Cmd>[] = [
    { weight: 2, arbitrary: fc.tuple(p, fc.constantFrom(...CALL_IDS)).map(([a, b]) => new Ask(a, b)) },
    { weight: 2, arbitrary: fc.tuple(p, fc.nat(9), fc.boolean()).map(([a, b, c]) => new Answer(a, b, c)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(p, fc.nat(9), fc.oneof(fc.constant("own" as const), fc.nat(9)))
        .map(([a, b, c]) => new Redeem(a, b, c)),
    },
    { weight: 1, arbitrary: fc.tuple(p, fc.nat(9)).map(([a, b]) => new NoAnswer(a, b)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(p, fc.constantFrom("approve", "decline", "none") as fc.Arbitrary<"approve">)
        .map(([a, d]) => new Confirm(a, d)),
    },
    { weight: 1, arbitrary: p.map((a) => new RestartProcess(a)) },
    { weight: 1, arbitrary: fc.constant(new RestartStore()) },
    { weight: 1, arbitrary: fc.constant(new Evict()) },
    { weight: 1, arbitrary: fc.constant(new PassTtl()) },
  ];
  return fc.oneof(...list);
};

describe.each([
  ["without approvalSecret", undefined],
  ["with approvalSecret", "fleet-property-secret"],
] as const)("the approval model on a fleet of processes with skewed clocks, %s", (_, secret) => {
  it("never puts an ad live without a person's answer, twice for one answer, or after it expired", {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([commands()], { maxCommands: 10 }), async (cmds) => {
        const prefix = unique("fleet-property").replace(/[^\w-]/g, "_");
        const setup = {
          url: w.sim.url,
          apiKey: w.sim.apiKey,
          redisUrl: w.redis.url,
          prefix,
          sessionId: "fleet-property-session",
          ttlMs: TTL_MS,
          ...(secret ? { secret } : {}),
        };
        await Promise.all(fleet.map((p) => p.send("setup", { setup: { ...setup, skewMs: p.skewMs } })));
        const real: Real = { setup, prefix, requests: [], answers: [], askedAt: [], next: 0 };
        const model: Model = { asked: [], approved: new Set(), answers: 0 };
        await new Ask(0, CALL_IDS[0]!).run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        checkLive(model, prefix);
      }),
      {
        numRuns: 8,
        // Always run first: asked in the process 5 s ahead, redeemed once expired by a process on
        // the right clock (a break on the base commit); the same in the asking process; an answer
        // redeemed, the store emptied (or evicted), redeemed again elsewhere.
        examples: [
          [[new Ask(1, "call_b"), new Answer(1, 1, true), new PassTtl(), new Redeem(0, 0, "own")]],
          [[new Answer(1, 0, true), new PassTtl(), new Redeem(1, 0, "own")]],
          [[new Answer(0, 0, true), new Redeem(0, 0, "own"), new RestartStore(), new Redeem(1, 0, "own")]],
          [[new Answer(0, 0, true), new Redeem(0, 0, "own"), new Evict(), new Redeem(2, 0, "own")]],
        ],
      },
    );
  });
});
