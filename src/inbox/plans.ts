import type { PlanChannel } from "../plan-types.js";
import type { ToolResult } from "../types.js";
import type { Inbox } from "./inbox.js";
import type { ItemOutcome } from "./types.js";

/** Options of {@link inboxPlans}. */
export interface InboxPlansOptions {
  /** A name for this agent or job, shown on the page and recorded in the audit. */
  agent?: string;
  /** The conversation, thread or run, shown on the page. */
  conversation?: string;
  /** Told the inbox item's id once the person decided (for {@link settlePlan}). */
  onItem?: (itemId: string) => void;
}

/**
 * The inbox as the channel of `toolkit.askMany`: the plan is one item showing every payload; the
 * caller waits there (beating a heartbeat, as `inbox.ask` does) until a person approves or
 * declines the whole list, or the plan expires.
 */
export function inboxPlans(inbox: Inbox, options: InboxPlansOptions = {}): PlanChannel {
  const channel: PlanChannel = async (plan, signal) => {
    const { id, decision } = await inbox.ask(
      plan,
      {
        ...(options.agent ? { agent: options.agent } : {}),
        ...(options.conversation ? { conversation: options.conversation } : {}),
      },
      signal,
    );
    options.onItem?.(id);
    return decision;
  };
  channel.authority = inbox.authority;
  return channel;
}

/** Records on the plan's inbox item what sending its payloads did: every ad made, or which failed. */
export async function settlePlan(
  inbox: Inbox,
  itemId: string,
  results: readonly ToolResult[],
): Promise<void> {
  const made: string[] = [];
  const failed: string[] = [];
  results.forEach((result, i) => {
    const data = result.ok === true ? (result.data as Record<string, unknown> | null) : null;
    if (result.ok === true) made.push(data && data.ad_id != null ? String(data.ad_id) : "?");
    else
      failed.push(`payload ${i + 1} (${"error" in result ? result.error.slice(0, 120) : "partly applied"})`);
  });
  const outcome: ItemOutcome = {
    at: Date.now(),
    ok: failed.length === 0,
    status: null,
    ...(made.length > 0 ? { adId: made.join(", ") } : {}),
    ...(failed.length === 0
      ? { adStatus: "as asked" }
      : { error: `${made.length} of ${results.length} sent; failed: ${failed.join("; ")}` }),
  };
  await inbox.settle(itemId, outcome);
}
