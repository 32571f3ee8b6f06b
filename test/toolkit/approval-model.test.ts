import fc from "fast-check";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdStore } from "../../src/store/index.js";
import { memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import type { AdToolkit, ApprovalAnswer, ConfirmDecision, ConfirmRequest } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

// The approval model as a state machine (fast-check commands) against the simulator as a real
// HTTP server. Processes (toolkits) on one store ask for ACTIVE pushes, people answer (approve,
// decline, or never), answers are redeemed for their own call, for other calls, again, after edits
// of the answer as kept (with a secret) and after process and store restarts; calls also go out
// with no answer at all (what a tool-wide "always approve" amounts to) and through the confirm
// callback. After every step: each ACTIVE ad at the service is one a person approved, at most once.
// On a memory store, and on a real redis-server that restarts empty (FLUSHALL) mid-run; failing
// closed after the loss is allowed.

let f: SimFixture;
let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  [f, redis] = await Promise.all([
    startSimFixture({ writeBudget: { limit: 1_000_000, windowMs: 3_600_000 } }),
    startRedis(),
  ]);
});
afterAll(async () => {
  await Promise.all([f?.sim.close(), redis?.close()]);
});

const SESSION = "property-session";
const CALL_IDS = ["call_a", "call_b", "call_c"];

interface Model {
  /** Headline of each asked request, by index. */
  asked: string[];
  /** Headlines a person approved (each headline is one request's payload). */
  approved: Set<string>;
  answers: number;
}

/** Where the processes keep their shared state. */
interface Backend {
  /** The store a new process opens. */
  open(): AdStore;
  /** The store loses everything it kept. */
  restart(r: Real): Promise<void>;
  close(): Promise<void>;
}

/** One memory store for every process; a restart is a new store, and new processes on it. */
function memoryBackend(): Backend {
  let store = memoryStore();
  return {
    open: () => store,
    async restart(r) {
      store = memoryStore();
      r.processes = r.processes.map(() => newProcess(r));
    },
    close: async () => {},
  };
}

let runs = 0;

/**
 * A real redis-server: each process its own connection (and so its own memory of the store's
 * epoch, as a separate process has), on a prefix of this run; a restart empties the server under
 * the running processes.
 */
function redisBackend(): Backend {
  const prefix = `property-${runs++}`;
  const clients: { isOpen: boolean; close(): Promise<unknown> }[] = [];
  return {
    open() {
      const client = createClient({ url: redis.url });
      clients.push(client);
      return redisStore({ client, prefix, connectTimeoutMs: 2000, commandTimeoutMs: 1000 });
    },
    restart: () => redis.flush(),
    async close() {
      await Promise.all(clients.map((client) => (client.isOpen ? client.close() : undefined)));
    },
  };
}

interface Real {
  backend: Backend;
  processes: AdToolkit[];
  requests: ConfirmRequest[];
  answers: ApprovalAnswer[];
  secret?: string;
  next: number;
}

const newProcess = (r: Real) =>
  f.kit({
    store: r.backend.open(),
    sessionId: SESSION,
    ...(r.secret === undefined ? {} : { approvalSecret: r.secret }),
  });
const pushTool = (r: Real, p: number) => r.processes[p % r.processes.length]!.get("push-creative")!;
const input = (headline: string) => f.push({ headline, status: "ACTIVE" });

/** The invariant, checked against the simulator's own records. */
function checkLive(m: Model): void {
  const live = f.sim.control.ads().filter((ad) => ad.status === "ACTIVE");
  const count = new Map<string, number>();
  for (const ad of live) count.set(String(ad.headline), (count.get(String(ad.headline)) ?? 0) + 1);
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
    const headline = `Ad ${r.next++}`;
    const request = await pushTool(r, this.p).ask(input(headline), {
      toolCallId: this.callId,
      sessionId: SESSION,
    });
    expect(request).not.toBeNull();
    r.requests.push(request!);
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
    const request = r.requests[i]!;
    const decision: ConfirmDecision = this.approve
      ? { approved: true, text: `Yes to ${m.asked[i]}` }
      : { approved: false, reason: "not now" };
    r.answers.push(pushTool(r, this.p).answer(request, decision, "property"));
    m.answers++;
    if (this.approve) m.approved.add(m.asked[i]!);
  }
  toString = () => `answer(req${this.req}, ${this.approve ? "approve" : "decline"})`;
}

/** Redeems an answer for the call of request `target` (its own request, or another one), with its payload. */
class Redeem implements Cmd {
  constructor(
    readonly p: number,
    readonly ans: number,
    readonly target: number | "own",
    readonly sameCallId: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.answers > 0;
  async run(m: Model, r: Real) {
    const answer = r.answers[this.ans % r.answers.length]!;
    const own = r.requests.findIndex((q) => q.id === answer.request.id);
    const i = this.target === "own" ? own : this.target % r.requests.length;
    const callId = this.sameCallId ? answer.request.callId : r.requests[i]!.callId;
    await pushTool(r, this.p).call(input(m.asked[i]!), { answer, toolCallId: callId, sessionId: SESSION });
    checkLive(m);
  }
  toString = () => `redeem(p${this.p}, ans${this.ans}, ${this.target}, sameCall=${this.sameCallId})`;
}

/** A call with no answer at all: what an SDK's tool-wide approval hands the toolkit. */
class NoAnswer implements Cmd {
  constructor(readonly req: number) {}
  check = (m: Readonly<Model>) => m.asked.length > 0;
  async run(m: Model, r: Real) {
    const i = this.req % r.requests.length;
    const result = await pushTool(r, 0).call(input(m.asked[i]!), {
      toolCallId: r.requests[i]!.callId,
      sessionId: SESSION,
    });
    expect(result).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    checkLive(m);
  }
  toString = () => `noAnswer(req${this.req})`;
}

/** The answer as kept somewhere editable, changed without the secret; it is no person's answer. */
class EditAnswer implements Cmd {
  constructor(
    readonly ans: number,
    readonly edit: "approve" | "retarget" | "callId" | "text",
    readonly into: number,
  ) {}
  check = (m: Readonly<Model>) => m.answers > 0;
  async run(m: Model, r: Real) {
    const original = r.answers[this.ans % r.answers.length]!;
    const edited = structuredClone(original) as ApprovalAnswer;
    const other = r.requests[this.into % r.requests.length]!;
    if (this.edit === "approve") edited.approved = true;
    if (this.edit === "retarget") {
      const { id, tool, callId, fingerprint, account, askedAt, expiresAt } = other;
      edited.request = { id, tool, callId, fingerprint, account, askedAt, expiresAt };
    }
    if (this.edit === "callId") edited.request.callId = other.callId;
    if (this.edit === "text") edited.text = "Edited sentence";
    const i = r.requests.findIndex((q) => q.id === edited.request.id);
    const changed = JSON.stringify(edited) !== JSON.stringify(original);
    const result = await pushTool(r, 0).call(input(m.asked[i]!), {
      answer: edited,
      toolCallId: edited.request.callId,
      sessionId: SESSION,
    });
    if (changed) expect(result).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    checkLive(m);
  }
  toString = () => `edit(ans${this.ans}, ${this.edit}, req${this.into})`;
}

/** The confirm callback: a person asked at the call answers approve, decline, or not at all. */
class Confirm implements Cmd {
  constructor(readonly decision: "approve" | "decline" | "none") {}
  check = () => true;
  async run(m: Model, r: Real) {
    const headline = `Confirmed ${r.next++}`;
    const confirm = (): ConfirmDecision => {
      if (this.decision === "approve") return { approved: true, text: `Yes to ${headline}` };
      if (this.decision === "decline") return { approved: false, reason: "no" };
      throw new Error("the person closed the window");
    };
    if (this.decision === "approve") m.approved.add(headline);
    const kit = f.kit({ store: r.backend.open(), sessionId: SESSION, confirm });
    await kit.call("push-creative", input(headline));
    checkLive(m);
  }
  toString = () => `confirm(${this.decision})`;
}

class RestartProcess implements Cmd {
  constructor(readonly p: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    r.processes[this.p % r.processes.length] = newProcess(r);
  }
  toString = () => `restartProcess(p${this.p})`;
}

class RestartStore implements Cmd {
  check = () => true;
  async run(_m: Model, r: Real) {
    await r.backend.restart(r);
  }
  toString = () => "restartStore";
}

const commands = (withSecret: boolean) => {
  const p = fc.nat(2);
  // Answers, redemptions and store restarts weigh more: a second ad needs several of them in a row.
  const list: fc.WeightedArbitrary<Cmd>[] = [
    { weight: 1, arbitrary: fc.tuple(p, fc.constantFrom(...CALL_IDS)).map(([a, b]) => new Ask(a, b)) },
    { weight: 2, arbitrary: fc.tuple(p, fc.nat(9), fc.boolean()).map(([a, b, c]) => new Answer(a, b, c)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(p, fc.nat(9), fc.oneof(fc.constant("own" as const), fc.nat(9)), fc.boolean())
        .map(([a, b, c, d]) => new Redeem(a, b, c, d)),
    },
    { weight: 1, arbitrary: fc.nat(9).map((a) => new NoAnswer(a)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("approve", "decline", "none").map((d) => new Confirm(d as "approve")),
    },
    { weight: 1, arbitrary: p.map((a) => new RestartProcess(a)) },
    { weight: 2, arbitrary: fc.constant(new RestartStore()) },
  ];
  if (withSecret) {
    list.push({
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat(9), fc.constantFrom("approve", "retarget", "callId", "text"), fc.nat(9))
        .map(([a, b, c]) => new EditAnswer(a, b as "approve", c)),
    });
  }
  return fc.oneof(...list);
};

describe.each([
  ["memory store, without approvalSecret", undefined, memoryBackend, 30],
  ["memory store, with approvalSecret", "property-secret", memoryBackend, 30],
  ["redis-server restarted empty, without approvalSecret", undefined, redisBackend, 30],
  ["redis-server restarted empty, with approvalSecret", "property-secret", redisBackend, 30],
] as const)("the approval model across channels, %s", (_, secret, backend, numRuns) => {
  it("never puts an ad live without a person's answer, nor twice for one answer", {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([commands(secret !== undefined)], { maxCommands: 14 }), async (cmds) => {
        f.sim.control.reset();
        const real: Real = {
          backend: backend(),
          processes: [],
          requests: [],
          answers: [],
          next: 0,
          ...(secret ? { secret } : {}),
        };
        real.processes = [newProcess(real), newProcess(real), newProcess(real)];
        // Every run starts with one ask, so answers and redemptions always have a request.
        const model: Model = { asked: [], approved: new Set(), answers: 0 };
        try {
          await new Ask(0, CALL_IDS[0]!).run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          checkLive(model);
        } finally {
          await real.backend.close();
        }
      }),
      {
        numRuns,
        // The answer redeemed, the store emptied, the same answer redeemed by another process.
        examples: [
          [
            [
              new Answer(0, 0, true),
              new Redeem(0, 0, "own", true),
              new RestartStore(),
              new Redeem(1, 0, "own", true),
            ],
          ],
        ],
      },
    );
  });
});
