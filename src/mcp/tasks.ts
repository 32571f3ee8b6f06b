import { randomBytes } from "node:crypto";
import { type McpServer, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { AdToolkit, ToolResult } from "../types.js";
import { isPending, type PendingResult } from "./hold.js";

// The MCP tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`): a call that waits for a
// person becomes a task, `input_required` until the person decides in the inbox, then `completed`
// with the call's result. The task names its approval request in the toolkit's store, and the
// request's record holds the outcome, so any instance on the same store answers `tasks/get`.

const POLL_MS = 5000;
const PREFIX = "mcp-task:";
/** Unused task records go after the request expired, and this long for a late poll. */
const KEEP_AFTER_EXPIRY_MS = 3600_000;

interface TaskRecord {
  approvalId: string;
  approveUrl: string;
  createdAt: string;
  expiresAt: string;
  message: string;
}

/** Where task records live: the toolkit's store (shared by the fleet) or this process's memory. */
interface TaskRecords {
  put(taskId: string, record: TaskRecord, ttlMs: number): Promise<void>;
  get(taskId: string): Promise<TaskRecord | undefined>;
}

const inMemory = new WeakMap<AdToolkit, Map<string, { record: TaskRecord; until: number }>>();

function taskRecords(toolkit: AdToolkit): TaskRecords {
  const store = toolkit.options.store;
  if (store) {
    return {
      put: (taskId, record, ttlMs) => store.pin(PREFIX + taskId, JSON.stringify(record), ttlMs),
      get: async (taskId) => parse(await store.pinned(PREFIX + taskId)),
    };
  }
  let map = inMemory.get(toolkit);
  if (!map) {
    map = new Map();
    inMemory.set(toolkit, map);
  }
  const records = map;
  return {
    put: async (taskId, record, ttlMs) => {
      const now = Date.now();
      for (const [id, entry] of records) if (entry.until < now) records.delete(id);
      records.set(taskId, { record, until: now + ttlMs });
    },
    get: async (taskId) => {
      const entry = records.get(taskId);
      return entry && entry.until >= Date.now() ? entry.record : undefined;
    },
  };
}

function parse(text: string | null): TaskRecord | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as TaskRecord;
    return typeof value.approvalId === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The tasks extension of one server instance. */
export interface McpTasks {
  /** Makes a pending call a task: the CreateTaskResult to answer `tools/call` with. */
  create(pending: PendingResult, message: string): Promise<Record<string, unknown>>;
}

const TaskParams = z
  .object({ taskId: z.string().min(1).max(200), requestState: z.string().optional() })
  .loose();

/**
 * Serves `tasks/get`, `tasks/update` and `tasks/cancel` on `server` for tasks made by `create`.
 * `toCallToolResult` turns the call's ToolResult into the task's `result`.
 */
export function serveTasks(
  toolkit: AdToolkit,
  server: McpServer,
  toCallToolResult: (result: ToolResult) => Record<string, unknown>,
): McpTasks {
  const records = taskRecords(toolkit);
  const ttlSeconds = (record: TaskRecord) =>
    Math.max(1, Math.round((Date.parse(record.expiresAt) - Date.parse(record.createdAt)) / 1000));
  const inputRequests = (taskId: string, record: TaskRecord) => ({
    [`inbox-${taskId}`]: {
      method: "elicitation/create",
      params: {
        mode: "url",
        message: record.message,
        url: record.approveUrl,
        elicitationId: record.approvalId,
      },
    },
  });

  server.server.setRequestHandler("tasks/get", { params: TaskParams }, async (params) => {
    const record = await records.get(params.taskId).catch(() => undefined);
    if (!record) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");
    }
    const result = await toolkit.awaitApproval(record.approvalId, { waitMs: 0 });
    const base = {
      taskId: params.taskId,
      createdAt: record.createdAt,
      ttlSeconds: ttlSeconds(record),
      pollIntervalMilliseconds: POLL_MS,
    };
    if (isPending(result)) {
      return {
        ...base,
        status: "input_required",
        lastUpdatedAt: record.createdAt,
        statusMessage: `Waiting for a person to decide in the approval inbox: ${record.approveUrl} (expires ${record.expiresAt}).`,
        inputRequests: inputRequests(params.taskId, record),
      };
    }
    return {
      ...base,
      status: "completed",
      lastUpdatedAt: new Date().toISOString(),
      result: toCallToolResult(result),
    };
  });
  // The decision is the person's, in the inbox: input a client sends is acknowledged and ignored.
  server.server.setRequestHandler("tasks/update", { params: TaskParams }, async () => ({}));
  // Cooperative cancellation (SEP-2663): the request stays in the inbox until it expires.
  server.server.setRequestHandler("tasks/cancel", { params: TaskParams }, async () => ({}));

  return {
    async create(pending, message) {
      const taskId = randomBytes(24).toString("base64url");
      const createdAt = new Date().toISOString();
      const record: TaskRecord = {
        approvalId: pending.approval_id,
        approveUrl: pending.approve_url,
        createdAt,
        expiresAt: pending.expires_at,
        message,
      };
      const ttlMs = Math.max(0, Date.parse(pending.expires_at) - Date.now()) + KEEP_AFTER_EXPIRY_MS;
      // Durable before it is named (SEP-2663): a store that fails leaves the call pending instead.
      await records.put(taskId, record, ttlMs);
      return {
        resultType: "task",
        taskId,
        status: "input_required",
        statusMessage: `Waiting for a person to decide in the approval inbox: ${pending.approve_url}`,
        createdAt,
        lastUpdatedAt: createdAt,
        ttlSeconds: ttlSeconds(record),
        pollIntervalMilliseconds: POLL_MS,
      };
    },
  };
}
