import type { AdStore } from "../../store/index.js";
import type { AuditEvent, RuleDecision, ToolResult } from "../../types.js";
import { type DecisionLog, decide } from "../audit.js";
import { blocked } from "../results.js";
import { localTime } from "./calendar.js";
import { type Finding, type RuledCall, staticFinding } from "./evaluate.js";
import type { MoneyRules } from "./schema.js";

/** A rule asks for a person where none would be asked, or a person must override it (advisory). */
export interface RuleAsk {
  rule: string;
  reason: string;
  /** Approving overrides a rule that would refuse the call (advisory mode). */
  override: boolean;
}

/** What the rules decided for one call. */
export interface RulesVerdict {
  /** Refused: nothing is sent, nobody is asked. */
  refusal?: ToolResult;
  /** A person must answer before the call is sent. */
  ask?: RuleAsk;
  /** After the call: ends holds, counts a write sent and a launch made (or maybe made). Never rejects. */
  settle(done: Settled): Promise<void>;
}

/** How a call ended, as the counts need it. */
export interface Settled {
  sent: boolean;
  /** A launch that was made, or may have been (its outcome is unknown): it counts. */
  launched: boolean;
  /** The request id it went out with: a launch counts once per id, however often it is sent. */
  requestId?: string;
  /** The answer shows the send was not applied: a count earlier sends of `requestId` made is taken back. */
  notApplied?: boolean;
}

/** What the step needs besides the rules. */
export interface RulesContext {
  store: AdStore;
  /** Names whose per-session counts these are (the API key's identity: never the key). */
  identity: string;
  /** How long a launch may wait for a person; its hold on the day's count lasts that long and more. */
  approvalTtlMs: number;
}

/** One call, as the step is given it. */
export interface RulesCall extends RuledCall {
  /** Where the call's per-session count is kept: the session, or the toolkit. */
  scope: string;
  session?: string;
  log: DecisionLog;
  audit: Partial<AuditEvent>;
  /** The store's clock, when it was asked for before the call was ready (see {@link RulesStep.clock}). */
  now?: Promise<number>;
}

const DAY_TTL_MS = 3 * 24 * 3_600_000;
const SESSION_TTL_MS = 30 * 24 * 3_600_000;
const SEND_SLACK_MS = 10 * 60_000;
const none = async () => {};

/** The money rules as a guard step of one toolkit. */
export interface RulesStep {
  readonly mode: "enforce" | "advisory" | "audit";
  /** The rules, checked. */
  readonly rules: MoneyRules;
  /** Decides a call before any person is asked; holds its counts until `settle`. Never rejects. */
  check(call: RulesCall): Promise<RulesVerdict>;
  /**
   * What the rules would say of a call before it is made, for a channel about to ask a person:
   * the built-in rules and the day's launch count, without holding anything. Never rejects.
   */
  peek(call: RuledCall): Promise<Finding | undefined>;
  /** As `peek`, without the store (for synchronous questions): the rules that need no count. */
  preview(call: RuledCall): Finding | undefined;
  /**
   * The store's clock, for `check`: asked for with the call's first reads, it shares their round
   * trip instead of taking one of its own.
   */
  clock(): Promise<number>;
}

/** The money rules as a guard step of one toolkit. */
export function createRulesStep(rules: MoneyRules, ctx: RulesContext): RulesStep {
  const mode = rules.mode ?? "enforce";
  const holdMs = ctx.approvalTtlMs + SEND_SLACK_MS;

  function record(call: RulesCall, decision: RuleDecision, rule?: string, detail?: string) {
    call.audit.ruleDecision = decision;
    if (accountOf(call) !== "(none)") call.audit.account = accountOf(call);
    if (rule !== undefined) call.audit.rule = rule;
    const verb = decision === "deny" ? "refuse" : "allow";
    decide(call.log, "rules", verb, detail === undefined ? decision : `${decision}: ${detail}`);
  }

  function refuse(call: RulesCall, finding: Finding): ToolResult {
    record(call, "deny", finding.rule, finding.reason);
    const result = blocked(
      "rule",
      `A money rule (${finding.rule}) refuses this call: ${finding.reason}.`,
      finding.hint,
    );
    return { ...result, rule: finding.rule } as ToolResult;
  }

  /** A rule that cannot be judged refuses, whatever the mode. */
  function failed(call: RulesCall, rule: string, error: unknown): RulesVerdict {
    const message = error instanceof Error ? error.message : String(error);
    const refusal = refuse(call, {
      rule,
      reason: `the rule could not be checked (${message}), so it fails closed`,
      hint: "Nothing was sent. This is not a fault in your input; tell the user the rules could not be checked.",
    });
    return { refusal, settle: none };
  }

  const preview = (call: RuledCall, now?: number): Finding | undefined => {
    try {
      return staticFinding(rules, call, now);
    } catch {
      return { rule: "rules", reason: "the rules could not be checked", hint: "Nothing was sent." };
    }
  };

  async function peek(call: RuledCall): Promise<Finding | undefined> {
    let now: number;
    try {
      now = await ctx.store.clock();
    } catch {
      return { rule: "rules", reason: "the store's clock could not be read", hint: "Nothing was sent." };
    }
    const found = preview(call, now);
    // The repeat of a launch whose outcome is unknown counted already: it needs no new count.
    if (found || !rules.launches || !call.launch || call.pendingId !== undefined) return found;
    try {
      const zone = rules.launches.timeZone ?? "UTC";
      const today = localTime(zone, now).date;
      const account = accountOf(call);
      const view = (await countsOf(ctx.store).viewCounts(launchGroup(zone, today)))[account];
      if ((view?.done ?? 0) + (view?.held ?? 0) >= rules.launches.perDay) {
        return overCap(rules.launches.perDay, account, today, zone);
      }
      return undefined;
    } catch {
      return {
        rule: "launches.perDay",
        reason: "the day's launch count could not be read",
        hint: "Nothing was sent.",
      };
    }
  }

  return { mode, rules, check, peek, preview: (call) => preview(call), clock: () => ctx.store.clock() };

  async function check(call: RulesCall): Promise<RulesVerdict> {
    const counted: ((done: Settled) => Promise<void>)[] = [];
    const settle = async (done: Settled) => {
      // Each count apart, asked for together: they share the store's round trip.
      await Promise.all(counted.map((end) => end(done).catch(() => {})));
    };
    const release = () => settle({ sent: false, launched: false });
    let finding: Finding | undefined;
    let current = "rules";
    try {
      // One clock for the fleet: the day and the window are the store's (Redis TIME), not this process's.
      current = "rules";
      const now = await (call.now ?? ctx.store.clock());
      finding = staticFinding(rules, call, now);
      const account = accountOf(call);
      // A launch another rule refuses still counts once made (advisory, audit), without a hold.
      const countsLaunch = rules.launches !== undefined && call.launch && (!finding || mode !== "enforce");
      const countsWrites = !finding && rules.writesPerConversation !== undefined && call.write;
      const zone = rules.launches?.timeZone ?? "UTC";
      const today = localTime(zone, now).date;
      const launches = launchGroup(zone, today);
      const writes = `writes\n${ctx.identity}\n${call.scope}`;
      if (countsLaunch || countsWrites) {
        // A store that keeps no counts fails closed here, named by the first rule that needs them.
        current = countsLaunch ? "launches.perDay" : "writesPerConversation";
        countsOf(ctx.store);
      }
      // Both holds asked for together (one round trip); the writes' is let go at once when the
      // day's launches are used, as if it had never been asked for.
      const [launchHeld, writesHeld] = await Promise.allSettled([
        countsLaunch && !finding
          ? countsOf(ctx.store).holdCount(
              launches,
              account,
              rules.launches!.perDay,
              holdMs,
              DAY_TTL_MS,
              call.pendingId,
            )
          : null,
        countsWrites
          ? countsOf(ctx.store).holdCount(
              writes,
              "writes",
              rules.writesPerConversation!,
              holdMs,
              SESSION_TTL_MS,
            )
          : null,
      ]);
      // A store that failed is named by the rule whose hold it failed, the day's launches first;
      // a hold the other rule got is let go.
      if (launchHeld.status === "rejected" || writesHeld.status === "rejected") {
        const store = countsOf(ctx.store);
        if (launchHeld.status === "fulfilled" && launchHeld.value !== null)
          await store.settleCount(launches, account, launchHeld.value, false, DAY_TTL_MS).catch(() => {});
        if (writesHeld.status === "fulfilled" && writesHeld.value !== null)
          await store.settleCount(writes, "writes", writesHeld.value, false, SESSION_TTL_MS).catch(() => {});
        current = launchHeld.status === "rejected" ? "launches.perDay" : "writesPerConversation";
        throw launchHeld.status === "rejected"
          ? launchHeld.reason
          : (writesHeld as PromiseRejectedResult).reason;
      }
      const launchToken = launchHeld.value;
      const writesToken = writesHeld.value;
      if (countsLaunch) {
        current = "launches.perDay";
        const store = countsOf(ctx.store);
        // Over the cap in advisory or audit mode the launch still counts once it is made. A launch
        // whose outcome is unknown counts as made: only an answer showing it was not applied
        // takes its count back (a later send of the same request id).
        counted.push(({ launched, requestId, notApplied }) =>
          store.settleCount(
            launches,
            account,
            launchToken,
            launched ? true : notApplied && requestId !== undefined ? "undo" : false,
            DAY_TTL_MS,
            requestId,
          ),
        );
        if (launchToken === null && !finding) finding = overCap(rules.launches!.perDay, account, today, zone);
      }
      if (countsWrites && finding) {
        if (writesToken !== null)
          await countsOf(ctx.store)
            .settleCount(writes, "writes", writesToken, false, SESSION_TTL_MS)
            .catch(() => {});
      } else if (countsWrites) {
        current = "writesPerConversation";
        const store = countsOf(ctx.store);
        const cap = rules.writesPerConversation!;
        counted.push(({ sent }) => store.settleCount(writes, "writes", writesToken, sent, SESSION_TTL_MS));
        if (writesToken === null) {
          finding = {
            rule: "writesPerConversation",
            reason: `the ${cap} writes allowed in this ${call.session === undefined ? "agent's default session (no sessionId given)" : "session"} are used`,
            hint: "Nothing was sent. No writes are left in this conversation; reads still work. Tell the user.",
          };
        }
      }
      let ask: RuleAsk | undefined;
      if (!finding && rules.custom) {
        for (const [i, rule] of rules.custom.entries()) {
          current = `custom[${i}]`;
          const verdict = await rule({
            tool: call.tool,
            // A copy of its own, frozen: a rule cannot change what is sent after a person saw it.
            input: frozenCopy(call.body),
            ...(typeof call.body.account_id === "string" ? { account: call.body.account_id } : {}),
            ...(call.session === undefined ? {} : { session: call.session }),
          });
          const reason =
            typeof verdict?.reason === "string" && verdict.reason !== "" ? verdict.reason : "no reason given";
          if (verdict?.decision === "deny") {
            finding = { rule: current, reason, hint: "Nothing was sent. Ask the user how to proceed." };
            break;
          }
          if (verdict?.decision === "ask") ask ??= { rule: current, reason, override: false };
          else if (verdict?.decision !== "allow")
            throw new Error(`it answered ${JSON.stringify(verdict?.decision)}, not allow, deny or ask`);
        }
      }
      if (finding) {
        if (mode === "enforce") {
          await release();
          return { refusal: refuse(call, finding), settle: none };
        }
        if (mode === "advisory") {
          record(call, "advise", finding.rule, finding.reason);
          return { ask: { rule: finding.rule, reason: finding.reason, override: true }, settle };
        }
        record(call, "would-deny", finding.rule, finding.reason);
        return { settle };
      }
      if (ask) {
        if (mode === "audit") {
          record(call, "would-ask", ask.rule, ask.reason);
          return { settle };
        }
        record(call, "ask", ask.rule, ask.reason);
        return { ask, settle };
      }
      record(call, "allow");
      return { settle };
    } catch (error) {
      await release();
      return failed(call, current, error);
    }
  }
}

/** The finding of a launch past the day's cap. */
function overCap(perDay: number, account: string, today: string, zone: string): Finding {
  return {
    rule: "launches.perDay",
    reason:
      perDay === 0
        ? `no ACTIVE launches are allowed for ${account}`
        : `the ${perDay} ACTIVE launch${perDay === 1 ? "" : "es"} allowed per day for ${account} are used or in flight today (${today}, ${zone})`,
    hint:
      perDay === 0
        ? `Nothing was sent. The money rules turn ACTIVE launches off for ${account} (launches.perDay is 0), today and every day: waiting does not help. Create the ad with status PAUSED instead; to launch, the person who keeps the rules must raise launches.perDay.`
        : `Nothing was sent. No launches are left today for ${account}; the count starts again at midnight ${zone}. Create the ad with status PAUSED instead, or launch it tomorrow.`,
  };
}

/** The store's rule counts, or an error saying it keeps none. */
function countsOf(store: AdStore): Required<Pick<AdStore, "holdCount" | "settleCount" | "viewCounts">> {
  if (!store.holdCount || !store.settleCount || !store.viewCounts) {
    throw new Error(`the store (${store.name}) keeps no rule counts`);
  }
  return { holdCount: store.holdCount, settleCount: store.settleCount, viewCounts: store.viewCounts };
}

/** The store group of one day's launches in a time zone. */
export function launchGroup(zone: string, date: string): string {
  return `launches\n${zone}\n${date}`;
}

/** A deep copy of `value` that nothing can change. */
function frozenCopy<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: unknown) => {
    if (v === null || typeof v !== "object" || Object.isFrozen(v)) return;
    Object.freeze(v);
    for (const inner of Object.values(v)) freeze(inner);
  };
  freeze(copy);
  return copy;
}

/** The account a call counts against: the one it names, else the one it was resolved to act on. */
function accountOf(call: RuledCall): string {
  if (typeof call.body.account_id === "string") return call.body.account_id;
  return call.targets?.accounts[0] ?? "(none)";
}
