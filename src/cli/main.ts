import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { defineApprovalCommands } from "./approval-commands.js";
import { EXIT, EXIT_CODE_HELP, type ExitCode } from "./exit-codes.js";
import { ENVIRONMENT_HELP, EXAMPLES } from "./help-text.js";
import { CliError, type CliIO, Output } from "./output.js";
import { packageRoot } from "./package-root.js";
import type { GlobalOptions } from "./target.js";

/** What every command gets: the streams, the output, the global options, the package's root folder. */
export interface CommandContext {
  io: CliIO;
  output: Output;
  globals: GlobalOptions;
  root: string;
}

const integer = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}.`);
  }
  return n;
};

/**
 * Runs the `adrails` command with `argv` (the arguments after the program name) and resolves to
 * the exit code. It does not call process.exit.
 */
export async function runCli(argv: readonly string[], io: CliIO = processIO()): Promise<ExitCode> {
  const root = packageRoot();
  // Known before parsing, so that even a usage error is reported as JSON.
  const jsonRequested = argv.includes("--json");
  const early = new Output(io, jsonRequested);
  const secrets = givenSecrets(argv, io.env);
  for (const secret of secrets) early.secret(secret);
  let exitCode: ExitCode = EXIT.ok;
  let active: Output | undefined;

  const program = new Command()
    .name("adrails")
    .description(
      "Guarded access to the Ad Analysis and Creative Service from shell scripts and CI.\n" +
        "Calls go through the same guards as agents: validation, request ids, hard confirmation.",
    )
    .version(readVersion(root), "-V, --version")
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(early.clean(text)),
      writeErr: (text) => io.stderr.write(early.clean(text)),
      outputError: (text, write) => {
        const message = text.replace(/^error:\s*/, "").trim();
        if (jsonRequested) write(`${JSON.stringify({ ok: false, error: message, exit_code: EXIT.usage })}\n`);
        else write(text.endsWith("\n") ? text : `${text}\n`);
      },
    })
    .option("--api-key <key>", "API key (default: env ADRAILS_API_KEY)")
    .option("--base-url <url>", "service base URL (default: env ADRAILS_BASE_URL)")
    .option("--sim", "run against an in-process simulator, started and closed around the command")
    .option("--json", "machine-readable output (errors too, as JSON on stderr)")
    .option("--read-only", "refuse every tool that writes (blocked, exit 6, nothing sent)")
    .option(
      "--via <door>",
      "rest (API key, default) or mcp (the MCP door, signed in with adrails login); env ADRAILS_VIA",
    )
    .option("--mcp-url <url>", "the MCP door (default: env ADRAILS_MCP_URL, else {base}/api/mcp)")
    .option(
      "--tool-map <file>",
      "with --via mcp: JSON map of door tools to known tools or read-only (default: env ADRAILS_TOOL_MAP)",
    )
    .addOption(
      new Option("--retries <n>", "retries for 429, 503 and safe network failures (default 3)").argParser(
        integer("--retries", 0, 10),
      ),
    )
    .addOption(
      new Option(
        "--timeout <seconds>",
        "timeout per attempt (default 30 s for reads, 300 s for creative workflows)",
      ).argParser(integer("--timeout", 1, 3600)),
    )
    .addHelpText("after", `\n${EXAMPLES}\n\n${ENVIRONMENT_HELP}\n\n${EXIT_CODE_HELP}\n`);

  const context = (command: Command): CommandContext => {
    const globals = command.optsWithGlobals<GlobalOptions>();
    active = new Output(io, globals.json === true);
    for (const secret of secrets) active.secret(secret);
    return { io, output: active, globals, root };
  };
  const action =
    <A extends unknown[]>(run: (ctx: CommandContext, ...args: A) => Promise<ExitCode>) =>
    async (...args: unknown[]) => {
      const command = args[args.length - 1] as Command;
      exitCode = await run(context(command), ...(args.slice(0, -1) as A));
    };

  program
    .command("tools")
    .description("list the catalog: every tool with its group, effect, plan and fields")
    .option("--group <group>", "only this group, A to F")
    .action(
      action(async (ctx, opts: { group?: string }) =>
        (await import("./commands/tools.js")).runTools(ctx, opts),
      ),
    );

  program
    .command("describe")
    .description("one tool in full: fields, types, enums, bounds, defaults, required, statuses, plan")
    .argument("<tool>", "tool name, e.g. results")
    .action(
      action(async (ctx, tool: string) => (await import("./commands/describe.js")).runDescribe(ctx, tool)),
    );

  program
    .command("call")
    .description("call a tool with a raw JSON body and print the result as JSON")
    .argument("<tool>", "tool name, e.g. results")
    .argument(
      "[input]",
      "JSON body, @file to read it from a file, or - for stdin (default {}); @file.jsonl is a plan: one body per line, approved as one list with --wait-approval",
    )
    .option("--account <id>", "default account_id (act_...) for tools that take one")
    .option(
      "--confirm-text <sentence>",
      "a person's confirmation for an ACTIVE push-creative (else a prompt on a terminal, else refused)",
    )
    .option(
      "--wait-approval",
      "an ACTIVE push waits for a person's decision in `adrails inbox` (needs --redis)",
    )
    .addOption(
      new Option(
        "--approval-timeout <seconds>",
        "how long --wait-approval waits (default 300); then exit 6, nothing sent",
      ).argParser(integer("--approval-timeout", 5, 86_400)),
    )
    .option("--redis <url>", "the fleet's shared store and inbox (default: env ADRAILS_REDIS_URL)")
    .option("--rules <file>", "money rules (JSON) checked before anyone is asked; env ADRAILS_RULES")
    .option(
      "--session <name>",
      "scope of retry ids: a rerun with the same name and input reuses the first send's request_id (default: one scope per API key)",
    )
    .option("--audit-log <file>", "also append the approval audit trail to this JSON lines file")
    .action(
      action(
        async (
          ctx,
          tool: string,
          input: string | undefined,
          opts: import("./commands/call.js").CallOptions,
        ) => (await import("./commands/call.js")).runCall(ctx, tool, input, opts),
      ),
    );

  defineApprovalCommands(program, action);

  const rules = program
    .command("rules")
    .description("money rules: check a rules file, show today's launch counts");
  rules
    .command("check")
    .description("validate a rules file and print what it allows in plain words (exit 2 naming a bad key)")
    .argument("<file>", "the rules file (JSON)")
    .action(
      action(async (ctx, file: string) => (await import("./commands/rules.js")).runRulesCheck(ctx, file)),
    );
  rules
    .command("status")
    .description("today's ACTIVE launch counts per account, from the fleet's store (--redis)")
    .option("--rules <file>", "the rules file, for the time zone and cap (default: env ADRAILS_RULES)")
    .option("--redis <url>", "the fleet's shared store (default: env ADRAILS_REDIS_URL)")
    .action(
      action(async (ctx, opts: { rules?: string; redis?: string }) =>
        (await import("./commands/rules.js")).runRulesStatus(ctx, opts),
      ),
    );

  program
    .command("sim")
    .description(
      "run the simulator (REST and its MCP door) until Ctrl-C; prints its URLs, demo keys and test users",
    )
    .addOption(
      new Option("--port <n>", "port to listen on (default: a free one)").argParser(
        integer("--port", 0, 65535),
      ),
    )
    .action(
      action(async (ctx, opts: { port?: number }) => (await import("./commands/sim.js")).runSim(ctx, opts)),
    );

  program
    .command("mcp")
    .description("serve the guarded tools to MCP hosts over stdio, or Streamable HTTP with --http")
    .option("--http", "serve Streamable HTTP at /mcp instead of stdio (bearer token: env ADRAILS_MCP_TOKEN)")
    .addOption(
      new Option("--port <n>", "HTTP port (default: a free one, printed)").argParser(
        integer("--port", 0, 65535),
      ),
    )
    .option("--host <host>", "HTTP host to bind (default 127.0.0.1; others need ADRAILS_MCP_TOKEN)")
    .option(
      "--allowed-host <names>",
      "comma-separated host names (no port) accepted in Host and Origin besides loopback and --host",
    )
    .option("--account <id>", "default account_id (act_...) for tools that take one")
    .option("--dynamic", "list only find-tools at first; the tools a search finds are listed from then on")
    .addOption(
      new Option(
        "--unconfirmed-active <mode>",
        "an ACTIVE push-creative nobody confirmed: refuse it (default) or create it PAUSED",
      ).choices(["refuse", "pause"]),
    )
    .option("--redis <url>", "the fleet's shared store (default: env ADRAILS_REDIS_URL)")
    .option(
      "--inbox-url <url>",
      "the `adrails inbox` page people open: calls needing a person wait there, for hosts without forms (needs --redis; env ADRAILS_INBOX_URL)",
    )
    .option(
      "--wait-approval",
      "ACTIVE pushes wait for a person's decision in `adrails inbox` (needs --redis)",
    )
    .addOption(
      new Option("--approval-timeout <seconds>", "how long --wait-approval waits (default 300)").argParser(
        integer("--approval-timeout", 5, 86_400),
      ),
    )
    .addOption(
      new Option(
        "--progress-every <seconds>",
        "how often a call waiting for the inbox sends MCP progress (default 10; lower for hosts with short timeouts)",
      ).argParser(integer("--progress-every", 1, 50)),
    )
    .option("--audit-log <file>", "also append the approval audit trail to this JSON lines file")
    .option("--rules <file>", "money rules (JSON) checked before anyone is asked; env ADRAILS_RULES")
    .addOption(
      new Option("--rate-limit <n>", "requests a minute the service allows this key (default 60)").argParser(
        integer("--rate-limit", 1, 1_000_000),
      ),
    )
    .option(
      "--auth-issuer <url>",
      "with --http: sign-in through this OAuth issuer (the team's IdP) instead of a static token; env ADRAILS_MCP_AUTH_ISSUER",
    )
    .option("--public-url <url>", "with --auth-issuer: the MCP endpoint's public URL (the tokens' audience)")
    .option(
      "--auth-introspection-client <id>",
      "with --auth-issuer: client id for token introspection (RFC 7662); secret from env ADRAILS_MCP_INTROSPECTION_SECRET",
    )
    .option(
      "--auth-tenants <file>",
      "with --auth-issuer: teams (JSON) mapping subjects or groups to a service key and accounts; env ADRAILS_MCP_TENANTS",
    )
    .option(
      "--auth-groups-claim <name>",
      "with --auth-issuer: the token claim listing groups (default groups)",
    )
    .action(
      action(async (ctx, opts: import("./commands/mcp.js").McpOptions) =>
        (await import("./commands/mcp.js")).runMcp(ctx, opts),
      ),
    );

  program
    .command("demo")
    .description("a guided tour against the simulator (or the service when a key is set)")
    .option("--no-interactive", "do not pause for input, even on a terminal")
    .action(
      action(async (ctx, opts: { interactive: boolean }) =>
        (await import("./commands/demo.js")).runDemo(ctx, opts),
      ),
    );

  program
    .command("evals")
    .description(
      "replay your conversation files (--dir <folder>) through every installed framework; --help for the runner's flags",
    )
    .argument("[args...]", "the runner's flags, e.g. --dir evals --options ./adrails.options.mjs")
    .allowUnknownOption()
    .helpOption(false)
    .action(
      action(async (ctx, args: string[]) => (await import("./commands/evals.js")).runEvalsCommand(ctx, args)),
    );

  program
    .command("openapi")
    .description("print the OpenAPI 3.1 document of the service, generated from the catalog")
    .option(
      "--server <url>",
      "the servers[0].url to write (default: --base-url, ADRAILS_BASE_URL or a placeholder)",
    )
    .action(
      action(async (ctx, opts: { server?: string }) =>
        (await import("./commands/openapi.js")).runOpenapi(ctx, opts),
      ),
    );

  program
    .command("login")
    .description(
      "sign in to the service's MCP door with OAuth; credentials are kept under ADRAILS_HOME (--timeout: seconds to wait for the browser, default 300)",
    )
    .option("--no-browser", "do not open a browser: print the address and wait for the redirect")
    .option(
      "--client-metadata-url <url>",
      "https URL of adrails' Client ID Metadata Document (env ADRAILS_CLIENT_METADATA_URL)",
    )
    .action(
      action(async (ctx, opts: import("./commands/login.js").LoginCommandOptions) =>
        (await import("./commands/login.js")).runLogin(ctx, opts),
      ),
    );

  program
    .command("logout")
    .description(
      "revoke the MCP door's tokens where the server allows it, and forget them (--timeout: seconds to wait for the server, default 10)",
    )
    .action(action(async (ctx) => (await import("./commands/logout.js")).runLogout(ctx)));

  program
    .command("doctor")
    .description("check the key with list-accounts, then a read with a returned account")
    .option("--account <id>", "the account to read (default: the first one list-accounts returns)")
    .option(
      "--drift",
      "compare the service's OpenAPI document with the catalog (no key needed; exit 10 on drift); with --via mcp, the MCP door's tools/list (needs adrails login)",
    )
    .action(
      action(async (ctx, opts: { account?: string; drift?: boolean }) =>
        (await import("./commands/doctor.js")).runDoctor(ctx, opts),
      ),
    );

  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end with 0; every parse error, and help shown for a missing command, with 2.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const failure =
      error instanceof CliError
        ? error
        : new CliError(error instanceof Error ? error.message : String(error), EXIT.unexpected);
    (active ?? early).error(failure);
    return failure.exitCode;
  }
}

/** The keys this run was given, so that no message can print them, whatever their shape. */
function givenSecrets(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const found = [env.ADRAILS_API_KEY ?? ""];
  argv.forEach((arg, i) => {
    if (arg === "--api-key") found.push(argv[i + 1] ?? "");
    else if (arg.startsWith("--api-key=")) found.push(arg.slice("--api-key=".length));
  });
  return found.filter((secret) => secret.trim() !== "");
}

function processIO(): CliIO {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

function readVersion(root: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "0.0.0";
  }
}
