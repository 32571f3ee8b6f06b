import type { z } from "zod";
import { type RecordOptions, recordAnswers } from "./guards/approval/records.js";
import { needsPerson, planPayload } from "./guards/approval/request.js";
import { type ApprovalTrust, payloadFingerprint, verifyDecision } from "./guards/approval/verify.js";
import { blocked } from "./guards/results.js";
import { changeOf, prepare } from "./guards/steps/prepare.js";
import { randomId } from "./hashing.js";
import type {
  ApprovedPlan,
  AskManyOptions,
  PlanChannel,
  PlanOutcome,
  PlanRequest,
  RefusedPlan,
} from "./plan-types.js";
import type { ToolDefinition } from "./tools/define.js";
import type { AdTool, CallContext, ConfirmDecision, ConfirmRequest, ToolResult } from "./types.js";

// A plan is N ordinary approval requests, one per exact payload, recorded under call ids that
// name the plan, shown together and answered by one decision recorded against all N in one step
// of the store. Each payload then redeems its own request once, through the tool's normal guards:
// nothing here approves a payload that is not in the list, nor a tool, nor "always".

/** The most payloads one plan may list: a person must be able to read every one of them. */
export const MAX_PLAN_PAYLOADS = 50;

/** A tool of the toolkit, with the schema its calls are checked against. */
export interface PlanTool {
  tool: AdTool;
  /** Records a payload's request as `tool.ask` does, valid as long as a plan waits for its person. */
  ask: AdTool["ask"];
  def: ToolDefinition;
  schema: z.ZodType;
}

/** What `askMany` needs from its toolkit. */
export interface PlanDeps {
  find(name: string): PlanTool | undefined;
  records: RecordOptions;
  accountDefault?: string | undefined;
  /** An audited refusal of a call, nothing sent. */
  refuse(tool: string, context: CallContext, refusal: () => ToolResult): Promise<ToolResult>;
}

const refused = (
  error: string,
  hint: string,
  more: Partial<RefusedPlan> & { blocked?: RefusedPlan["blocked"] } = {},
): RefusedPlan => ({ ok: false, blocked: "validation", error, hint, ...more });

const NOTHING_ASKED = "Nothing was asked and nothing was sent. Fix the plan and ask again.";

/**
 * Records one approval request per payload, shows them to a person together through
 * `options.channel`, and records the person's one decision against every request at once. An
 * approved plan's `call` sends each listed payload once, before the expiry.
 */
export async function askMany(
  deps: PlanDeps,
  name: string,
  inputs: readonly unknown[],
  options: AskManyOptions,
): Promise<PlanOutcome> {
  const found = deps.find(String(name));
  if (!found) {
    return refused(
      `No tool named "${String(name)}" is offered by this toolkit.`,
      "Nothing was asked. Name a tool in the toolkit's scope.",
      { blocked: "scope" },
    );
  }
  const { def, schema } = found;
  if (typeof options?.channel !== "function") {
    return refused(
      "askMany needs a channel that shows the plan to a person (options.channel).",
      "Pass a PlanChannel, e.g. inboxPlans(inbox) from adrails/inbox.",
    );
  }
  if (!Array.isArray(inputs) || inputs.length === 0) {
    return refused(
      "The plan is empty: it lists no payload.",
      "Nothing was asked. List at least one payload.",
    );
  }
  if (inputs.length > MAX_PLAN_PAYLOADS) {
    return refused(
      `The plan lists ${inputs.length} payloads; at most ${MAX_PLAN_PAYLOADS} can be approved as one.`,
      `Nothing was asked. Split it into plans of at most ${MAX_PLAN_PAYLOADS}.`,
    );
  }

  const seen = new Map<string, number>();
  let firstAccount: string | undefined;
  for (const [i, input] of inputs.entries()) {
    const n = i + 1;
    const prepared = prepare(def, schema, input, [], deps.accountDefault);
    if (!prepared.ok) {
      const error = "error" in prepared.result ? prepared.result.error : "invalid input";
      return refused(`Payload ${n} of the plan is not valid: ${error}`, NOTHING_ASKED, { index: n });
    }
    if (!needsPerson(def, prepared.body)) {
      return refused(
        `Payload ${n} of the plan needs no person's approval (for ${def.name}, only what can start spending money does, e.g. status ACTIVE): a plan lists only payloads that need one.`,
        "Nothing was asked. Send that payload with a plain call, and leave it out of the plan.",
        { index: n },
      );
    }
    // One account per plan: who may approve is decided per account (named approvers, the
    // two-person rule), so one decision never covers two accounts.
    const account = typeof prepared.body.account_id === "string" ? prepared.body.account_id : undefined;
    if (i === 0) firstAccount = account;
    else if (account !== firstAccount) {
      return refused(
        `Payload ${n} of the plan is for account ${account ?? "(none)"}, payload 1 for ${firstAccount ?? "(none)"}: a plan is for one account.`,
        "Nothing was asked. Make one plan per account.",
        { index: n },
      );
    }
    const change = changeOf(def, prepared.body);
    const first = seen.get(change);
    if (first !== undefined) {
      return refused(
        `Payloads ${first} and ${n} of the plan are the same payload (fingerprint ${change}): a plan lists each exact payload once.`,
        "Nothing was asked. Remove the duplicate; each payload of a plan is sent once.",
        { index: n },
      );
    }
    seen.set(change, n);
  }

  const id = `pln_${randomId().replaceAll("-", "").slice(0, 24)}`;
  const channelName = options.channelName ?? "plan";
  const requests: ConfirmRequest[] = [];
  try {
    for (const [i, input] of inputs.entries()) {
      const request = await found.ask(input, {
        ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
        toolCallId: `${id}/${i + 1}`,
        channel: channelName,
        shownAt: `plan ${id}`,
      });
      if (!request) {
        return refused(
          `Payload ${i + 1} of the plan cannot be put to a person: a money rule refuses it, it names an account outside the toolkit's, or the toolkit cannot send (no API key or base URL).`,
          "Nothing was approved and nothing was sent. Call that payload alone to read why, or leave it out.",
          { blocked: "hard-confirmation", index: i + 1 },
        );
      }
      requests.push(request);
    }
  } catch (error) {
    return storeRefusal(error, "recorded");
  }

  const plan = planRequest(id, def.name, requests);
  const decision = await decide(options, plan);
  const ids = requests.map((r) => r.id);
  const named = requests.findIndex((r) => r.previousLive || r.possiblyLive);
  const prewritten = decision.approved === true && (decision as { prewritten?: unknown }).prewritten === true;
  if (decision.approved !== true && decision.undecided === true) {
    // Nobody decided (expired, cancelled, the channel failed): no answer is recorded, so this is
    // not a decline; the requests simply expire.
    return refused(
      `Nobody approved the plan of ${requests.length} ${def.name} calls: ${decision.reason ?? "no decision"}.`,
      "Nothing was sent. This is not a decline: ask again (a new plan) when a person can answer.",
      { blocked: "hard-confirmation", id },
    );
  }
  if (decision.approved !== true || (prewritten && named >= 0)) {
    const reason =
      decision.approved === true
        ? `a confirmation written before the plan was shown cannot approve it: payload ${named + 1} names an identical ad that is or may be live`
        : typeof decision.reason === "string" && decision.reason.trim() !== ""
          ? decision.reason.trim()
          : "no reason given";
    // A decline is recorded on every request that can still take one; approvals never remain.
    await recordAnswers(deps.records, ids, { approved: false, reason }, channelName).catch(() => {});
    return refused(
      `The plan of ${requests.length} ${def.name} calls was not approved: ${reason}.`,
      "Nothing was sent. Do not ask again unchanged; ask the person what to change.",
      { blocked: "hard-confirmation", id, declined: decision.approved !== true },
    );
  }
  // An inbox's decision carries signed statements: the verifier judges them against the plan as
  // this process made it. A decision without them is this process's own channel's.
  let signedText: string | undefined;
  if (decision.approved === true && Array.isArray(decision.statements)) {
    const verdict = await verifyDecision(
      { kind: "statements", statements: decision.statements, via: channelName },
      {
        request: plan.id,
        tool: def.name,
        payload: plan.payload!,
        account: plan.account ?? null,
        askedAt: plan.askedAt,
        now: await deps.records.records.clock(),
      },
      trustOf(deps.records, options.channel),
    );
    if (!verdict.ok) {
      return refused(
        `The plan of ${requests.length} ${def.name} calls was not approved: ${verdict.reason}.`,
        "Nothing was sent. Ask again with a new plan.",
        { blocked: "hard-confirmation", id, declined: verdict.declined === true },
      );
    }
    signedText = verdict.text;
  }
  try {
    const why = await recordAnswers(deps.records, ids, decision, channelName);
    if (why !== undefined) {
      return refused(
        `The person approved plan ${id}, but the approval could not be recorded for all of its payloads (${why}), so none of them is approved.`,
        "Nothing was sent. Ask again with a new plan.",
        { blocked: "hard-confirmation", id },
      );
    }
  } catch (error) {
    return storeRefusal(error, "approved", id);
  }
  return approvedPlan(deps, found, plan, options, channelName, signedText ?? decision.text);
}

/** One request standing for the plan: what the person decides on, covering every payload in order. */
function planRequest(id: string, tool: string, requests: ConfirmRequest[]): PlanRequest {
  const account = commonAccount(requests);
  const expiresAt = Math.min(...requests.map((r) => r.expiresAt));
  const warned = requests.flatMap((r, i) => (r.previousLive || r.possiblyLive || r.rule ? [i + 1] : []));
  const warning =
    warned.length > 0
      ? `Read payload${warned.length > 1 ? "s" : ""} ${warned.join(", ")} first: each names an identical ad that is or may be live, or a money rule. `
      : "";
  return {
    id,
    tool,
    // Over every payload itself: a page that shows the plan signs what it shows.
    fingerprint: payloadFingerprint(tool, planPayload(requests)),
    payload: planPayload(requests),
    ...(account === undefined ? {} : { account }),
    askedAt: Math.min(...requests.map((r) => r.askedAt)),
    expiresAt,
    summary: {
      tool,
      description: `A plan of ${requests.length} ${tool} calls, approved or declined as one.`,
      arguments: { payloads: requests.map((r) => r.summary) },
    },
    message: `${warning}A plan of ${requests.length} ${tool} calls${account === undefined ? "" : ` on ${account}`}: approving lets each of these ${requests.length} exact payloads be sent once, before ${new Date(expiresAt).toISOString()}; declining sends none. Any other payload still needs its own approval.`,
    plan: { id, requests },
  };
}

/** A decision, or none (`undecided`: nobody decided, or the channel failed). */
type PlanDecision = ConfirmDecision & { undecided?: unknown };

async function decide(options: AskManyOptions, plan: PlanRequest): Promise<PlanDecision> {
  const none = (reason: string): PlanDecision => ({ approved: false, reason, undecided: true });
  if (options.signal?.aborted) return none("the ask was cancelled");
  try {
    const decision = (await options.channel(plan, options.signal)) as PlanDecision;
    if (options.signal?.aborted && decision?.approved === true) return none("the ask was cancelled");
    if (decision && typeof decision === "object" && typeof decision.approved === "boolean") return decision;
    return none("the plan channel gave no decision");
  } catch (error) {
    return none(`the plan channel failed (${messageOf(error)})`);
  }
}

function approvedPlan(
  deps: PlanDeps,
  { tool, def, schema }: PlanTool,
  plan: PlanRequest,
  options: AskManyOptions,
  channelName: string,
  text: string,
): ApprovedPlan {
  const byChange = new Map(plan.plan.requests.map((r) => [r.fingerprint, r]));
  return Object.freeze({
    ok: true as const,
    id: plan.id,
    tool: def.name,
    requests: Object.freeze([...plan.plan.requests]),
    expiresAt: plan.expiresAt,
    call(input: unknown, given: Omit<CallContext, "answer" | "approval"> = {}): Promise<ToolResult> {
      const { answer: _a, approval: _b, ...rest } = given as CallContext;
      const context: CallContext = {
        ...rest,
        ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
      };
      const prepared = prepare(def, schema, input, [], deps.accountDefault);
      if (!prepared.ok) return deps.refuse(tool.name, context, () => prepared.result);
      const change = changeOf(def, prepared.body);
      const request = byChange.get(change);
      if (!request) {
        return deps.refuse(tool.name, context, () =>
          blocked(
            "hard-confirmation",
            `This ${def.name} payload (fingerprint ${change}) is not in plan ${plan.id}: the plan approves only its ${byChange.size} exact payloads, each once.`,
            "Nothing was sent. Send only the payloads the person approved, unchanged, or ask for this one on its own.",
          ),
        );
      }
      return tool.call(input, {
        ...context,
        toolCallId: request.callId,
        answer: tool.answer(request, { approved: true, text }, channelName),
      });
    },
  });
}

/** The toolkit's trust, with the plan channel's authority when the toolkit names none of its own. */
function trustOf(records: RecordOptions, channel: PlanChannel): ApprovalTrust {
  const trust = records.trust ?? { shared: true, maxTtlMs: records.ttlMs };
  if (trust.authority || !channel.authority) return trust;
  return { ...trust, authority: channel.authority };
}

/** The account every payload of a plan acts on, or undefined when they name different ones. */
export function commonAccount(requests: readonly Pick<ConfirmRequest, "account">[]): string | undefined {
  const first = requests[0]?.account;
  return requests.every((r) => r.account === first) ? first : undefined;
}

function storeRefusal(error: unknown, what: string, id?: string): RefusedPlan {
  return refused(
    `The plan could not be ${what}: the store failed (${messageOf(error)}).`,
    "Nothing was sent. Try again when the store is reachable.",
    { blocked: "store", ...(id === undefined ? {} : { id }) },
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
