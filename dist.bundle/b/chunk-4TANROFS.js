import {
  openInbox,
  redisUrlReady
} from "./chunk-Z7HV3DAM.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/wait-approval.js
var DEFAULT_TIMEOUT_S = 300;
async function fleetOptions(ctx, flags) {
  const { io, output } = ctx;
  const url = await redisUrlReady(io, flags);
  if (flags.approvalTimeout !== void 0 && !flags.waitApproval) {
    output.warn("--approval-timeout applies to --wait-approval only.");
  }
  if (flags.waitApproval && !url) {
    throw new CliError("--wait-approval needs the store the inbox reads: give --redis URL or set ADRAILS_REDIS_URL.", EXIT.usage, "Run `adrails inbox --redis URL` where a person can open it, and the call with the same --redis URL.");
  }
  const publicKey = flags.waitApproval ? await (await import("./inbox-keys-QISVOI3T.js")).inboxPublicKey(io) : void 0;
  if (flags.waitApproval && !publicKey) {
    throw new CliError("--wait-approval redeems only decisions signed by the inbox, and no inbox public key is set.", EXIT.usage, "Set ADRAILS_INBOX_PUBLIC_KEY to the key `adrails inbox` prints, or ADRAILS_INBOX_URL to the inbox's address.");
  }
  if (!url)
    return { options: {}, close: /* @__PURE__ */ __name(async () => {
    }, "close") };
  const { redisStore } = await import("./redis-TKELJIFF.js");
  const store = redisStore({ url, allowEviction: io.env.ADRAILS_REDIS_ALLOW_EVICTION === "1" });
  const options = { store };
  let opened;
  const closers = [() => store.close()];
  if (flags.waitApproval) {
    const seconds = flags.approvalTimeout ?? DEFAULT_TIMEOUT_S;
    const { inbox } = await openInbox(io, flags, false, [], { publicKey });
    opened = inbox;
    const { inboxApprovals } = await import("./approvals-Z33AZE6M.js");
    const hooks = inboxApprovals(inbox, { agent: `adrails ${process.argv.slice(2, 4).join(" ")}`.trim() });
    options.approvalTtlMs = seconds * 1e3;
    options.onEvent = hooks.onEvent;
    options.onOutcome = hooks.onOutcome;
    options.confirm = (request) => {
      output.info(`Waiting up to ${seconds} s for a person's decision in the approval inbox: ${request.message}`);
      return hooks.confirm(request);
    };
    closers.push(() => inbox.close());
  }
  return {
    options,
    ...opened ? { inbox: opened } : {},
    close: /* @__PURE__ */ __name(async () => {
      for (const close of closers)
        await close().catch(() => {
        });
    }, "close")
  };
}
__name(fleetOptions, "fleetOptions");

export {
  fleetOptions
};
