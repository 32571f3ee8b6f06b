import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Simulator } from "../../src/sim/index.js";
import type { ConfirmRequest, ToolResult } from "../../src/types.js";
import type { Call, StoreKind, WorkerInit, WorkerMessage, WorkerReply } from "./worker.js";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

/** A worker process with one toolkit. */
export interface Worker {
  run(store: StoreKind, calls: Call[]): Promise<{ results: ToolResult[]; elapsedMs: number }>;
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
      return { results: reply.results, elapsedMs: reply.elapsedMs };
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

/** What the service saw of a run: answers of 429 on the wire, and the share of its ceiling reached. */
export function wireReport(sim: Simulator, limit: number, windowMs: number) {
  const requests = sim.control.requests().filter((r) => r.tool !== null);
  const tooMany = requests.filter((r) => r.status === 429).length;
  const okTimes = requests.filter((r) => r.status === 200).map((r) => Date.parse(r.at));
  const elapsed = okTimes.length > 0 ? Math.max(...okTimes) - Math.min(...okTimes) : 0;
  // A fixed window admits `limit` from its first request; a span of `elapsed` touches at most
  // floor(elapsed / window) + 1 windows.
  const ceiling = limit * (Math.floor(elapsed / windowMs) + 1);
  return {
    requests: requests.length,
    tooMany,
    ok: okTimes.length,
    elapsedMs: elapsed,
    fraction: okTimes.length / ceiling,
  };
}

/** `total` reads of one key split as evenly as possible over `n` workers. */
export function shares(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}
