import {
  personHint,
  withoutToolPrefix
} from "./chunk-QK2UWSCK.js";
import {
  ruleTrail
} from "./chunk-Q5DUF2BO.js";
import {
  unknownTool
} from "./chunk-HNZNSMKZ.js";
import {
  openMcpToolkit,
  viaMcp
} from "./chunk-H7M2KSJO.js";
import {
  isPlanInput
} from "./chunk-J6C36B2Q.js";
import {
  fleetOptions
} from "./chunk-4TANROFS.js";
import {
  openTarget
} from "./chunk-GXLOWVYE.js";
import {
  rulesOption
} from "./chunk-EVNEDBWT.js";
import "./chunk-Z7HV3DAM.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT,
  exitCodeFor
} from "./chunk-L2KJHPGN.js";
import {
  createAdTools,
  needsHardConfirmation
} from "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import {
  getTool
} from "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/confirm.js
import { createInterface } from "node:readline";
var NEGATIVE = /^(n|no|nope|cancel|abort|stop|quit|q|deny|refuse|don'?t|do not)\b/i;
function rejectAnswer(answer) {
  const text = answer.trim();
  if (text === "")
    return "nothing was typed";
  if (NEGATIVE.test(text))
    return `the answer was ${JSON.stringify(text)}`;
  if (text.split(/\s+/).length < 2) {
    return `a confirmation sentence is needed, not the single word ${JSON.stringify(text)}`;
  }
  return null;
}
__name(rejectAnswer, "rejectAnswer");
function createCliConfirm(io, output, options) {
  const { confirmText, spinner } = options;
  if (confirmText !== void 0) {
    return (request) => {
      if (request.previousLive || request.possiblyLive) {
        output.info(`Not confirmed by --confirm-text: ${request.message}`);
      } else {
        output.info(`Confirmed by --confirm-text: ${request.message}`);
      }
      return { approved: true, text: confirmText, channel: "cli", prewritten: true };
    };
  }
  if (io.stdin.isTTY !== true || io.stderr.isTTY !== true)
    return void 0;
  return async (request) => {
    spinner?.stop();
    try {
      io.stderr.write(`${describe(request, output)}
`);
      const answer = await ask(io, "> ");
      const problem = answer === null ? "the prompt was closed" : rejectAnswer(answer);
      if (problem !== null) {
        io.stderr.write(`Not confirmed (${problem}); nothing will be sent.
`);
        return { approved: false, reason: problem, channel: "cli" };
      }
      return { approved: true, text: answer.trim(), channel: "cli" };
    } finally {
      spinner?.start();
    }
  };
}
__name(createCliConfirm, "createCliConfirm");
function describe(request, output) {
  const s = output.errStyle;
  const { summary } = request;
  if (!("adset_id" in summary)) {
    return [
      s.bold(s.yellow(`The tool ${summary.tool} needs a person's approval before it runs.`)),
      output.clean(request.message),
      `  ${"approval".padEnd(13)}valid until ${new Date(request.expiresAt).toLocaleTimeString()}`,
      "Type a sentence approving this exact call, or press Enter to refuse."
    ].join("\n");
  }
  const rows = [
    ["account", summary.account_id],
    ["ad set", summary.adset_id],
    ["media", summary.media],
    ["destination", summary.destination],
    ["headline", summary.headline],
    ["primary text", summary.primary_text]
  ];
  const lines = [
    s.bold(s.yellow("This ad would be created ACTIVE: it can start spending money at once.")),
    output.clean(request.message),
    ...rows.filter(([, v]) => v !== void 0).map(([k, v]) => `  ${k.padEnd(13)}${output.clean(v)}`),
    `  ${"approval".padEnd(13)}valid until ${new Date(request.expiresAt).toLocaleTimeString()}`,
    "Type a sentence confirming that this ad may go live now (it is sent to the service as the",
    "confirmation), or press Enter to refuse."
  ];
  return lines.join("\n");
}
__name(describe, "describe");
function ask(io, question) {
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
    let answered = false;
    rl.on("SIGINT", () => rl.close());
    rl.on("close", () => {
      if (answered)
        return;
      io.stderr.write("\n");
      resolve(null);
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}
__name(ask, "ask");

// dist/cli/input.js
import { readFile } from "node:fs/promises";
async function readInput(argument, io) {
  if (argument === void 0)
    return {};
  let text;
  let from;
  if (argument === "-") {
    text = await readStream(io.stdin);
    from = "stdin";
  } else if (argument.startsWith("@")) {
    const path = argument.slice(1);
    from = path;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      const reason = error.code === "ENOENT" ? "no such file" : error.message;
      throw new CliError(`Cannot read the body from ${path}: ${reason}.`, EXIT.usage);
    }
  } else {
    text = argument;
    from = "the argument";
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`The body in ${from} is not valid JSON: ${error.message}`, EXIT.usage, `Quote it for the shell, e.g. adrails call results '{"date_preset":"last_7d"}'`);
  }
}
__name(readInput, "readInput");
async function readStream(stream) {
  const chunks = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
__name(readStream, "readStream");

// dist/cli/spinner.js
var FRAMES = ["|", "/", "-", "\\"];
function createSpinner(stream, label, options) {
  if (!options.enabled || stream.isTTY !== true)
    return { start() {
    }, stop() {
    } };
  const delayMs = options.delayMs ?? 1e3;
  const intervalMs = options.intervalMs ?? 100;
  let startedAt;
  let timer;
  let frame = 0;
  let shown = false;
  const draw = /* @__PURE__ */ __name(() => {
    const seconds = Math.floor((Date.now() - (startedAt ?? Date.now())) / 1e3);
    const glyph = FRAMES[frame++ % FRAMES.length];
    stream.write(`\r\x1B[K${glyph} ${label} ${seconds} s`);
    shown = true;
  }, "draw");
  return {
    start() {
      startedAt ??= Date.now();
      if (timer)
        return;
      const wait = Math.max(0, startedAt + delayMs - Date.now());
      timer = setTimeout(() => {
        draw();
        timer = setInterval(draw, intervalMs);
        timer.unref();
      }, wait);
      timer.unref();
    },
    stop() {
      clearTimeout(timer);
      clearInterval(timer);
      timer = void 0;
      if (shown)
        stream.write("\r\x1B[K");
      shown = false;
    }
  };
}
__name(createSpinner, "createSpinner");

// dist/cli/commands/call.js
var ACCOUNT_ID = /^act_\d+$/;
async function runCall(ctx, name, input, opts) {
  const { io, output, globals } = ctx;
  const mcp = viaMcp(globals, io.env);
  if (!mcp && !getTool(name))
    throw unknownTool(name);
  if (opts.confirmText !== void 0 && opts.confirmText.trim() === "") {
    throw new CliError("--confirm-text is empty.", EXIT.usage, 'A person writes the confirmation, e.g. --confirm-text "I approve this ad going live today".');
  }
  if (opts.account !== void 0 && !ACCOUNT_ID.test(opts.account)) {
    throw new CliError(`--account must look like act_<digits>, not ${JSON.stringify(opts.account)}.`, EXIT.usage);
  }
  if (opts.session !== void 0 && !/^[\w.:-]{1,128}$/.test(opts.session)) {
    throw new CliError(`--session must be 1 to 128 letters, digits, '.', ':', '_' or '-', not ${JSON.stringify(opts.session)}.`, EXIT.usage);
  }
  if (opts.waitApproval && opts.confirmText !== void 0) {
    throw new CliError("--wait-approval and --confirm-text are two ways to approve: use one.", EXIT.usage);
  }
  if (isPlanInput(input)) {
    if (mcp)
      throw new CliError("A plan (@file.jsonl) is sent through the REST API only: leave out --via mcp.", EXIT.usage);
    return (await import("./call-plan-VDT2PPP2.js")).runPlan(ctx, name, input, opts);
  }
  const rules = rulesOption(io, opts.rules);
  const fleet = await fleetOptions(ctx, opts);
  const trail = rules.rules ? await ruleTrail(io, opts) : void 0;
  const body = await readInput(input, io);
  const target = mcp ? void 0 : await openTarget(globals, io, output);
  const controller = new AbortController();
  const interrupt = /* @__PURE__ */ __name(() => controller.abort(), "interrupt");
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  const spinner = createSpinner(io.stderr, `${name} running`, {
    enabled: !output.json && io.env.TERM !== "dumb"
  });
  let door;
  try {
    const shared = {
      accountId: opts.account,
      readOnly: globals.readOnly === true,
      confirm: createCliConfirm(io, output, { confirmText: opts.confirmText, spinner }),
      ...rules,
      ...opts.session === void 0 ? {} : { sessionId: opts.session },
      ...fleet.options,
      ...trail?.onEvent ? { onEvent: both(fleet.options.onEvent, trail.onEvent) } : {}
    };
    if (!target)
      door = await openMcpToolkit(globals, io, output, shared);
    const toolkit = target ? createAdTools({
      ...shared,
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      ...globals.retries === void 0 ? {} : { retry: { maxRetries: globals.retries } }
    }) : door;
    const wantsActive = door ? door.get(name)?.needsConfirmation(body) === true : typeof body === "object" && body !== null && needsHardConfirmation(name, body);
    if (opts.confirmText !== void 0 && !wantsActive) {
      output.warn('--confirm-text is not used: only push-creative with status "ACTIVE" needs a confirmation.');
    }
    spinner.start();
    const result = await toolkit.call(name, body, {
      signal: controller.signal,
      ...globals.timeout === void 0 ? {} : { timeoutMs: globals.timeout * 1e3 }
    });
    spinner.stop();
    output.result(result);
    const code = exitCodeFor(result);
    if (code !== EXIT.ok)
      output.error(failure(name, result, code, opts, globals.retries ?? DEFAULT_RETRIES));
    return code;
  } finally {
    spinner.stop();
    process.removeListener("SIGINT", interrupt);
    process.removeListener("SIGTERM", interrupt);
    await fleet.close();
    await trail?.close();
    await door?.close();
    await target?.close();
  }
}
__name(runCall, "runCall");
var DEFAULT_RETRIES = 3;
function failure(tool, result, code, opts, retries) {
  if (result.ok === "partial") {
    return new CliError(`${tool} was only partly applied (HTTP 207).`, code, result.note, { status: 207 });
  }
  if (result.ok === true)
    return new CliError(`${tool} succeeded`, code);
  if (result.ok === "pending") {
    return new CliError(`${tool} is waiting for a person's approval at ${result.approve_url}`, code, result.hint, {
      approval_id: result.approval_id
    });
  }
  const details = { status: result.status };
  let hint = personHint(result, retries) ?? result.hint;
  if ("blocked" in result) {
    details.blocked = result.blocked;
    if (result.blocked === "hard-confirmation" && opts.confirmText === void 0 && !opts.waitApproval) {
      hint += ' From the shell, a person confirms with --confirm-text "<sentence>", or answers the prompt when run on a terminal.';
    }
    return new CliError(`${tool} was refused by the ${result.blocked} guard: ${result.error}`, code, hint, details);
  }
  const status = result.status === null ? "no answer" : `HTTP ${result.status}`;
  return new CliError(`${tool} failed (${status}): ${withoutToolPrefix(tool, result.error)}`, code, hint, details);
}
__name(failure, "failure");
function both(a, b) {
  return (event) => {
    a?.(event);
    b(event);
  };
}
__name(both, "both");
export {
  runCall
};
