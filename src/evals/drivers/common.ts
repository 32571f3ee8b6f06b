import { createAdTools } from "../../toolkit.js";
import type { AdToolkit, AuditEvent } from "../../types.js";
import type { CallRecord } from "../record.js";
import { type Stage, toolkitOptions } from "../scenario.js";
import type { Fixture } from "../schema.js";
import { HumanBook, parseRead, Script } from "../script.js";

/** Model calls allowed per user turn: far more than any script needs, few enough to stop a loop. */
export const MAX_STEPS = 25;

/** The toolkit's default approval window (5 minutes) when a fixture sets none. */
export const DEFAULT_TTL_MS = 5 * 60_000;

/** The guard named by a ToolResult the model read, if a guard refused the call. */
export function blockedBy(result: unknown): string | undefined {
  if (result === null || typeof result !== "object") return undefined;
  const guard = (result as { blocked?: unknown }).blocked;
  return typeof guard === "string" ? guard : undefined;
}

/** How a framework answered a call, as its driver tells from the framework's own messages. */
export interface ReadKind {
  /** A person refused the call in the framework's approval flow. */
  denied?: boolean;
  /** The framework answered instead of the tool (given the parsed text). */
  frameworkError: (result: unknown) => boolean;
  /** The framework's words for a tool the model may not call. */
  unavailable: RegExp;
}

/**
 * Files the text the model read back for `call`: denied by a person, answered by the framework
 * instead of the tool, or the tool's own result (with the guard that refused it, if one did).
 */
export function fileRead(call: CallRecord, text: string, kind: ReadKind): void {
  call.read = text;
  call.result = parseRead(text);
  if (kind.denied) {
    call.state = "denied";
    call.blocked = "hard-confirmation";
  } else if (kind.frameworkError(call.result)) {
    call.state = "error";
    if (kind.unavailable.test(text)) call.blocked = "unavailable";
  } else {
    call.state = "done";
    const guard = blockedBy(call.result);
    if (guard) call.blocked = guard;
  }
}

/** What both drivers set up before a replay: the toolkit, the person, the script and the records. */
export interface RunSetup {
  events: AuditEvent[];
  outputs: unknown[];
  human: HumanBook;
  toolkit: AdToolkit;
  script: Script;
  /** The scripted calls played so far, by id: what the model asked for, as it asked. */
  played: Map<string, { name: string; args: Record<string, unknown> }>;
}

/** Builds the toolkit, the scripted person and the scripted model's turns for one fixture run. */
export function setUpRun(fixture: Fixture, stage: Stage, sessionId: string, live: boolean): RunSetup {
  const events: AuditEvent[] = [];
  const ttl = fixture.toolkit.approvalTtlMs ?? DEFAULT_TTL_MS;
  const human = new HumanBook(fixture.human, live, ttl);
  const toolkit = createAdTools({
    ...toolkitOptions(fixture, stage, (event) => events.push(event), sessionId),
    ...(fixture.toolkit.approval === "callback" ? { confirm: human.channel() } : {}),
  });
  const played: RunSetup["played"] = new Map();
  const script = new Script(fixture, stage.scope, (call) => {
    played.set(call.id, { name: call.name, args: call.args });
    const fingerprint = toolkit.get(call.name)?.confirmationRequest(call.args)?.fingerprint;
    if (fingerprint) human.register(call.id, fingerprint);
  });
  return { events, outputs: [], human, toolkit, script, played };
}
