import type { PendingConfirmation } from "../guards/approval/index.js";
import { createAdTools } from "../toolkit.js";
import type { AdToolkit, AdToolsOptions, PreviousLive, ToolResult } from "../types.js";

// Framework-neutral helpers shared by the adapters. Nothing here imports a framework.
// The approval model reaches the adapters only through here: they translate their framework's
// approval words into requests and answers, and apply no rule of their own.
export {
  answerRequest,
  type BoundDecision,
  bindDecision,
  confirmationText,
  type PendingConfirmation,
  readAnswer,
} from "../guards/approval/index.js";
// What providers are shown (schemas, strict flags, nulls) lives in schema-policy.ts.
export {
  explicitJsonSchema,
  type JsonSchema,
  modelJsonSchema,
  nonStrictTools,
  type ProviderSchema,
  providerSchema,
  type StrictSchema,
  strictJsonSchema,
  stripNulls,
} from "./schema-policy.js";

/** The toolkit an adapter wraps: the one given, or a new one built from options. */
export function resolveToolkit(toolkitOrOptions: AdToolkit | AdToolsOptions | undefined): AdToolkit {
  if (isToolkit(toolkitOrOptions)) return toolkitOrOptions;
  return createAdTools(toolkitOrOptions ?? {});
}

/** True for an adrails toolkit (rather than options for one). */
export function isToolkit(value: unknown): value is AdToolkit {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<AdToolkit>;
  return (
    Array.isArray(candidate.tools) &&
    typeof candidate.call === "function" &&
    typeof candidate.get === "function"
  );
}

/** Whether a result is an error for the framework: everything but a plain success. */
export function isErrorResult(result: ToolResult): boolean {
  // A pending result is a normal result: the model is meant to act on it.
  return result.ok !== true && result.ok !== "pending";
}

/**
 * Remembers when a confirmation was first asked for, so an approval given later carries that time
 * and the toolkit can expire it. A later ask for the same call never refreshes the time: frameworks
 * re-run the ask on resume, and a refresh would make a stale approval look fresh. The log keeps the
 * newest `maxEntries` asks; it is per process, so an approval answered in another process is timed
 * from when this process first saw it.
 */
export interface AskLog {
  asked(key: string): void;
  /** When `key` was first asked, kept. */
  peek(key: string): number | undefined;
  take(key: string): number | undefined;
  /** Records the live identical ad the first form for `key` named, if any (kept until `take`). */
  told(key: string, previousLive: PreviousLive | undefined): void;
  /** What `told` recorded for `key`. */
  toldOf(key: string): PreviousLive | undefined;
}

export function createAskLog(maxEntries = 10_000): AskLog {
  const asks = new Map<string, { at: number; told?: boolean; previousLive?: PreviousLive }>();
  return {
    asked(key) {
      if (asks.has(key)) return;
      asks.set(key, { at: Date.now() });
      // Maps iterate in insertion order, so the first key is the oldest ask.
      if (asks.size > maxEntries) asks.delete(asks.keys().next().value!);
    },
    peek: (key) => asks.get(key)?.at,
    take(key) {
      const at = asks.get(key)?.at;
      asks.delete(key);
      return at;
    },
    told(key, previousLive) {
      const ask = asks.get(key);
      // Only the first showing counts: a later one may name an ad the person never saw.
      if (!ask || ask.told) return;
      ask.told = true;
      if (previousLive) ask.previousLive = previousLive;
    },
    toldOf: (key) => asks.get(key)?.previousLive,
  };
}

/**
 * The confirmations a model's message asks for, found from one of its tool calls: the ACTIVE
 * pushes among the calls of the message holding `toolCallId`. Undefined when the message is not
 * in `messages`, so the caller cannot tell how many a person was asked about.
 */
export function pendingConfirmations(
  toolkit: AdToolkit,
  messages: readonly unknown[] | undefined,
  toolCallId: string | undefined,
): PendingConfirmation[] | undefined {
  if (!messages || toolCallId === undefined) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const calls = (messages[i] as { tool_calls?: unknown } | null)?.tool_calls;
    if (!Array.isArray(calls) || !calls.some((call) => stringField(call, "id") === toolCallId)) continue;
    const pending: PendingConfirmation[] = [];
    for (const call of calls as { id?: unknown; name?: unknown; args?: unknown }[]) {
      const request =
        typeof call?.name === "string" ? toolkit.get(call.name)?.confirmationRequest(call.args) : null;
      if (!request) continue;
      const id = stringField(call, "id");
      pending.push(
        id === undefined
          ? { fingerprint: request.fingerprint }
          : { toolCallId: id, fingerprint: request.fingerprint },
      );
    }
    return pending;
  }
  return undefined;
}

/** A string field of a record, if it is a non-empty string. */
export function stringField(value: unknown, key: string): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" && field !== "" ? field : undefined;
}

/** The result for a failure inside the adapter itself; it names no input and no secret. */
export function adapterFault(tool: string): ToolResult {
  return {
    ok: false,
    status: null,
    error: `adrails failed while handling the ${tool} call in the framework adapter.`,
    hint: "This is a fault in the tool layer, not in your input. Tell the user; do not repeat the call.",
    retryable: false,
  };
}
