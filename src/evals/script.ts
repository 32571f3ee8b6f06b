import type { ConfirmChannel, ConfirmDecision } from "../types.js";
import type { HumanUse } from "./record.js";
import type { AssistantMessage, Fixture, HumanDecision } from "./schema.js";
import { resolve, type TemplateScope } from "./template.js";

/** A user turn and the assistant turns that answer it. */
export interface Segment {
  user: string;
  turns: AssistantMessage[];
}

/** The system prompt and the user segments of a fixture. Recorded tool messages are dropped. */
export function segmentsOf(fixture: Fixture): { system?: string; segments: Segment[] } {
  const system = fixture.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n\n");
  const segments: Segment[] = [];
  for (const m of fixture.messages) {
    if (m.role === "user") segments.push({ user: m.content, turns: [] });
    else if (m.role === "assistant") segments.at(-1)?.turns.push(m);
  }
  return system === "" ? { segments } : { system, segments };
}

/** A scripted turn with placeholders resolved, ready to hand to a framework as the model's answer. */
export interface PlayedTurn {
  content: string;
  calls: { id: string; name: string; args: Record<string, unknown> }[];
}

/**
 * Plays the scripted assistant turns of one segment at a time, resolving placeholders against what
 * the model has read so far. Asking for more turns than the segment has is an error of the script.
 */
export class Script {
  readonly system: string | undefined;
  readonly segments: Segment[];
  private segment = -1;
  private turn = 0;
  private played = 0;
  private readonly total: number;

  constructor(
    fixture: Fixture,
    private readonly scope: TemplateScope,
    private readonly onCall?: (call: PlayedTurn["calls"][number]) => void,
  ) {
    const parts = segmentsOf(fixture);
    this.system = parts.system;
    this.segments = parts.segments;
    this.total = this.segments.reduce((n, s) => n + s.turns.length, 0);
  }

  /** Moves to the next user segment and returns its user text. */
  begin(index: number): string {
    this.segment = index;
    this.turn = 0;
    return resolve(this.segments[index]!.user, this.scope);
  }

  /** Records what the model read of a tool call, for later placeholders. */
  observe(callId: string, read: string): void {
    this.scope.results[callId] = parseRead(read);
  }

  /** The next scripted turn of the current segment. */
  next(): PlayedTurn {
    const segment = this.segments[this.segment];
    const turn = segment?.turns[this.turn];
    if (!segment || !turn) {
      throw new Error(
        `the script has no assistant turn left for this model call (user turn ${this.segment + 1}, model call ${this.turn + 1})`,
      );
    }
    this.turn++;
    this.played++;
    const calls = (turn.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      args: resolve(call.function.arguments, this.scope),
    }));
    for (const call of calls) this.onCall?.(call);
    return { content: resolve(turn.content ?? "", this.scope), calls };
  }

  /** Scripted turns never played. */
  get unplayed(): number {
    return this.total - this.played;
  }
}

const HEAD = /^\{"ok":(true|false|"partial"),"status":(\d+|null)(?:,"blocked":"([a-z-]+)")?/;

/**
 * What the model read, parsed when it is JSON. A result cut to the model's size cap is no longer
 * JSON; its leading fields (ok, status, blocked) are still read, and `truncated` marks the cut.
 */
export function parseRead(read: string): unknown {
  try {
    return JSON.parse(read);
  } catch {
    const head = HEAD.exec(read);
    if (!head || !read.includes("[truncated by adrails")) return read;
    return {
      ok: JSON.parse(head[1]!),
      status: JSON.parse(head[2]!),
      ...(head[3] === undefined ? {} : { blocked: head[3] }),
      truncated: true,
    };
  }
}

/** The confirmation text of an approval given without one through the confirm callback. */
export const DEFAULT_APPROVAL_TEXT = "Approved by the eval's person";

/** Waits `ms`. */
export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The person at the keyboard: the fixture's decisions, handed out by tool call id (replay) or in
 * order (live, where the model makes its own ids). The callback channel finds a decision by the
 * fingerprint of the call it was registered for.
 */
export class HumanBook {
  private readonly used = new Set<HumanDecision>();
  private readonly byFingerprint = new Map<string, HumanDecision>();
  /** Confirmations asked for that had no scripted decision. */
  unexpected = 0;

  constructor(
    private readonly decisions: readonly HumanDecision[],
    private readonly live: boolean,
    private readonly ttlMs: number,
  ) {}

  /** The decision for a call the framework asks about. */
  forCall(callId: string | undefined): HumanDecision | undefined {
    const decision = this.live
      ? this.decisions.find((d) => !this.used.has(d))
      : this.decisions.find((d) => d.call === callId && !this.used.has(d));
    if (decision) this.used.add(decision);
    else this.unexpected++;
    return decision;
  }

  /** Binds a call's decision to the fingerprint of its payload, for the callback channel. */
  register(callId: string, fingerprint: string): void {
    const decision = this.decisions.find((d) => d.call === callId);
    if (decision) this.byFingerprint.set(fingerprint, decision);
  }

  /** The toolkit's confirm channel answering with the fixture's decisions. */
  channel(): ConfirmChannel {
    return (request) => {
      const registered = this.byFingerprint.get(request.fingerprint);
      let decision: HumanDecision | undefined;
      if (registered && !this.used.has(registered)) {
        decision = registered;
        this.used.add(registered);
      } else {
        decision = this.forCall(undefined);
      }
      return answer(decision, this.ttlMs);
    };
  }

  /** How long to wait before answering an "expired" decision: past the approval window. */
  get expiredDelayMs(): number {
    return this.ttlMs * 3;
  }

  report(): HumanUse[] {
    return this.decisions.map((d) => ({
      call: d.call,
      decision: d.decision,
      ...("text" in d && d.text !== undefined ? { text: d.text } : {}),
      used: this.used.has(d),
    }));
  }
}

function answer(
  decision: HumanDecision | undefined,
  ttlMs: number,
): ConfirmDecision | Promise<ConfirmDecision> {
  if (!decision) return { approved: false, reason: "no decision was scripted for this confirmation" };
  switch (decision.decision) {
    case "approve":
      return { approved: true, text: decision.text ?? DEFAULT_APPROVAL_TEXT };
    case "deny":
      return decision.reason === undefined
        ? { approved: false }
        : { approved: false, reason: decision.reason };
    case "no-answer":
      // The person never answers; the toolkit stops waiting when the approval window closes.
      return new Promise<ConfirmDecision>(() => {});
    case "expired":
      return sleep(ttlMs + 100).then(() => ({
        approved: true as const,
        text: decision.text ?? "Approved by the eval's person, too late",
      }));
  }
}
