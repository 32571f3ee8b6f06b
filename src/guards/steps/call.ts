import type { AdClient } from "../../client/index.js";
import type { Turn } from "../../client/limiter.js";
import type { Outcome } from "../../client/outcome.js";
import type { ApprovalRecords } from "../../store/index.js";
import type { ToolDefinition } from "../../tools/define.js";
import type { AdToolsOptions, AuditEvent, CallContext, ToolResult } from "../../types.js";
import type { DeskOptions } from "../approval/desk.js";
import type { LaunchClaims } from "../approval/launch.js";
import type { RecordOrigin } from "../approval/missing.js";
import type { AskLedger } from "../approval/redeem.js";
import type { ApprovalTrust } from "../approval/verify.js";
import type { ApprovalLedger } from "../approvals.js";
import type { DecisionLog } from "../audit.js";
import type { LiveLedger } from "../live-record.js";
import type { DerivedId, IdLedger, RequestIds } from "../request-ids.js";
import type { RuleAsk, RulesStep } from "../rules/step.js";
import type { SendClaims } from "../shared.js";

/** What the call path needs from the toolkit. */
export interface PipelineOptions
  extends Pick<
    AdToolsOptions,
    "confirm" | "onUnconfirmedActive" | "onEvent" | "onOutcome" | "sessionId" | "telemetry"
  > {
  client: AdClient;
  /** The key every surface is scrubbed of. */
  apiKey: string;
  accountDefault?: string;
  approvalTtlMs: number;
  approvals: ApprovalLedger;
  /** Approval requests as records in the toolkit's store (scoped to its API key). */
  records: ApprovalRecords;
  /** The payload each call was first asked about, so edited saved state cannot redeem an answer. */
  asks: AskLedger;
  /** With a secret, only signed answers redeem, and answers made here are signed. */
  approvalSecret?: string;
  ids: IdLedger;
  /** Claims on identical sends, so that processes sharing a store send one of them at a time. */
  claims: SendClaims;
  /** One identical ACTIVE push asked and launched at a time, fleet-wide (the toolkit sets it). */
  launches?: LaunchClaims;
  /** Ads that went live, per payload: a person approving an identical one is told (the toolkit sets it). */
  live?: LiveLedger;
  /** The money rules' check, when the toolkit has rules. */
  rules?: RulesStep;
  /** Where requests wait for a person when nobody can be asked inside the call. */
  desk?: DeskOptions;
  /** What the one verifier trusts: the toolkit's own keys, people file and secret. */
  trust: ApprovalTrust;
  /** Where the records live, to explain a request that is not there. */
  origin?: RecordOrigin;
}

/** What the steps of one toolkit's call path share. */
export interface PipelineState {
  o: PipelineOptions;
  /**
   * Scope of ids when no session is given: the same for every toolkit and process on the key's
   * store, so a repeat of a change from a new process goes out under the first send's id.
   */
  instanceScope: string;
  requestIds: RequestIds;
  inflight: Map<string, Promise<Outcome>>;
}

/** One call on its way through the steps. */
export interface Call {
  def: ToolDefinition;
  context: CallContext;
  log: DecisionLog;
  audit: Partial<AuditEvent>;
  body: Record<string, unknown>;
  /** Fingerprint of the intended change ("" for reads nobody audits). */
  change: string;
  notes: string[];
  /** Notes about what happened, written once the answer is known. */
  outcomeNotes: ((outcome: Outcome) => string | undefined)[];
  /** The retry key the model sent, never sent itself: kept to tell the model when it differed. */
  givenId?: unknown;
  /** The approval key an approved ACTIVE push is bound to. */
  approvalKey?: string;
  ids?: DerivedId;
  /** The retry key's reads, asked for with the send's claim (see `sendReady`). */
  deriving?: Promise<DerivedId>;
  /** An approved ACTIVE push: the check that no identical ad went live since the ask, run with the send's claim. */
  late?: () => Promise<ToolResult | undefined>;
  /** The first try at the send's claim, asked for with the retry key's reads. */
  claiming?: Promise<string | null>;
  /** The send's outcome record and claim release, asked for; awaited before the call answers. */
  sendAfter?: Promise<unknown>;
  /** The limiter's turn for the send, taken with the claim. */
  turn?: Promise<Turn>;
  /** The id of an identical send whose outcome is unknown, read with the launch claim (after it). */
  unknownSend?: Promise<string | undefined>;
  /** A money rule makes a person's answer necessary (advisory override, or a custom rule's ask). */
  ruleAsk?: RuleAsk;
  /** The recorded request this call redeemed, once it did: its result is stored with it. */
  redeemed?: { id?: string };
}
