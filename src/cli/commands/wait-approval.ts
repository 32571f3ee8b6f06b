import type { Inbox } from "../../inbox/inbox.js";
import type { AdToolsOptions } from "../../types.js";
import { EXIT } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { type InboxStateOptions, openInbox, redisUrlReady } from "./inbox.js";

/** The fleet flags of `call` and `mcp`. */
export interface FleetFlags extends InboxStateOptions {
  waitApproval?: boolean;
  approvalTimeout?: number;
}

const DEFAULT_TIMEOUT_S = 300;
/** Shorter secrets can be guessed. */
const MIN_APPROVAL_SECRET = 16;

/**
 * `approvalSecret` from ADRAILS_APPROVAL_SECRET: answers carried by chat apps and frameworks are
 * signed with it and only signed ones redeem, so a process without it cannot forge one. It does
 * not stop a Redis writer from deleting or delaying answers, and the inbox routes redeem only the
 * inbox key's signatures instead. Exit 2 when it is too short to be a secret.
 */
export function approvalSecretOf(env: NodeJS.ProcessEnv): { approvalSecret?: string } {
  const secret = env.ADRAILS_APPROVAL_SECRET;
  if (secret === undefined || secret === "") return {};
  if (secret.length < MIN_APPROVAL_SECRET) {
    throw new CliError(
      `ADRAILS_APPROVAL_SECRET must be at least ${MIN_APPROVAL_SECRET} characters.`,
      EXIT.usage,
      "Set it to a long random value every process of the fleet shares, e.g. `openssl rand -hex 32`.",
    );
  }
  return { approvalSecret: secret };
}

/**
 * Toolkit options from --redis (the fleet store) and --wait-approval (approvals through the inbox
 * on that store, waiting up to --approval-timeout), and how to close what they opened.
 */
export async function fleetOptions(
  ctx: CommandContext,
  flags: FleetFlags,
): Promise<{ options: Partial<AdToolsOptions>; close(): Promise<void>; inbox?: Inbox }> {
  const { io, output } = ctx;
  const url = await redisUrlReady(io, flags);
  if (flags.approvalTimeout !== undefined && !flags.waitApproval) {
    output.warn("--approval-timeout applies to --wait-approval only.");
  }
  if (flags.waitApproval && !url) {
    throw new CliError(
      "--wait-approval needs the store the inbox reads: give --redis URL or set ADRAILS_REDIS_URL.",
      EXIT.usage,
      "Run `adrails inbox --redis URL` where a person can open it, and the call with the same --redis URL.",
    );
  }
  // Only decisions the inbox signed are redeemed: without its public key, nothing could be. Loaded
  // only to wait: the key's code (jose, 46 modules) was a quarter of the modules every call loaded.
  const publicKey = flags.waitApproval
    ? await (await import("./inbox-keys.js")).inboxPublicKey(io)
    : undefined;
  if (flags.waitApproval && !publicKey) {
    throw new CliError(
      "--wait-approval redeems only decisions signed by the inbox, and no inbox public key is set.",
      EXIT.usage,
      "Set ADRAILS_INBOX_PUBLIC_KEY to the key `adrails inbox` prints, or ADRAILS_INBOX_URL to the inbox's address.",
    );
  }
  const secret = approvalSecretOf(io.env);
  if (!url) return { options: secret, close: async () => {} };
  const { redisStore } = await import("../../store/redis.js");
  // ADRAILS_REDIS_ALLOW_EVICTION=1 accepts a Redis whose maxmemory-policy can evict adrails' keys.
  const store = redisStore({ url, allowEviction: io.env.ADRAILS_REDIS_ALLOW_EVICTION === "1" });
  const options: Partial<AdToolsOptions> = { store, ...secret };
  let opened: Inbox | undefined;
  const closers = [() => store.close()];
  if (flags.waitApproval) {
    const seconds = flags.approvalTimeout ?? DEFAULT_TIMEOUT_S;
    // The people file of ADRAILS_INBOX_PEOPLE: who may approve where, and whose passkey must sign.
    const people = await (await import("./inbox-keys.js")).peopleFile(io, undefined);
    const { inbox } = await openInbox(io, flags, false, [], {
      publicKey: publicKey!,
      ...(people ? { people } : {}),
    });
    opened = inbox;
    const { inboxApprovals } = await import("../../inbox/approvals.js");
    const hooks = inboxApprovals(inbox, { agent: `adrails ${process.argv.slice(2, 4).join(" ")}`.trim() });
    // A single call and a plan (askMany) wait for the person the same time.
    options.approvalTtlMs = seconds * 1000;
    options.pendingTtlMs = seconds * 1000;
    options.onEvent = hooks.onEvent;
    options.onOutcome = hooks.onOutcome;
    options.approvalAuthority = hooks.approvalAuthority;
    options.confirm = (request) => {
      output.info(
        `Waiting up to ${seconds} s for a person's decision in the approval inbox: ${request.message}`,
      );
      return hooks.confirm(request);
    };
    closers.push(() => inbox.close());
  }
  return {
    options,
    ...(opened ? { inbox: opened } : {}),
    close: async () => {
      for (const close of closers) await close().catch(() => {});
    },
  };
}
