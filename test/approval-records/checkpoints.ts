import { spawn } from "node:child_process";
import type { MemorySaver } from "@langchain/langgraph";

// A LangGraph checkpointer shared by processes, as a database would be: the test process saves its
// MemorySaver's contents as JSON (bytes as base64) and a child process resumes from them.

const encode = (_key: string, value: unknown) =>
  value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString("base64") } : value;

/** The saver's checkpoints and pending writes, as text another process can load. */
export function dumpSaver(saver: MemorySaver): string {
  return JSON.stringify({ storage: saver.storage, writes: saver.writes }, encode);
}

/** Runs a child script with `job` as JSON on stdin; resolves with its stdout parsed as JSON. */
export function runChild(script: string, job: unknown, timeoutMs = 30_000): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`child exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`child printed no JSON: ${out}\n${err}`));
      }
    });
    child.stdin.end(JSON.stringify(job));
  });
}
