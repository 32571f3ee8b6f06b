import { type ChildProcess, spawn } from "node:child_process";

// A small MCP client for the tasks extension, written from SEP-2663 (`io.modelcontextprotocol/tasks`),
// since no maintained JavaScript client implements it: it declares the extension, and when a
// `tools/call` answers with `resultType: "task"` it polls `tasks/get` (honouring
// `pollIntervalMilliseconds` unless told to poll faster, echoing `requestState`) until the task is
// completed, failed or cancelled. It speaks newline-delimited JSON-RPC to a child process over stdio: on 2025-11-25 it
// declares the extension at initialize; on 2026-07-28 in every request's `_meta` envelope (SEP-2575),
// after `server/discover`.

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

export interface TaskState {
  taskId: string;
  status: "working" | "input_required" | "completed" | "failed" | "cancelled";
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlSeconds: number | null;
  pollIntervalMilliseconds?: number;
  requestState?: string;
  inputRequests?: Record<string, { method: string; params: Record<string, unknown> }>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const CLIENT_INFO = { name: "sep-2663-test-client", version: "1.0.0" };

export type Revision = "2025-11-25" | "2026-07-28";

export class TasksClient {
  readonly child: ChildProcess;
  readonly revision: Revision;
  stderr = "";
  /**
   * Poll this often instead of the server's `pollIntervalMilliseconds` (a suggestion in SEP-2663):
   * a test need not sit out the 5 s a host is asked to wait between polls.
   */
  pollEveryMs?: number;
  private buffer = "";
  private nextId = 1;
  private waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(
    command: string,
    args: string[],
    env: Record<string, string>,
    revision: Revision = "2025-11-25",
  ) {
    this.revision = revision;
    this.child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr!.setEncoding("utf8").on("data", (d: string) => (this.stderr += d));
    this.child.stdout!.setEncoding("utf8").on("data", (d: string) => this.read(d));
  }

  private read(data: string) {
    this.buffer += data;
    let at = this.buffer.indexOf("\n");
    while (at >= 0) {
      const line = this.buffer.slice(0, at).trim();
      this.buffer = this.buffer.slice(at + 1);
      at = this.buffer.indexOf("\n");
      if (line === "") continue;
      const message = JSON.parse(line) as {
        id?: number;
        result?: unknown;
        error?: RpcError;
        method?: string;
      };
      if (message.method !== undefined || message.id === undefined) continue; // notifications, server requests
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) waiter?.reject(new RpcError(message.error.code, message.error.message));
      else waiter?.resolve(message.result);
    }
  }

  request<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const envelope =
        this.revision === "2026-07-28"
          ? {
              _meta: {
                ...((params._meta as object | undefined) ?? {}),
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": { extensions: { [TASKS_EXTENSION]: {} } },
                "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
              },
            }
          : {};
      this.child.stdin!.write(
        `${JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, ...envelope } })}\n`,
      );
    });
  }

  /** initialize (or server/discover) with the tasks extension declared, and nothing else (no elicitation). */
  async connect(): Promise<{ capabilities: Record<string, unknown> }> {
    if (this.revision === "2026-07-28") return this.request("server/discover");
    const result = await this.request<{ capabilities: Record<string, unknown> }>("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: { extensions: { [TASKS_EXTENSION]: {} } },
      clientInfo: CLIENT_INFO,
    });
    this.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    return result;
  }

  getTask(taskId: string, requestState?: string): Promise<TaskState> {
    return this.request<TaskState>("tasks/get", { taskId, ...(requestState ? { requestState } : {}) });
  }

  /**
   * Calls a tool; a task is polled to a terminal status. Every state seen is passed to `onState`
   * (deduplicated input requests are the caller's business).
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    onState: (state: TaskState) => void | Promise<void> = () => {},
    deadlineMs = 60_000,
  ): Promise<{ task?: TaskState; result: Record<string, unknown> }> {
    const first = await this.request<Record<string, unknown>>("tools/call", { name, arguments: args });
    if (first.resultType !== "task") return { result: first };
    let state = first as unknown as TaskState;
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      await onState(state);
      if (state.status === "completed") return { task: state, result: state.result ?? {} };
      if (state.status === "failed" || state.status === "cancelled") return { task: state, result: {} };
      if (Date.now() > deadline) throw new Error(`task ${state.taskId} still ${state.status}`);
      await new Promise((r) => setTimeout(r, this.pollEveryMs ?? state.pollIntervalMilliseconds ?? 1000));
      state = await this.getTask(state.taskId, state.requestState);
    }
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }
}
