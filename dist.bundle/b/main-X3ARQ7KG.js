import {
  CliError,
  Output
} from "./chunk-T2KKBROU.js";
import {
  EXIT,
  EXIT_CODE_HELP
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/main.js
import { readFileSync as readFileSync2 } from "node:fs";
import { join as join2 } from "node:path";
import { Command, CommanderError, InvalidArgumentError as InvalidArgumentError2, Option as Option2 } from "commander";

// dist/cli/approval-commands.js
import { InvalidArgumentError, Option } from "commander";
var port = /* @__PURE__ */ __name((value) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new InvalidArgumentError("--port must be an integer from 0 to 65535.");
  }
  return n;
}, "port");
function defineApprovalCommands(program, action) {
  program.command("inbox").description("serve the approval inbox: a web page where a person approves or declines waiting calls").addOption(new Option("--port <n>", "port to listen on (default: a free one, printed)").argParser(port)).option("--host <host>", "host to bind (default 127.0.0.1; others need ADRAILS_INBOX_TOKEN)").option("--allowed-host <names>", "comma-separated host names accepted in Host and Origin besides loopback").option("--redis <url>", "the fleet's shared store the agents wait on (default: env ADRAILS_REDIS_URL)").option("--audit-log <file>", "also append the audit trail to this JSON lines file").option("--people <file>", "named approvers (JSON): own tokens, accounts, the two-person rule (default: env ADRAILS_INBOX_PEOPLE)").option("--notify <url>", "POST each request's events to this webhook (repeatable; signed with env ADRAILS_NOTIFY_SECRET)", (url, all = []) => [...all, url]).addOption(new Option("--notify-format <format>", "the webhook body: json (default) or slack").choices([
    "json",
    "slack"
  ])).option("--public-url <url>", "the inbox's URL as people open it, for links (default: env ADRAILS_INBOX_URL)").action(action(async (ctx, opts) => (await import("./inbox-LRXG3TVX.js")).runInbox(ctx, opts)));
  const audit = program.command("audit").description("print the approval audit trail: requests, approvals, declines, expiries, outcomes").option("--redis <url>", "read the fleet's audit stream (default: env ADRAILS_REDIS_URL)").option("--audit-log <file>", "read this JSON lines file instead").option("--summary", "per account and day: asked, approved, declined, expired, launches, rule refusals and overrides").action(action(async (ctx, opts) => (await import("./audit-NRJX4R4D.js")).runAudit(ctx, opts)));
  audit.command("verify").description("check every decision of an audit file against the inbox's public key (env ADRAILS_INBOX_PUBLIC_KEY); exit 6 naming a line that does not hold").argument("<file>", "the JSON lines audit file (--audit-log)").action(action(async (ctx, file) => (await import("./audit-verify-7ZB2UX4X.js")).runAuditVerify(ctx, file)));
}
__name(defineApprovalCommands, "defineApprovalCommands");

// dist/cli/help-text.js
var ENVIRONMENT_HELP = `Environment:
  ADRAILS_API_KEY   the API key (adk_...); preferred over --api-key, which shows in process lists
  ADRAILS_BASE_URL  the service's base URL (tools are POSTed to {base}/api/mcp/{tool})
  ADRAILS_REDIS_URL the fleet's Redis (--redis): shared store, approval inbox, audit stream
  ADRAILS_INBOX_TOKEN the inbox sign-in token (else one is generated and printed once)
  ADRAILS_INBOX_URL the inbox page people open (mcp --inbox-url, inbox --public-url): approval links point there
  ADRAILS_INBOX_PEOPLE named approvers for adrails inbox (--people): own tokens, accounts, two-person rule
  ADRAILS_INBOX_PUBLIC_KEY the key agents check the inbox's signed decisions with (printed by adrails inbox)
  ADRAILS_INBOX_PRIVATE_KEY the inbox's signing key (else kept in ADRAILS_HOME/inbox-key.json, 0600)
  ADRAILS_NOTIFY_SECRET signs inbox webhook notifications (X-Adrails-Signature, HMAC-SHA256)
  ADRAILS_RULES     a money rules file (JSON) for call, mcp and evals (--rules)
  ADRAILS_VIA       rest (default) or mcp: the door calls go through
  ADRAILS_MCP_URL   the MCP door (default {base}/api/mcp)
  ADRAILS_HOME      where OAuth credentials and the inbox key are kept (default $XDG_CONFIG_HOME/adrails or ~/.config/adrails)
  NO_COLOR          any non-empty value turns colour off (FORCE_COLOR=1 forces it on)

Results go to stdout, messages and errors to stderr. With --json every output is JSON,
errors included (one object on stderr).`;
var EXAMPLES = `Examples:
  adrails doctor
  adrails tools --group A
  adrails describe results
  adrails call results '{"date_preset":"last_7d"}' | jq '.data'
  adrails call push-creative @ad.json --confirm-text "I approve this ad going live today"
  adrails --sim call list-accounts
  adrails --sim mcp
  adrails inbox --redis redis://127.0.0.1:6379
  adrails call push-creative @ad.json --wait-approval --redis redis://127.0.0.1:6379
  adrails call push-creative @plan.jsonl --wait-approval --redis redis://127.0.0.1:6379  (one body per line, one decision)`;

// dist/cli/package-root.js
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function packageRoot(from = dirname(fileURLToPath(new URL("../cli/package-root.js", import.meta.url).href))) {
  let dir = from;
  for (; ; ) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && isAdrails(manifest))
      return dir;
    const parent = dirname(dir);
    if (parent === dir)
      return join(from, "..", "..");
    dir = parent;
  }
}
__name(packageRoot, "packageRoot");
function isAdrails(manifest) {
  try {
    return JSON.parse(readFileSync(manifest, "utf8")).name === "adrails";
  } catch {
    return false;
  }
}
__name(isAdrails, "isAdrails");

// dist/cli/main.js
var integer = /* @__PURE__ */ __name((name, min, max) => (value) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new InvalidArgumentError2(`${name} must be an integer from ${min} to ${max}.`);
  }
  return n;
}, "integer");
async function runCli(argv, io = processIO()) {
  const root = packageRoot();
  const jsonRequested = argv.includes("--json");
  const early = new Output(io, jsonRequested);
  const secrets = givenSecrets(argv, io.env);
  for (const secret of secrets)
    early.secret(secret);
  let exitCode = EXIT.ok;
  let active;
  const program = new Command().name("adrails").description("Guarded access to the Ad Analysis and Creative Service from shell scripts and CI.\nCalls go through the same guards as agents: validation, request ids, hard confirmation.").version(readVersion(root), "-V, --version").exitOverride().showSuggestionAfterError().configureOutput({
    writeOut: /* @__PURE__ */ __name((text) => io.stdout.write(early.clean(text)), "writeOut"),
    writeErr: /* @__PURE__ */ __name((text) => io.stderr.write(early.clean(text)), "writeErr"),
    outputError: /* @__PURE__ */ __name((text, write) => {
      const message = text.replace(/^error:\s*/, "").trim();
      if (jsonRequested)
        write(`${JSON.stringify({ ok: false, error: message, exit_code: EXIT.usage })}
`);
      else
        write(text.endsWith("\n") ? text : `${text}
`);
    }, "outputError")
  }).option("--api-key <key>", "API key (default: env ADRAILS_API_KEY)").option("--base-url <url>", "service base URL (default: env ADRAILS_BASE_URL)").option("--sim", "run against an in-process simulator, started and closed around the command").option("--json", "machine-readable output (errors too, as JSON on stderr)").option("--read-only", "refuse every tool that writes (blocked, exit 6, nothing sent)").option("--via <door>", "rest (API key, default) or mcp (the MCP door, signed in with adrails login); env ADRAILS_VIA").option("--mcp-url <url>", "the MCP door (default: env ADRAILS_MCP_URL, else {base}/api/mcp)").option("--tool-map <file>", "with --via mcp: JSON map of door tools to known tools or read-only (default: env ADRAILS_TOOL_MAP)").addOption(new Option2("--retries <n>", "retries for 429, 503 and safe network failures (default 3)").argParser(integer("--retries", 0, 10))).addOption(new Option2("--timeout <seconds>", "timeout per attempt (default 30 s for reads, 300 s for creative workflows)").argParser(integer("--timeout", 1, 3600))).addHelpText("after", `
${EXAMPLES}

${ENVIRONMENT_HELP}

${EXIT_CODE_HELP}
`);
  const context = /* @__PURE__ */ __name((command) => {
    const globals = command.optsWithGlobals();
    active = new Output(io, globals.json === true);
    for (const secret of secrets)
      active.secret(secret);
    return { io, output: active, globals, root };
  }, "context");
  const action = /* @__PURE__ */ __name((run) => async (...args) => {
    const command = args[args.length - 1];
    exitCode = await run(context(command), ...args.slice(0, -1));
  }, "action");
  program.command("tools").description("list the catalog: every tool with its group, effect, plan and fields").option("--group <group>", "only this group, A to F").action(action(async (ctx, opts) => (await import("./tools-57N6UVUH.js")).runTools(ctx, opts)));
  program.command("describe").description("one tool in full: fields, types, enums, bounds, defaults, required, statuses, plan").argument("<tool>", "tool name, e.g. results").action(action(async (ctx, tool) => (await import("./describe-HJJ2ZLM7.js")).runDescribe(ctx, tool)));
  program.command("call").description("call a tool with a raw JSON body and print the result as JSON").argument("<tool>", "tool name, e.g. results").argument("[input]", "JSON body, @file to read it from a file, or - for stdin (default {}); @file.jsonl is a plan: one body per line, approved as one list with --wait-approval").option("--account <id>", "default account_id (act_...) for tools that take one").option("--confirm-text <sentence>", "a person's confirmation for an ACTIVE push-creative (else a prompt on a terminal, else refused)").option("--wait-approval", "an ACTIVE push waits for a person's decision in `adrails inbox` (needs --redis)").addOption(new Option2("--approval-timeout <seconds>", "how long --wait-approval waits (default 300); then exit 6, nothing sent").argParser(integer("--approval-timeout", 5, 86400))).option("--redis <url>", "the fleet's shared store and inbox (default: env ADRAILS_REDIS_URL)").option("--rules <file>", "money rules (JSON) checked before anyone is asked; env ADRAILS_RULES").option("--session <name>", "scope of retry ids: a rerun with the same name and input reuses the first send's request_id (default: one scope per API key)").option("--audit-log <file>", "also append the approval audit trail to this JSON lines file").action(action(async (ctx, tool, input, opts) => (await import("./call-M2AI65HG.js")).runCall(ctx, tool, input, opts)));
  defineApprovalCommands(program, action);
  const rules = program.command("rules").description("money rules: check a rules file, show today's launch counts");
  rules.command("check").description("validate a rules file and print what it allows in plain words (exit 2 naming a bad key)").argument("<file>", "the rules file (JSON)").action(action(async (ctx, file) => (await import("./rules-TLSVSWPR.js")).runRulesCheck(ctx, file)));
  rules.command("status").description("today's ACTIVE launch counts per account, from the fleet's store (--redis)").option("--rules <file>", "the rules file, for the time zone and cap (default: env ADRAILS_RULES)").option("--redis <url>", "the fleet's shared store (default: env ADRAILS_REDIS_URL)").action(action(async (ctx, opts) => (await import("./rules-TLSVSWPR.js")).runRulesStatus(ctx, opts)));
  program.command("sim").description("run the simulator (REST and its MCP door) until Ctrl-C; prints its URLs, demo keys and test users").addOption(new Option2("--port <n>", "port to listen on (default: a free one)").argParser(integer("--port", 0, 65535))).action(action(async (ctx, opts) => (await import("./sim-EHGYP2CG.js")).runSim(ctx, opts)));
  program.command("mcp").description("serve the guarded tools to MCP hosts over stdio, or Streamable HTTP with --http").option("--http", "serve Streamable HTTP at /mcp instead of stdio (bearer token: env ADRAILS_MCP_TOKEN)").addOption(new Option2("--port <n>", "HTTP port (default: a free one, printed)").argParser(integer("--port", 0, 65535))).option("--host <host>", "HTTP host to bind (default 127.0.0.1; others need ADRAILS_MCP_TOKEN)").option("--allowed-host <names>", "comma-separated host names (no port) accepted in Host and Origin besides loopback and --host").option("--account <id>", "default account_id (act_...) for tools that take one").option("--dynamic", "list only find-tools at first; the tools a search finds are listed from then on").addOption(new Option2("--unconfirmed-active <mode>", "an ACTIVE push-creative nobody confirmed: refuse it (default) or create it PAUSED").choices(["refuse", "pause"])).option("--redis <url>", "the fleet's shared store (default: env ADRAILS_REDIS_URL)").option("--inbox-url <url>", "the `adrails inbox` page people open: calls needing a person wait there, for hosts without forms (needs --redis; env ADRAILS_INBOX_URL)").option("--wait-approval", "ACTIVE pushes wait for a person's decision in `adrails inbox` (needs --redis)").addOption(new Option2("--approval-timeout <seconds>", "how long --wait-approval waits (default 300)").argParser(integer("--approval-timeout", 5, 86400))).addOption(new Option2("--progress-every <seconds>", "how often a call waiting for the inbox sends MCP progress (default 10; lower for hosts with short timeouts)").argParser(integer("--progress-every", 1, 50))).option("--audit-log <file>", "also append the approval audit trail to this JSON lines file").option("--rules <file>", "money rules (JSON) checked before anyone is asked; env ADRAILS_RULES").addOption(new Option2("--rate-limit <n>", "requests a minute the service allows this key (default 60)").argParser(integer("--rate-limit", 1, 1e6))).action(action(async (ctx, opts) => (await import("./mcp-XNR2GAYR.js")).runMcp(ctx, opts)));
  program.command("demo").description("a guided tour against the simulator (or the service when a key is set)").option("--no-interactive", "do not pause for input, even on a terminal").action(action(async (ctx, opts) => (await import("./demo-BLOY4DBQ.js")).runDemo(ctx, opts)));
  program.command("evals").description("replay your conversation files (--dir <folder>) through every installed framework; --help for the runner's flags").argument("[args...]", "the runner's flags, e.g. --dir evals --options ./adrails.options.mjs").allowUnknownOption().helpOption(false).action(action(async (ctx, args) => (await import("./evals-TZYII4QY.js")).runEvalsCommand(ctx, args)));
  program.command("openapi").description("print the OpenAPI 3.1 document of the service, generated from the catalog").option("--server <url>", "the servers[0].url to write (default: --base-url, ADRAILS_BASE_URL or a placeholder)").action(action(async (ctx, opts) => (await import("./openapi-IT4BLB77.js")).runOpenapi(ctx, opts)));
  program.command("login").description("sign in to the service's MCP door with OAuth; credentials are kept under ADRAILS_HOME (--timeout: seconds to wait for the browser, default 300)").option("--no-browser", "do not open a browser: print the address and wait for the redirect").option("--client-metadata-url <url>", "https URL of adrails' Client ID Metadata Document (env ADRAILS_CLIENT_METADATA_URL)").action(action(async (ctx, opts) => (await import("./login-22STQ2WI.js")).runLogin(ctx, opts)));
  program.command("logout").description("revoke the MCP door's tokens where the server allows it, and forget them").action(action(async (ctx) => (await import("./logout-2Y2W3QHM.js")).runLogout(ctx)));
  program.command("doctor").description("check the key with list-accounts, then a read with a returned account").option("--account <id>", "the account to read (default: the first one list-accounts returns)").option("--drift", "compare the service's OpenAPI document with the catalog (no key needed; exit 10 on drift); with --via mcp, the MCP door's tools/list (needs adrails login)").action(action(async (ctx, opts) => (await import("./doctor-7DADHF2Z.js")).runDoctor(ctx, opts)));
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const failure = error instanceof CliError ? error : new CliError(error instanceof Error ? error.message : String(error), EXIT.unexpected);
    (active ?? early).error(failure);
    return failure.exitCode;
  }
}
__name(runCli, "runCli");
function givenSecrets(argv, env) {
  const found = [env.ADRAILS_API_KEY ?? ""];
  argv.forEach((arg, i) => {
    if (arg === "--api-key")
      found.push(argv[i + 1] ?? "");
    else if (arg.startsWith("--api-key="))
      found.push(arg.slice("--api-key=".length));
  });
  return found.filter((secret) => secret.trim() !== "");
}
__name(givenSecrets, "givenSecrets");
function processIO() {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}
__name(processIO, "processIO");
function readVersion(root) {
  try {
    return JSON.parse(readFileSync2(join2(root, "package.json"), "utf8")).version;
  } catch {
    return "0.0.0";
  }
}
__name(readVersion, "readVersion");
export {
  runCli
};
