// Plans: one decision of a person over an enumerated list of exact payloads of one tool.
import type { ConfirmDecision, ConfirmRequest } from "./approval-types.js";
import type { ApprovalAuthority } from "./guards/approval/verify.js";
import type { CallContext, ToolResult } from "./types.js";

/**
 * What a person is shown for a plan: one request standing for the list (its fingerprint covers
 * every payload, in order) and, in `plan.requests`, the N requests recorded in the store, one per
 * exact payload. Approving approves exactly those payloads, each once, before the expiry.
 */
export interface PlanRequest extends ConfirmRequest {
  plan: {
    /** The plan's id: the requests' call ids are `<plan id>/<n>`, n from 1. */
    id: string;
    requests: ConfirmRequest[];
  };
}

/** Shows a plan to a person and returns their one decision over the whole list. */
export type PlanChannel = ((
  plan: PlanRequest,
  signal?: AbortSignal,
) => ConfirmDecision | Promise<ConfirmDecision>) & {
  /**
   * Whose signed statements the channel's decisions carry (`inboxPlans` gives its inbox's), when
   * the toolkit has no `approvalAuthority` of its own.
   */
  authority?: ApprovalAuthority;
};

/** Options of `toolkit.askMany`. */
export interface AskManyOptions {
  /** Where the person sees the plan, e.g. `inboxPlans(inbox)` from `adrails/inbox`. */
  channel: PlanChannel;
  /** The channel's name, recorded with each request and answer. Default "plan". */
  channelName?: string;
  /** The session the payloads' retry ids and requests live in, as their calls will say. */
  sessionId?: string;
  /** Stops waiting for the person (the plan is then not approved). */
  signal?: AbortSignal;
}

/** A plan a person approved: each listed payload can be sent once through `call`, before `expiresAt`. */
export interface ApprovedPlan {
  ok: true;
  id: string;
  tool: string;
  /** The requests recorded in the store, one per payload, in the order given. */
  requests: readonly ConfirmRequest[];
  /** The earliest expiry of the plan's requests (epoch ms, store clock). */
  expiresAt: number;
  /**
   * Sends one payload of the plan through the tool's guards, redeeming its approval (once,
   * fleet-wide). A payload that is not in the plan (an edited one, an extra one) is refused unsent.
   */
  call(input: unknown, context?: Omit<CallContext, "answer" | "approval">): Promise<ToolResult>;
}

/** A plan that was not approved: invalid, refused before asking, declined, or not recorded. Nothing was sent. */
export interface RefusedPlan {
  ok: false;
  /** The plan's id, when it was asked. */
  id?: string;
  blocked: "validation" | "hard-confirmation" | "scope" | "store";
  error: string;
  hint: string;
  /** The payload at fault (from 1), when one is. */
  index?: number;
  /** A person declined the plan. */
  declined?: boolean;
}

/** What `toolkit.askMany` resolves to. */
export type PlanOutcome = ApprovedPlan | RefusedPlan;
