import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// A fleet process (a script of child/) driven line by line: wait for its person to be asked,
// answer, read its result. Every wait is bounded.

const SCRIPTS = {
  /** A toolkit call whose confirm callback asks the person. */
  confirm: fileURLToPath(new URL("./child/confirm-push.mjs", import.meta.url)),
  /** An AI SDK chat route: request 1 asks, request 2 redeems the answer. */
  "ai-sdk": fileURLToPath(new URL("./child/ai-route.mjs", import.meta.url)),
};

export interface FleetProcess {
  /** Resolves with the request its person was shown. */
  asked(): Promise<Record<string, unknown>>;
  /** Sends the person's answer ("yes", or a reason to decline). */
  answer(line: string): void;
  /** Resolves with the call's ToolResult once the process exits. */
  result(): Promise<Record<string, unknown>>;
  kill(): void;
}

export function startFleetProcess(
  kind: keyof typeof SCRIPTS,
  job: Record<string, unknown>,
  timeoutMs = 30_000,
): FleetProcess {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [SCRIPTS[kind]], { stdio: "pipe" });
  let out = "";
  let err = "";
  const waiters: (() => void)[] = [];
  child.stdout.on("data", (chunk) => {
    out += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on("data", (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  exited.then(() => {
    clearTimeout(timer);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stdin.write(`${JSON.stringify(job)}\n`);
  const line = async (prefix: string) => {
    for (;;) {
      const found = out.split("\n").find((l) => l.startsWith(prefix));
      if (found) return JSON.parse(found.slice(prefix.length));
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the fleet process exited before "${prefix.trim()}": ${out}\n${err}`);
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    asked: () => line("ASKED "),
    answer: (text) => child.stdin.write(`${text}\n`),
    result: async () => {
      const result = await line("RESULT ");
      await exited;
      return result;
    },
    kill: () => child.kill("SIGKILL"),
  };
}
