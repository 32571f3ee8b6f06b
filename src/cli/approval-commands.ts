import { type Command, InvalidArgumentError, Option } from "commander";
import type { ExitCode } from "./exit-codes.js";
import type { CommandContext } from "./main.js";

// The commands people use to approve: the inbox they decide in, and the audit of what was decided.

type Action = <A extends unknown[]>(
  run: (ctx: CommandContext, ...args: A) => Promise<ExitCode>,
) => (...args: unknown[]) => Promise<void>;

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new InvalidArgumentError("--port must be an integer from 0 to 65535.");
  }
  return n;
};

/** Adds `adrails inbox`, `adrails audit` and `adrails audit verify` to the program. */
export function defineApprovalCommands(program: Command, action: Action): void {
  const inbox = program
    .command("inbox")
    .description("serve the approval inbox: a web page where a person approves or declines waiting calls")
    .addOption(new Option("--port <n>", "port to listen on (default: a free one, printed)").argParser(port))
    .option("--host <host>", "host to bind (default 127.0.0.1; others need ADRAILS_INBOX_TOKEN)")
    .option(
      "--allowed-host <names>",
      "comma-separated host names accepted in Host and Origin besides loopback",
    )
    .option("--redis <url>", "the fleet's shared store the agents wait on (default: env ADRAILS_REDIS_URL)")
    .option("--audit-log <file>", "also append the audit trail to this JSON lines file")
    .option(
      "--people <file>",
      "named approvers (JSON): own tokens, accounts, the two-person rule (default: env ADRAILS_INBOX_PEOPLE)",
    )
    .option(
      "--notify <url>",
      "POST each request's events to this webhook (repeatable; signed with env ADRAILS_NOTIFY_SECRET)",
      (url: string, all: string[] = []) => [...all, url],
    )
    .addOption(
      new Option("--notify-format <format>", "the webhook body: json (default) or slack").choices([
        "json",
        "slack",
      ]),
    )
    .option(
      "--public-url <url>",
      "the inbox's URL as people open it, for links (default: env ADRAILS_INBOX_URL)",
    )
    .action(
      action(async (ctx, opts: import("./commands/inbox.js").InboxOptions) =>
        (await import("./commands/inbox.js")).runInbox(ctx, opts),
      ),
    );
  const people = inbox.command("people").description("manage the named approvers' file (--people)");
  people
    .command("add")
    .description(
      "add an approver with a generated token (printed once; the file keeps its SHA-256 and length)",
    )
    .argument("<name>", "the person's name, recorded with each decision")
    .requiredOption("--file <file>", "the people file (made if missing, mode 0600)")
    .option("--accounts <ids>", 'comma-separated accounts the person may decide for, or "*" (default)')
    .action(
      action(async (ctx, name: string, opts: import("./commands/inbox-people.js").PeopleAddOptions) =>
        (await import("./commands/inbox-people.js")).runPeopleAdd(ctx, name, opts),
      ),
    );
  people
    .command("add-passkey")
    .description(
      "add a passkey the inbox page exported to its person: from then on their approvals count only with a passkey",
    )
    .argument("[export]", "the exported JSON file, or - for stdin (default)")
    .requiredOption("--file <file>", "the people file")
    .option("--name <name>", "the person to add it to (default: the name in the export)")
    .action(
      action(
        async (
          ctx,
          source: string | undefined,
          opts: import("./commands/inbox-passkey.js").AddPasskeyOptions,
        ) => (await import("./commands/inbox-passkey.js")).runAddPasskey(ctx, source, opts),
      ),
    );

  const audit = program
    .command("audit")
    .description("print the approval audit trail: requests, approvals, declines, expiries, outcomes")
    .option("--redis <url>", "read the fleet's audit stream (default: env ADRAILS_REDIS_URL)")
    .option("--audit-log <file>", "read this JSON lines file instead")
    .option(
      "--summary",
      "per account and day: asked, approved, declined, expired, launches, rule refusals and overrides",
    )
    .action(
      action(async (ctx, opts: import("./commands/inbox.js").InboxStateOptions & { summary?: boolean }) =>
        (await import("./commands/audit.js")).runAudit(ctx, opts),
      ),
    );
  audit
    .command("verify")
    .description(
      "check an audit trail: its hash chain line by line, and every decision against the inbox's public keys (env ADRAILS_INBOX_PUBLIC_KEY: a key or a JSON array of keys); exit 6 naming each line that does not hold",
    )
    .argument(
      "[file]",
      "the JSON lines audit file (--audit-log); without it, the fleet's audit stream (--redis)",
    )
    .option(
      "--key <key>",
      "another inbox public key (a JWK, a JSON array of JWKs, or a file holding one), e.g. the key before a rotation (repeatable)",
      (key: string, all: string[] = []) => [...all, key],
    )
    .option(
      "--people <file>",
      "the people file (default: env ADRAILS_INBOX_PEOPLE): each approval must carry its person's passkey where the file asks one, and is named with the person and credential",
    )
    .action(
      action(
        async (
          ctx,
          file: string | undefined,
          opts: import("./commands/audit-verify.js").AuditVerifyOptions,
        ) =>
          // --redis is the parent's (`adrails audit verify --redis URL` and `adrails audit --redis URL verify` alike).
          (await import("./commands/audit-verify.js")).runAuditVerify(ctx, file, {
            ...(audit.opts() as import("./commands/audit-verify.js").AuditVerifyOptions),
            ...opts,
          }),
      ),
    );
}
