import { chars, digits } from "./random.js";

/** An ad the simulator created (push-creative, or a creative-loop staging). */
export interface SimAd {
  ad_id: string;
  creative_id: string;
  account_id: string;
  adset_id: string;
  campaign_id: string;
  name: string;
  status: "PAUSED" | "ACTIVE";
  /** The retry key it was created under. */
  request_id: string;
  media: { type: "image" | "video"; url: string; thumbnail_url?: string };
  destination: { website_url: string } | { lead_gen_form_id: string };
  cta_type: string | null;
  primary_text: string | null;
  headline: string | null;
  fb_page_id: string;
  ig_page_id: string | null;
  beneficiary: string | null;
  payer: string | null;
  hard_confirm_text: string | null;
  /** `launch_ad` is the MCP door's own write (see docs/sim-mcp-door.md). */
  created_by: "push-creative" | "creative-loop" | "launch_ad";
  created_at: string;
  /** Set when the MCP door's `set_ad_status` changed the status. */
  status_changed_by?: "set_ad_status";
  status_changed_at?: string;
}

/** One request as the simulator saw it. Headers (and so the key) are never recorded. */
export interface SimRequest {
  seq: number;
  at: string;
  method: string;
  path: string;
  tool: string | null;
  /** Which demo key called (its label, never the key), or null when authentication failed. */
  key: string | null;
  /** The HTTP status answered, or null when the connection was dropped. */
  status: number | null;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  durationMs: number;
  fault?: string;
  /** True when the answer replayed a stored outcome (request_id or idempotency key). */
  replayed?: boolean;
  /** True when a timeout-after-write fault dropped the answer after the write was applied. */
  appliedThenDropped?: boolean;
}

/** A stored answer, replayed for a reused retry key. */
export interface StoredReply {
  status: number;
  data: unknown;
}

type Rec = Record<string, unknown> & { workspace: string };

/** Everything the simulator's tools change. `reset()` replaces it with a fresh one. */
export class SimState {
  private counters = new Map<string, number>();
  readonly ads: SimAd[] = [];
  readonly requests: SimRequest[] = [];
  /** Outcomes of push-creative and workflow writes by (tool, account, request_id). */
  readonly outcomes = new Map<string, StoredReply>();
  readonly inflight = new Set<string>();
  readonly activeAccount = new Map<string, string>();
  readonly imagesUsed = new Map<string, number>();
  readonly imageQuota = new Map<string, number>();
  readonly library: Rec[] = [];
  readonly profiles: Rec[] = [];
  readonly workflowRuns: Rec[] = [];
  readonly briefs = new Map<string, Rec>();
  readonly runs = new Map<string, Rec>();
  readonly artifacts = new Map<string, Rec>();
  readonly experiments = new Map<string, Rec>();
  readonly results: Rec[] = [];
  readonly interpretations: Rec[] = [];
  readonly candidates = new Map<string, Rec>();
  readonly previews = new Map<string, Rec>();
  readonly planApprovals = new Map<string, Rec>();
  readonly snapshots = new Map<string, Rec>();
  readonly routines = new Map<string, Rec>();
  readonly alerts = new Map<string, Rec>();
  /** Answers of group E/F tools by (workspace, tool, idempotency key). */
  readonly keyed = new Map<string, StoredReply>();
  /** Board items (snapshots and alerts) in creation order, for cursor paging. */
  readonly board: { kind: "snapshot" | "alert"; id: string; workspace: string }[] = [];

  constructor(readonly seed: string) {}

  /** A fresh, deterministic id: the nth id of this prefix for this seed. */
  id(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${chars(12, this.seed, "id", prefix, n)}`;
  }

  /** A fresh, deterministic numeric id, like the ad platform's. */
  numericId(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return digits(17, this.seed, "numeric", prefix, n);
  }
}
