import type { ApprovalAuthority } from "./guards/approval/verify.js";
// The approval model's words: what a person is asked, and the answers channels carry.

/** What a person sees when asked to confirm an ACTIVE ad. */
export interface ConfirmSummary {
  account_id: string;
  adset_id: string;
  media: string;
  destination: string;
  headline?: string;
  primary_text?: string;
  /** A video's thumbnail URL, as sent (`thumbnail_url`). */
  thumbnail?: string;
  status: "ACTIVE";
}

/** What a person sees when asked about a call of any other tool that needs them: the call itself. */
export interface CallSummary {
  tool: string;
  /** The tool's own description. */
  description: string;
  /** The exact arguments the call would be sent with. */
  arguments: Record<string, unknown>;
}

/**
 * An approval request: one call that needs a person, bound to the exact payload by `fingerprint`.
 * An answer names it back ({@link ApprovalAnswer}), and it is redeemed once, fleet-wide, under `id`.
 */
export interface ConfirmRequest {
  /** Names this request. Stable for one call (tool call id, session and payload); fresh otherwise. */
  id: string;
  tool: string;
  /** The framework's tool call id, when it has one. */
  callId?: string;
  fingerprint: string;
  /** The ad account the call acts on, when it names one. */
  account?: string;
  /** When the person was asked (epoch ms). */
  askedAt: number;
  /** When an approval of this request stops being valid (epoch ms). */
  expiresAt: number;
  /** An ACTIVE ad's summary for push-creative; the tool, its description and exact arguments otherwise. */
  summary: ConfirmSummary | CallSummary;
  /**
   * The exact payload a redemption must match (canonical JSON, without retry keys), when the
   * request was recorded: a page shows what it says, and signs decisions over its fingerprint.
   */
  payload?: string;
  /** The summary as one short paragraph, ready to show a person. */
  message: string;
  /**
   * An identical payload went live recently under the same API key and account: that ad, and when.
   * The message then starts by saying so; approving makes a second live copy.
   */
  previousLive?: PreviousLive;
  /**
   * A money rule behind the ask: one that would refuse the call (advisory mode: approving
   * overrides it) or a custom rule that asks for a person. The message then starts by saying so.
   */
  rule?: { name: string; reason: string; override: boolean };
  /**
   * An identical send of this payload got no answer (its outcome is unknown), so the ad may
   * already be live: its request id. The message then starts by saying so.
   */
  possiblyLive?: { requestId: string };
}

/** An ad that went live with the same payload: the service's `ad_id` and when (epoch ms). */
export interface PreviousLive {
  adId: string;
  at: number;
}

/** The approval model's name for a {@link ConfirmRequest}. */
export type ApprovalRequest = ConfirmRequest;

/**
 * A person's answer to one {@link ApprovalRequest}: approve (with their sentence, or none, when a
 * recorded statement is sent) or decline (with a reason), through a channel, at a time. Made by
 * `adTool.answer()`, which signs it when the toolkit has an `approvalSecret`; passed back with
 * `call(input, { answer })`. It redeems only for the call it names, once.
 */
export interface ApprovalAnswer {
  /** The request answered: what binds the answer to one call. */
  request: Pick<
    ConfirmRequest,
    "id" | "tool" | "callId" | "fingerprint" | "account" | "askedAt" | "expiresAt"
  > & {
    /** The identical live ad the person's form named (`previousLive.adId`), when it named one. */
    toldOfLive?: string;
  };
  approved: boolean;
  /** Approved: the person's sentence, sent as `hard_confirm_text`. */
  text?: string;
  /** Declined: why, shown to the model. */
  reason?: string;
  /** Where the person answered: "confirm", "cli", "openai-agents", "langgraph", "ai-sdk", "mcp-elicitation", "inbox". */
  channel: string;
  /** When the person answered (epoch ms). */
  at: number;
  /** HMAC-SHA256 of everything above under the toolkit's `approvalSecret`, when one is set. */
  sig?: string;
}

/** A person's answer. `text` is the confirmation sent to the service as `hard_confirm_text`. */
export type ConfirmDecision =
  | {
      approved: true;
      text: string;
      channel?: string;
      /** Who answered, when the channel knows (recorded with the answer). */
      who?: string;
      /**
       * Signed statements of the people who approved (an inbox's decision): the verifier checks
       * them before anything is sent, and the sentence sent is the signed one.
       */
      statements?: string[];
      /**
       * The answer was written before the request was shown (`--confirm-text`, a callback that
       * answers without showing anyone): it never approves a request naming a live or possibly
       * live identical ad.
       */
      prewritten?: boolean;
    }
  | {
      approved: false;
      reason?: string;
      channel?: string;
      who?: string;
      /**
       * Nobody decided (the request expired, or the wait was cancelled): not a decline. Nothing is
       * recorded as the person's answer, and the model is told it may ask again with a new call.
       */
      undecided?: true;
    };

/** The human channel for hard confirmation. */
export type ConfirmChannel = (request: ConfirmRequest) => ConfirmDecision | Promise<ConfirmDecision>;

/** An approval a person gave through a framework's own flow (AI SDK approval, LangGraph interrupt). */
export interface HumanApproval {
  /** Fingerprint of the payload the person approved. */
  fingerprint: string;
  /** The person's confirmation text, when they gave one; without it a recorded statement is sent. */
  text?: string;
  /** Where it came from, e.g. "ai-sdk" or "langgraph". Recorded in the audit event. */
  via: string;
  /**
   * Identifies this approval: it is used once, and the push it allows sends a request id derived
   * from it, so a second delivery anywhere replays instead of creating. Without an id the approval
   * is identified by what it says (fingerprint, via, text, approvedAt), whatever call carries it.
   */
  id?: string;
  /**
   * Epoch ms; the approval is valid for the toolkit's `approvalTtlMs` from then. Without it, from
   * when this toolkit first sees it.
   */
  approvedAt?: number;
}

/** A person's "no" given through a framework's own flow (a LangGraph interrupt, an AI SDK denial). */
export interface HumanDenial {
  /** Where it came from, e.g. "langgraph". Recorded in the audit event. */
  via: string;
  /** Why the person declined, when they said; shown to the model. */
  reason?: string;
}

/**
 * A person answered in a framework flow, but the answer cannot be bound to this call: it names
 * another payload or call, or names none while several confirmations were pending at once.
 */
export interface UnboundAnswer {
  /** Where it came from, e.g. "langgraph". Recorded in the audit event. */
  via: string;
  /** Why the answer does not count for this call. */
  reason: string;
  /** The fingerprints of the confirmations pending when the answer came. */
  pending: string[];
  /**
   * The id of this call's approval request when the answer came back and it was not recorded (a
   * resumed run finds no ask): the refusal then says why it is missing, not that nothing bound.
   */
  missing?: string;
}

/** Who posted a request to a desk: shown to the person deciding. */
export interface DeskRequester {
  /** A name for the agent or job. */
  agent?: string;
  /** The conversation, thread or run the call belongs to. */
  conversation?: string;
}

/**
 * What a desk says of a request: still waiting, expired without a decision, or a person's
 * decision as the desk carries it. The desk does not judge it: an approval redeems only when the
 * toolkit's verifier accepts its signed `statements` for the call about to be sent.
 */
export type DeskDecision =
  | { state: "waiting" }
  | { state: "expired" }
  | { state: "approved"; text: string; who: string; statements?: string[] }
  | { state: "declined"; reason: string; who: string; statements?: string[] };

/**
 * Where a recorded request waits for a person when nobody can be asked inside the call (an inbox:
 * `inboxDesk(inbox, { url })` from "adrails/inbox"). The toolkit's store stays the authority: a
 * decision read here is recorded against the request and redeemed once there.
 */
export interface ApprovalDesk {
  /**
   * Whose signatures this desk's decisions carry (the inbox's public key and people file, as this
   * process was configured): the verifier's trust when the toolkit is given none of its own.
   */
  authority?: ApprovalAuthority;
  /** Puts the request up for a decision, once per request id; the URL opens that request. */
  post(request: ConfirmRequest, requester?: DeskRequester): Promise<{ url: string }>;
  /** What was decided about request `requestId` so far. */
  decision(requestId: string): Promise<DeskDecision>;
  /**
   * The call an approval of request `requestId` allowed ran: its result, told once (by the process
   * that stored it with the request), e.g. to show the ad made on the page.
   */
  settled?(requestId: string, result: import("./types.js").ToolResult): Promise<void>;
}

/** Progress while `awaitApproval` holds, for a host that reports it (MCP progress notifications). */
export interface AwaitProgress {
  /** Milliseconds waited so far in this await. */
  elapsedMs: number;
  /** How long this await holds at most (ms). */
  waitMs: number;
  message: string;
}

/** Options of `toolkit.awaitApproval`. */
export interface AwaitApprovalOptions {
  /** How long to hold for a decision (ms): default 25 000, at most 50 000 (under 60 s client timeouts). */
  waitMs?: number;
  /** Stops holding (the pending result is returned); a call already running is not interrupted. */
  signal?: AbortSignal;
  /** Called at least every 5 s while holding. */
  onProgress?: (progress: AwaitProgress) => void;
}
