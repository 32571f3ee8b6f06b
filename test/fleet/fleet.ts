import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Simulator } from "../../src/sim/index.js";
import type { ConfirmRequest, ToolResult } from "../../src/types.js";
import type { Call, StoreKind, WorkerInit, WorkerMessage, WorkerReply } from "./worker.js";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

/** A worker process with one toolkit. */
export interface Worker {
  run(
    store: StoreKind,
    calls: Call[],
  ): Promise<{ results: ToolResult[]; elapsedMs: number; answeredAt: number[] }>;
  /** The confirmation request a host would show for a push-creative input. */
  confirmationRequest(input: Record<string, unknown>): Promise<ConfirmRequest | null>;
  close(): Promise<void>;
}

/** Forks `n` worker processes and waits until each has its toolkit and store ready. */
export async function startWorkers(n: number, init: WorkerInit): Promise<Worker[]> {
  return Promise.all(Array.from({ length: n }, () => startWorker(init)));
}

async function startWorker(init: WorkerInit): Promise<Worker> {
  const child: ChildProcess = fork(WORKER, [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let nextId = 0;
  const pending = new Map<number, (reply: Exclude<WorkerReply, { type: "ready" }>) => void>();
  let onReady: (() => void) | undefined;
  let onExit: ((error: Error) => void) | undefined;
  child.on("message", (reply: WorkerReply) => {
    if (reply.type === "ready") onReady?.();
    else pending.get(reply.id)?.(reply);
  });
  child.on("exit", (code) => onExit?.(new Error(`fleet worker exited with ${code}`)));
  await new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onExit = reject;
    child.send({ type: "init", init } satisfies WorkerMessage);
  });
  const ask = <R extends Exclude<WorkerReply, { type: "ready" }>>(message: (id: number) => WorkerMessage) =>
    new Promise<R>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, resolve as (reply: Exclude<WorkerReply, { type: "ready" }>) => void);
      onExit = reject;
      child.send(message(id));
    });
  return {
    run: async (store, calls) => {
      const reply = await ask<Extract<WorkerReply, { type: "done" }>>((id) => ({
        type: "run",
        id,
        store,
        calls,
      }));
      return { results: reply.results, elapsedMs: reply.elapsedMs, answeredAt: reply.answeredAt };
    },
    confirmationRequest: async (input) => {
      const reply = await ask<Extract<WorkerReply, { type: "confirmation" }>>((id) => ({
        type: "confirmation",
        id,
        input,
      }));
      return reply.request;
    },
    close: () =>
      new Promise<void>((resolve) => {
        onExit = () => resolve();
        if (child.exitCode !== null || !child.connected) return resolve();
        child.send({ type: "exit" } satisfies WorkerMessage);
      }),
  };
}

/**
 * What the service saw of a run: answers of 429 on the wire, and the share of its ceiling reached.
 *
 * The ceiling is what a fixed window admits over the span from the first to the last ok request.
 * A client that never collects a 429 cannot send into the next window before it has heard the
 * answers of this one (the service's headers tell the reset in whole seconds only), so the time
 * answers took to come back from the service (`answeredAt`, epoch ms of every call's answer in the
 * processes, when each call was one request) is not the client's to use and is left out of the
 * span. Time the client itself takes, before or between sends, stays in it.
 */
export function wireReport(sim: Simulator, limit: number, windowMs: number, answeredAt?: number[]) {
  const requests = sim.control.requests().filter((r) => r.tool !== null);
  const tooMany = requests.filter((r) => r.status === 429).length;
  const okTimes = requests.filter((r) => r.status === 200).map((r) => Date.parse(r.at));
  const elapsed = okTimes.length > 0 ? Math.max(...okTimes) - Math.min(...okTimes) : 0;
  let answerLagMs = 0;
  if (answeredAt !== undefined && answeredAt.length === requests.length) {
    // The service's windows, as it opens them: at the first request after the last one ended.
    const arrivals = requests.map((r) => Date.parse(r.at)).sort((a, b) => a - b);
    const answers = [...answeredAt].sort((a, b) => a - b);
    const windows: number[][] = [];
    for (const at of arrivals) {
      const open = windows.at(-1);
      if (open && at < open[0]! + windowMs) open.push(at);
      else windows.push([at]);
    }
    // The next window's requests wait for this one's answers, so answers come back in window order.
    let seen = 0;
    for (const window of windows.slice(0, -1)) {
      seen += window.length;
      answerLagMs += Math.max(0, answers[seen - 1]! - window.at(-1)!);
    }
  }
  // A fixed window admits `limit` from its first request; a span of `elapsed` touches at most
  // floor(elapsed / window) + 1 windows.
  const span = Math.max(0, elapsed - answerLagMs);
  const ceiling = limit * (Math.floor(span / windowMs) + 1);
  return {
    requests: requests.length,
    tooMany,
    ok: okTimes.length,
    elapsedMs: elapsed,
    answerLagMs,
    fraction: okTimes.length / ceiling,
  };
}

/** `total` reads of one key split as evenly as possible over `n` workers. */
export function shares(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}
