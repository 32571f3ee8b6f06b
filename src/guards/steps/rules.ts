import type { ToolDefinition } from "../../tools/define.js";
import type { ConfirmRequest, ToolResult } from "../../types.js";
import { needsPerson } from "../approval/request.js";
import { decide } from "../audit.js";
import { blocked } from "../results.js";
import type { Finding, RuledCall } from "../rules/evaluate.js";
import type { RuleAsk, RulesVerdict } from "../rules/step.js";
import { scopeOf } from "./approve.js";
import type { Call, PipelineState } from "./call.js";

/** The money rules' verdict on a call, before any person is asked; undefined without rules. */
export function rulesStep(p: PipelineState, call: Call): Promise<RulesVerdict> | undefined {
  if (!p.o.rules) return undefined;
  const { def, context } = call;
  const session = context.sessionId ?? p.o.sessionId;
  return p.o.rules.check({
    ...ruledOf(def, call.body),
    scope: scopeOf(p, context),
    ...(session === undefined ? {} : { session }),
    log: call.log,
    audit: call.audit,
  });
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
