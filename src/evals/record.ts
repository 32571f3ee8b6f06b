import type { AuditEvent } from "../types.js";

/** The adapters a conversation is replayed through. */
export const ADAPTERS = ["ai-sdk", "langchain", "openai-agents", "mastra", "claude-agent-sdk"] as const;
export type AdapterName = (typeof ADAPTERS)[number];

/** One tool call the model made, and what became of it. */
export interface CallRecord {
  id: string;
  name: string;
  /** The arguments as the model sent them (placeholders resolved). */
  args: Record<string, unknown>;
  /**
   * done: the tool ran (a guard may still have refused it); denied: a person refused it in the
   * framework's approval flow; pending: the approval was never answered; error: the framework
   * reported an error instead of running the tool.
   */
  state: "done" | "denied" | "pending" | "error";
  /** The text the model read back. */
  read?: string;
  /** `read` parsed as JSON, when it is JSON. */
  result?: unknown;
  /** The guard that refused it; "hard-confirmation" also for a denial in the framework's flow. */
  blocked?: string;
}

/** A person's decision and whether the run asked for it. */
export interface HumanUse {
  call: string;
  decision: string;
  /** The confirmation text of an approval. */
  text?: string;
  used: boolean;
}

/** Everything one conversation x adapter run produced, as scored. */
export interface RunRecord {
  calls: CallRecord[];
  events: AuditEvent[];
  /** Final texts and the frameworks' own results (messages), as JSON. */
  outputs: unknown[];
  /** Everything the model was sent (prompts, tool definitions); scanned for leaks, not reported. */
  modelInputs: unknown[];
  /** The simulator's request log (bodies, statuses; never headers). */
  requests: Record<string, unknown>[];
  /** The simulator's state afterwards. */
  state: unknown;
  human: HumanUse[];
  /** Confirmations asked for that the fixture had no decision for. */
  unexpectedAsks: number;
  /** Scripted assistant turns not played (replay only). */
  unplayed: number;
  /** A failure of the run itself (a thrown error, a placeholder that did not resolve). */
  error?: string;
}

/** One scored expectation. */
export interface Check {
  name: string;
  pass: boolean;
  detail?: string;
}
