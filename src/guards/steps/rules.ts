import type { Outcome } from "../../client/outcome.js";
import type { ToolDefinition } from "../../tools/define.js";
import type { ConfirmRequest, ToolResult } from "../../types.js";
import { recordedRequest } from "../approval/records.js";
import { needsPerson } from "../approval/request.js";
import { decide } from "../audit.js";
import { isDefinitiveRefusal, mayHaveApplied } from "../request-ids.js";
import { blocked } from "../results.js";
import type { Finding, RuledCall } from "../rules/evaluate.js";
import type { RuleAsk, RulesVerdict, Settled } from "../rules/step.js";
import { recordOptionsOf, scopeOf, unknownSendOf } from "./approve.js";
import type { Call, PipelineState } from "./call.js";
import { changeOf } from "./prepare.js";
import { targetsOf } from "./targets.js";

/** The money rules' verdict on a call, before any person is asked; undefined without rules. */
export function rulesStep(p: PipelineState, call: Call): Promise<RulesVerdict> | undefined {
  const rules = p.o.rules;
  if (!rules) return undefined;
  return (async () => {
    const { def, context } = call;
    const session = context.sessionId ?? p.o.sessionId;
    // Asked for in the same turn as the refusal ledger's reads below: one round trip for both.
    const now = rules.clock();
    now.catch(() => {});
    const ruled = await ruledCallOf(p, def, call.body, context);
    return rules.check({
      ...ruled,
      scope: scopeOf(p, context),
      ...(session === undefined ? {} : { session }),
      log: call.log,
      audit: call.audit,
      now,
    });
  })();
}

/** A call as the rules judge it, with what it touches read through the toolkit's client. */
export async function ruledCallOf(
  p: PipelineState,
  def: ToolDefinition,
  body: Record<string, unknown>,
  context: { sessionId?: string },
): Promise<RuledCall> {
  const ruled = ruledOf(def, body);
  if (!p.o.rules) return ruled;
  const targets = await targetsOf(p.o.client, p.o.rules.rules, def, body, ruled.write);
  // A launch already sent with an unknown outcome counted then: its repeat needs no new count.
  const pendingId = ruled.launch
    ? // Unread, the repeat takes a new count like any launch: stricter, never looser.
      await unknownSendOf(p, { def, body, change: changeOf(def, body), context }).catch(() => undefined)
    : undefined;
  return {
    ...ruled,
    ...(targets ? { targets } : {}),
    ...(pendingId === undefined ? {} : { pendingId }),
  };
}

/**
 * How a sent call ends for the counts: a launch counts when it was made or may have been (its
 * answer was lost), and only a definite refusal of its request id takes the count back.
 */
export function settledOf(call: Call, outcome: Outcome): Settled {
  const idName = call.def.idField?.name;
  const id = idName === undefined ? undefined : call.body[idName];
  return {
    sent: true,
    launched: needsPerson(call.def, call.body) && mayHaveApplied(outcome),
    ...(typeof id === "string" ? { requestId: id } : {}),
    notApplied: isDefinitiveRefusal(outcome),
  };
}

/**
 * Advisory mode: a person's answer overrides a rule only when the request they answered named
 * it. An answer to a request that did not (asked while the rule had nothing to say) is not used:
 * the call asks again through the toolkit's channel, naming the rule, or is refused naming it.
 */
export async function untoldStep(p: PipelineState, call: Call): Promise<ToolResult | undefined> {
  const ask = call.ruleAsk;
  const { context } = call;
  if (!ask?.override || (context.answer === undefined && context.approval === undefined)) return undefined;
  if (context.answer !== undefined) {
    const id = (context.answer as { request?: { id?: unknown } }).request?.id;
    const asked = typeof id === "string" ? await recordedRequest(recordOptionsOf(p), id) : null;
    if (asked?.rule?.name === ask.rule) return undefined;
  }
  decide(call.log, "rules", "refuse", `the answer given was to a request that did not name ${ask.rule}`);
  if (p.o.confirm || p.o.desk) {
    // Asked again, this time naming the rule.
    const { answer: _answer, approval: _approval, ...rest } = context;
    call.context = rest;
    return undefined;
  }
  const result = blocked(
    "rule",
    `A money rule (${ask.rule}) would refuse this call (${ask.reason}), and the person's approval was given to a request that did not name it, so it overrides nothing.`,
    "Nothing was sent. Call again so the person is asked with the rule named, or leave it.",
    call.notes,
  );
  return { ...result, rule: ask.rule } as ToolResult;
}

/** A call as the rules judge it. */
export function ruledOf(def: ToolDefinition, body: Record<string, unknown>): RuledCall {
  return {
    tool: def.name,
    body,
    write: def.effect === "write" || def.effect === "workflow",
    launch: needsPerson(def, body),
  };
}

/**
 * A request about to be shown, as the rules see it: none when a rule refuses the call in enforce
 * mode (the call is refused, nobody is asked), the rule named first in advisory mode.
 */
export function ruledRequest(
  p: PipelineState,
  request: ConfirmRequest | null,
  finding: Finding | undefined,
): ConfirmRequest | null {
  if (!request || !finding || !p.o.rules || p.o.rules.mode === "audit") return request;
  if (p.o.rules.mode === "enforce") return null;
  return withRule(request, { rule: finding.rule, reason: finding.reason, override: true });
}

/** The request a person sees, saying first which rule is behind the ask. */
export function withRule(request: ConfirmRequest, ask: RuleAsk | undefined): ConfirmRequest {
  if (!ask || request.rule) return request;
  const said = ask.override
    ? `Money rule ${ask.rule} would refuse this: ${ask.reason}. Approving overrides the rule.`
    : `Money rule ${ask.rule} asks a person to approve this: ${ask.reason}.`;
  return {
    ...request,
    rule: { name: ask.rule, reason: ask.reason, override: ask.override },
    message: `${said} ${request.message}`,
  };
}

/** A person approved a call a rule asked about: the audit says so, and by whom. */
export function ruleApproved(call: Call, via: string): void {
  const ask = call.ruleAsk;
  if (!ask) return;
  if (ask.override) {
    call.audit.ruleDecision = "override";
    decide(call.log, "rules", "allow", `override: ${ask.rule} overridden by a person via ${via}`);
  } else decide(call.log, "rules", "allow", `ask: ${ask.rule} approved by a person via ${via}`);
}

/** No person approved a call that only a rule made ask: refused, nothing sent. */
export function ruleUnapproved(call: Call, reason: string): ToolResult {
  const ask = call.ruleAsk!;
  const error = ask.override
    ? `A money rule (${ask.rule}) would refuse this call (${ask.reason}), and no person overrode it: ${reason}.`
    : `A money rule (${ask.rule}) needs a person's approval for this call (${ask.reason}), and there is none: ${reason}.`;
  const result = blocked(
    "rule",
    error,
    "Nothing was sent. Do not repeat the call unchanged; ask the user.",
    call.notes,
  );
  return { ...result, rule: ask.rule } as ToolResult;
}
