import { randomBytes } from "node:crypto";
import type { InboxOptions as CreateInboxOptions, Inbox } from "../../inbox/inbox.js";
import type { People } from "../../inbox/people.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { listenError } from "../listen-error.js";
import type { CommandContext } from "../main.js";
import type { CliIO, Output } from "../output.js";
import { CliError } from "../output.js";
import { type InboxNotifyOptions, notifySetup } from "./inbox-notify.js";

/** Where the inbox state lives, from the command line: --redis / ADRAILS_REDIS_URL, --audit-log. */
export interface InboxStateOptions {
  redis?: string;
  auditLog?: string;
}

export interface InboxOptions extends InboxStateOptions, InboxNotifyOptions {
  port?: number;
  host?: string;
  allowedHost?: string;
  /** The named approvers' file (else ADRAILS_INBOX_PEOPLE). */
  people?: string;
}

const MIN_TOKEN = 16;

/** The Redis URL given by --redis or ADRAILS_REDIS_URL, checked; undefined when none. */
export function redisUrlOf(io: CliIO, opts: InboxStateOptions): string | undefined {
  const url = opts.redis ?? io.env.ADRAILS_REDIS_URL;
  if (url === undefined || url.trim() === "") return undefined;
  if (!URL.canParse(url) || !/^rediss?:$/.test(new URL(url).protocol)) {
    throw new CliError(
      "The Redis URL must look like redis://host:6379 (from --redis or ADRAILS_REDIS_URL).",
      EXIT.usage,
    );
  }
  return url;
}

/** The Redis URL as redisUrlOf, once the `redis` package is known to load (exit 2 naming it if not). */
export async function redisUrlReady(io: CliIO, opts: InboxStateOptions): Promise<string | undefined> {
  const url = redisUrlOf(io, opts);
  if (url === undefined) return undefined;
  const { redisInstalled } = await import("../../store/redis-package.js");
  if (!(await redisInstalled())) {
    throw new CliError(
      "A Redis URL is set (--redis or ADRAILS_REDIS_URL), but the `redis` package is not installed.",
      EXIT.usage,
      "Run `npm install redis` in the project that runs adrails, or leave the Redis URL out.",
    );
  }
  return url;
}

/**
 * The inbox over Redis (a fleet) or memory, with the audit trail in Redis and/or a JSON lines file.
 * With `follow` (the inbox page's own process), a file with Redis gets the whole fleet's trail:
 * every entry of the shared stream is copied into it, this process's own included, until `stop`.
 */
export async function openInbox(
  io: CliIO,
  opts: InboxStateOptions,
  follow = false,
  /** More secrets kept out of the audit, e.g. a generated inbox token. */
  secretsToo: readonly string[] = [],
  /** The inbox's keys and people, and what is shown the items it reads (notifications). */
  more: Pick<CreateInboxOptions, "key" | "publicKey" | "people" | "watch"> = {},
): Promise<{ inbox: Inbox; where: string; stop(): Promise<void> }> {
  const { createInbox, memoryQueue, memoryAudit, fileAudit, auditTo, redisInbox, mirrorAudit } = await import(
    "../../inbox/index.js"
  );
  const url = await redisUrlReady(io, opts);
  const shared = url ? redisInbox({ url }) : { queue: memoryQueue(), audit: memoryAudit() };
  const secrets = [io.env.ADRAILS_INBOX_TOKEN ?? "", io.env.ADRAILS_API_KEY ?? "", ...secretsToo];
  if (follow && url && opts.auditLog) {
    const file = fileAudit(opts.auditLog);
    const mirror = await mirrorAudit(shared.audit, auditTo([file], secrets));
    const audit = {
      ...auditTo([shared.audit], secrets),
      read: () => file.read(),
      lines: () => file.lines!(),
    };
    const inbox = createInbox({ ...more, queue: shared.queue, audit });
    return { inbox, where: shared.queue.name, stop: () => mirror.stop() };
  }
  const trails = [shared.audit, ...(opts.auditLog ? [fileAudit(opts.auditLog)] : [])];
  // With a file, read the file: it holds what this machine saw, whatever the store.
  if (opts.auditLog) trails.reverse();
  const inbox = createInbox({ ...more, queue: shared.queue, audit: auditTo(trails, secrets) });
  return { inbox, where: url ? shared.queue.name : "this process's memory", stop: async () => {} };
}

/** `adrails inbox`: the approval page for every call waiting for a person on the shared store. */
export async function runInbox(ctx: CommandContext, opts: InboxOptions): Promise<ExitCode> {
  const { io, output } = ctx;
  const host = opts.host ?? "127.0.0.1";
  const { isLoopbackHost } = await import("../../mcp/http.js");
  const { inboxSigningKey, peopleFile, KEY_PATH } = await import("./inbox-keys.js");
  const people = await peopleFile(io, opts.people);
  const envToken = people ? undefined : io.env.ADRAILS_INBOX_TOKEN;
  if (people && io.env.ADRAILS_INBOX_TOKEN) {
    output.warn(
      "ADRAILS_INBOX_TOKEN is not used with a people file: each person signs in with their own token.",
    );
  }
  if (envToken !== undefined && envToken.length < MIN_TOKEN) {
    throw new CliError(`ADRAILS_INBOX_TOKEN must be at least ${MIN_TOKEN} characters.`, EXIT.usage);
  }
  if (!isLoopbackHost(host) && !envToken && !people) {
    throw new CliError(
      `Refusing to serve the inbox on ${host}, which is not loopback, without a token you chose.`,
      EXIT.usage,
      "Set ADRAILS_INBOX_TOKEN to a long random secret, or serve on 127.0.0.1.",
    );
  }
  const notify = notifySetup(io, output, opts);
  const token = people ? undefined : (envToken ?? randomBytes(24).toString("base64url"));
  const tokens = people ? people.people.flatMap((p) => (p.token ? [p.token] : [])) : [token as string];
  for (const secret of tokens) output.secret(secret);
  const signing = await inboxSigningKey(io, output);
  const { inbox, where, stop } = await openInbox(io, opts, true, tokens, {
    key: signing.key,
    ...(people ? { people } : {}),
    ...(notify.watch ? { watch: notify.watch } : {}),
  });
  if (!redisUrlOf(io, opts)) {
    output.warn(
      "No --redis or ADRAILS_REDIS_URL: this inbox sees only calls made in its own process, which are none. Agents and the inbox must share a Redis.",
    );
  }
  const { createInboxHandler } = await import("../../inbox/handler.js");
  const allowedHosts = [
    ...(isLoopbackHost(host) ? [] : [host]),
    ...(opts.allowedHost ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
  ];
  const handler = createInboxHandler(inbox, {
    ...(people ? { people } : { token: token as string }),
    allowedHosts,
  });
  // Loaded here: `adrails call` imports this file, and on Node 22 and 24 importing node:http
  // loads Node's own undici too.
  const { createServer } = await import("node:http");
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        listenError(error, opts.port, host) ??
          new CliError(`Cannot listen on ${host}:${opts.port ?? 0}: ${error.message}.`, EXIT.usage),
      ),
    );
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  // Opened at a name, never an IP address: WebAuthn refuses those, so passkeys need it.
  const shown = isLoopbackHost(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  io.stderr.write(`adrails approval inbox on http://${shown}:${port}/ (requests from ${where})\n`);
  passkeyNote(output, people, opts.publicUrl ?? io.env.ADRAILS_INBOX_URL);
  await notify.start(inbox.queue, `http://${shown}:${port}/`, [...tokens, io.env.ADRAILS_API_KEY ?? ""]);
  // The one place the token is shown: never again, not in logs, pages or the audit.
  io.stderr.write(
    people
      ? `Named approvers: ${people.people.map((p) => p.name).join(", ")}; each signs in with their own token.${people.two.length ? ` Two people must approve on: ${people.two === "*" ? "every account" : people.two.join(", ")}.` : ""}\n`
      : envToken
        ? "Sign in with the value of ADRAILS_INBOX_TOKEN.\n"
        : `Sign-in token (shown once; set ADRAILS_INBOX_TOKEN to choose one): ${token}\n`,
  );
  io.stderr.write(
    `Decisions are signed with the key in ${signing.where}. Agents check them with (also at http://${shown}:${port}/${KEY_PATH}):\nADRAILS_INBOX_PUBLIC_KEY='${JSON.stringify(signing.key.jwk)}'\n`,
  );
  await untilSignal();
  notify.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections?.();
  await stop();
  await inbox.close();
  return EXIT.ok;
}

/** Warns when people with passkeys would open the page at another name than the one passkeys are bound to. */
function passkeyNote(output: Output, people: People | undefined, publicUrl: string | undefined): void {
  if (!people || !publicUrl || !URL.canParse(publicUrl)) return;
  const uses =
    people.people.some((p) => (p.passkeys?.length ?? 0) > 0) || people.requirePasskeys !== undefined;
  const rp = people.rp?.id ?? "localhost";
  const name = new URL(publicUrl).hostname;
  if (uses && name !== rp) {
    output.warn(
      `The inbox's public URL names ${name}, but the people file binds passkeys to ${rp} (its "rp"): passkeys work only on a page opened at ${rp}. Set "rp": { "id": "${name}" } in the people file, or open the inbox at ${rp}.`,
    );
  }
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.removeListener("SIGINT", done);
      process.removeListener("SIGTERM", done);
      resolve();
    };
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
}

/** Prints what a waiting call is doing, for `call --wait-approval` and `mcp --wait-approval`. */
export function waitingNote(output: Output, seconds: number): (message: string) => void {
  return (message) =>
    output.info(`Waiting up to ${seconds} s for a person's decision in the approval inbox: ${message}`);
}
