import { randomBytes } from "node:crypto";
import type { Readable, Writable } from "node:stream";
import type { McpDoorToolkit } from "../../door-toolkit.js";
import { createAdTools } from "../../toolkit.js";
import type { AdToolsOptions, AuditEvent } from "../../types.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { listenError } from "../listen-error.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { ruleTrail } from "../rule-trail.js";
import { rulesOption } from "../rules-file.js";
import { openTarget, type Target } from "../target.js";
import { mcpUrlFor, openMcpToolkit, viaMcp } from "../via.js";
import { openInbox, redisUrlOf } from "./inbox.js";
import { authOf, describeAuth, type McpAuthFlags } from "./mcp-auth.js";
import { notSetUp, SET_UP } from "./mcp-setup.js";
import { fleetOptions } from "./wait-approval.js";

const ACCOUNT_ID = /^act_\d+$/;
const MIN_TOKEN = 16;

export interface McpOptions extends McpAuthFlags {
  http?: boolean;
  port?: number;
  host?: string;
  allowedHost?: string;
  account?: string;
  dynamic?: boolean;
  unconfirmedActive?: "refuse" | "pause";
  redis?: string;
  /** The inbox URL people open (env ADRAILS_INBOX_URL): calls needing a person wait there. */
  inboxUrl?: string;
  waitApproval?: boolean;
  approvalTimeout?: number;
  auditLog?: string;
  rateLimit?: number;
  /** Seconds between MCP progress notifications while a call holds for the inbox (default 10). */
  progressEvery?: number;
  /** A money rules file (JSON); else env ADRAILS_RULES. */
  rules?: string;
}

/**
 * `adrails mcp [--http]`: the guarded tools as an MCP server, over stdio (stdout carries only
 * protocol messages) or Streamable HTTP. Logs and one audit line per call go to stderr.
 */
export async function runMcp(ctx: CommandContext, opts: McpOptions): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  if (opts.account !== undefined && !ACCOUNT_ID.test(opts.account)) {
    throw new CliError(
      `--account must look like act_<digits>, not ${JSON.stringify(opts.account)}.`,
      EXIT.usage,
    );
  }
  const host = opts.host ?? "127.0.0.1";
  const envToken = io.env.ADRAILS_MCP_TOKEN;
  const auth = await authOf(ctx, opts, viaMcp(globals, io.env));
  if (opts.http) {
    // Only --http loads the HTTP server code.
    const { isLoopbackHost } = await import("../../mcp/http.js");
    if (envToken !== undefined && envToken.length < MIN_TOKEN) {
      throw new CliError(`ADRAILS_MCP_TOKEN must be at least ${MIN_TOKEN} characters.`, EXIT.usage);
    }
    if (!isLoopbackHost(host) && !envToken && !auth) {
      throw new CliError(
        `Refusing to serve MCP on ${host}, which is not loopback, without a token.`,
        EXIT.usage,
        "Set ADRAILS_MCP_TOKEN to a long random secret shared with the MCP host, sign people in with --auth-issuer URL, or serve on 127.0.0.1.",
      );
    }
  } else if (opts.port !== undefined || opts.host !== undefined || opts.allowedHost !== undefined) {
    output.warn("--port, --host and --allowed-host apply to --http only; serving over stdio.");
  }

  const rules = rulesOption(io, opts.rules);
  const inboxUrl = inboxUrlOf(ctx, opts);
  const fleet = await fleetOptions(ctx, opts);
  const desk = inboxUrl ? await openDesk(ctx, opts, inboxUrl) : undefined;
  const trail = rules.rules ? await ruleTrail(io, opts) : undefined;
  const mcp = viaMcp(globals, io.env);
  const { target, problem } = mcp ? { target: undefined, problem: undefined } : await openOrExplain(ctx);
  const stopped = signalled();
  // stdout belongs to the protocol: anything a library logs goes to stderr instead.
  const restoreConsole = opts.http ? () => {} : consoleToStderr();
  let door: McpDoorToolkit | undefined;
  try {
    const onEvent = (event: AuditEvent) => {
      fleet.options.onEvent?.(event);
      trail?.onEvent?.(event);
      io.stderr.write(`${output.clean(JSON.stringify({ audit: event }))}\n`);
    };
    door = target
      ? undefined
      : await openMcpToolkit(globals, io, output, {
          accountId: opts.account,
          readOnly: globals.readOnly === true,
          ...(opts.unconfirmedActive ? { onUnconfirmedActive: opts.unconfirmedActive } : {}),
          ...rules,
          ...fleet.options,
          ...(desk ? { desk: desk.desk } : {}),
          onEvent,
        });
    const restOptions: AdToolsOptions | undefined = door
      ? undefined
      : {
          apiKey: target!.apiKey,
          baseUrl: target!.baseUrl,
          ...(target!.serviceId === undefined ? {} : { serviceId: target!.serviceId }),
          accountId: opts.account,
          readOnly: globals.readOnly === true,
          ...(opts.unconfirmedActive ? { onUnconfirmedActive: opts.unconfirmedActive } : {}),
          ...(globals.retries === undefined ? {} : { retry: { maxRetries: globals.retries } }),
          ...(opts.rateLimit === undefined ? {} : { rateLimit: { limit: opts.rateLimit } }),
          ...(globals.timeout === undefined
            ? {}
            : { timeouts: { readMs: globals.timeout * 1000, workflowMs: globals.timeout * 1000 } }),
          ...rules,
          ...fleet.options,
          ...(desk ? { desk: desk.desk } : {}),
          onEvent,
        };
    // A server people sign in to serves each of them a toolkit of their own, made from the options.
    if (auth && problem) throw problem;
    const configured = auth ? undefined : (door ?? createAdTools(restOptions!));
    // Without a key or base URL the server still starts, so the host shows the person what is
    // missing (in every tool's answer) rather than "Connection closed".
    const toolkit = configured && problem ? notSetUp(configured, problem) : configured;
    const onerror = (error: Error) => output.warn(`MCP: ${error.message}`);
    const progress = opts.progressEvery === undefined ? {} : { progressEveryMs: opts.progressEvery * 1000 };
    const where = !target
      ? `the MCP door ${mcpUrlFor(globals, io.env)}`
      : problem
        ? "nothing (not set up: every tool answers with what is missing)"
        : target.simulated
          ? "the built-in simulator"
          : target.baseUrl;

    if (opts.http) {
      const { startMcpHttpServer } = await import("../../mcp/http.js");
      const token = auth ? undefined : (envToken ?? randomBytes(32).toString("base64url"));
      const server = await startMcpHttpServer(auth ? restOptions : toolkit!, {
        ...(auth ? { auth } : { token }),
        host,
        port: opts.port ?? 0,
        allowRemote: true,
        allowedHosts: (opts.allowedHost ?? "")
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== ""),
        onerror,
        ...(opts.dynamic ? { dynamic: true } : {}),
        ...progress,
      }).catch((error: NodeJS.ErrnoException) => {
        const listening = listenError(error, opts.port, host);
        if (listening) throw listening;
        if (auth && !(error instanceof CliError) && !error.code) {
          throw new CliError(`Cannot start the sign-in: ${error.message}`, EXIT.usage);
        }
        throw error;
      });
      io.stderr.write(`adrails MCP server (Streamable HTTP) on ${server.url}, tools against ${where}\n`);
      io.stderr.write(
        auth
          ? describeAuth(auth, auth.resource ?? server.url)
          : envToken
            ? "Bearer token: the value of ADRAILS_MCP_TOKEN.\n"
            : `Bearer token (shown once; set ADRAILS_MCP_TOKEN to choose one): ${token}\n`,
      );
      await stopped.promise;
      await server.close();
    } else {
      const { serveMcpStdio } = await import("../../mcp/stdio.js");
      const served = serveMcpStdio(toolkit!, {
        stdin: io.stdin as unknown as Readable,
        stdout: io.stdout as unknown as Writable,
        onerror,
        ...(opts.dynamic ? { dynamic: true } : {}),
        ...progress,
      });
      output.info(`adrails MCP server on stdio, tools against ${where}.`);
      await Promise.race([served.closed, stopped.promise]);
      await served.close();
    }
    return EXIT.ok;
  } finally {
    stopped.dispose();
    restoreConsole();
    await desk?.close();
    await fleet.close();
    await trail?.close();
    await door?.close();
    await target?.close();
  }
}

/** The inbox URL from --inbox-url or ADRAILS_INBOX_URL, checked; it needs the fleet's Redis. */
function inboxUrlOf(ctx: CommandContext, opts: McpOptions): string | undefined {
  const url = opts.inboxUrl ?? ctx.io.env.ADRAILS_INBOX_URL;
  if (url === undefined || url.trim() === "") return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(
      `The inbox URL must be the http(s) address people open, e.g. http://127.0.0.1:3900/ (from --inbox-url or ADRAILS_INBOX_URL), not ${JSON.stringify(url)}.`,
      EXIT.usage,
    );
  }
  if (!redisUrlOf(ctx.io, opts)) {
    throw new CliError(
      "--inbox-url (or ADRAILS_INBOX_URL) needs the store the inbox reads: give --redis URL or set ADRAILS_REDIS_URL.",
      EXIT.usage,
      "Run `adrails inbox --redis URL` where a person can open it, and `adrails mcp --inbox-url URL --redis URL` with the same Redis URL.",
    );
  }
  return url;
}

/** The inbox on the fleet's Redis as the toolkit's desk: calls needing a person wait there. */
async function openDesk(ctx: CommandContext, opts: McpOptions, url: string) {
  // The inbox's decisions are signed: without its public key every one would be refused as forged.
  const { inboxPublicKey, peopleFile } = await import("./inbox-keys.js");
  const publicKey = await inboxPublicKey(ctx.io, url);
  // The people file of ADRAILS_INBOX_PEOPLE: who may approve where, and whose passkey must sign.
  const people = await peopleFile(ctx.io, undefined);
  const { inbox } = await openInbox(ctx.io, opts, false, [], {
    publicKey: publicKey!,
    ...(people ? { people } : {}),
  });
  const { inboxDesk } = await import("../../inbox/desk.js");
  return { desk: inboxDesk(inbox, { url }), close: () => inbox.close() };
}

/** The target, or, when the key or base URL is missing or malformed, the reason (also shown on stderr). */
async function openOrExplain(ctx: CommandContext): Promise<{ target: Target; problem?: CliError }> {
  try {
    return { target: await openTarget(ctx.globals, ctx.io, ctx.output) };
  } catch (error) {
    if (!(error instanceof CliError) || ctx.globals.sim) throw error;
    ctx.output.warn(`${error.message} ${SET_UP}`);
    const target: Target = {
      apiKey: "",
      baseUrl: "",
      keySource: "none",
      simulated: false,
      close: async () => {},
    };
    return { target, problem: error };
  }
}

function signalled() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  process.once("SIGINT", resolve);
  process.once("SIGTERM", resolve);
  return {
    promise,
    dispose: () => {
      process.removeListener("SIGINT", resolve);
      process.removeListener("SIGTERM", resolve);
    },
  };
}

function consoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  return () => Object.assign(console, saved);
}
