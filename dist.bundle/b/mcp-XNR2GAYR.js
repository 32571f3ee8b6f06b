import {
  ruleTrail
} from "./chunk-Q5DUF2BO.js";
import {
  mcpUrlFor,
  openMcpToolkit,
  viaMcp
} from "./chunk-H7M2KSJO.js";
import {
  fleetOptions
} from "./chunk-4TANROFS.js";
import {
  openTarget
} from "./chunk-GXLOWVYE.js";
import {
  rulesOption
} from "./chunk-EVNEDBWT.js";
import {
  openInbox,
  redisUrlOf
} from "./chunk-Z7HV3DAM.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  createAdTools
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
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/mcp.js
import { randomBytes } from "node:crypto";

// dist/cli/commands/mcp-setup.js
var SET_UP = "In the MCP host's settings for the adrails server, set ADRAILS_API_KEY to your service key (adk_...) and ADRAILS_BASE_URL to the service's address, then restart the server. To try adrails without a key, add --sim to its arguments.";
function notSetUp(toolkit, problem) {
  const result = {
    ok: false,
    status: null,
    error: `adrails is not set up: ${problem.message}`,
    hint: `${SET_UP} Tell the person this; calling again will not help.`,
    retryable: false
  };
  const answer = /* @__PURE__ */ __name(async () => result, "answer");
  const tools = toolkit.tools.map((tool) => Object.freeze({
    ...tool,
    call: answer,
    needsConfirmation: /* @__PURE__ */ __name(() => false, "needsConfirmation"),
    confirmationRequest: /* @__PURE__ */ __name(() => null, "confirmationRequest")
  }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return Object.freeze({
    ...toolkit,
    tools: Object.freeze(tools),
    get: /* @__PURE__ */ __name((name) => byName.get(name), "get"),
    call: answer
  });
}
__name(notSetUp, "notSetUp");

// dist/cli/commands/mcp.js
var ACCOUNT_ID = /^act_\d+$/;
var MIN_TOKEN = 16;
async function runMcp(ctx, opts) {
  const { io, output, globals } = ctx;
  if (opts.account !== void 0 && !ACCOUNT_ID.test(opts.account)) {
    throw new CliError(`--account must look like act_<digits>, not ${JSON.stringify(opts.account)}.`, EXIT.usage);
  }
  const host = opts.host ?? "127.0.0.1";
  const envToken = io.env.ADRAILS_MCP_TOKEN;
  if (opts.http) {
    const { isLoopbackHost } = await import("./http-KGC6QO4F.js");
    if (envToken !== void 0 && envToken.length < MIN_TOKEN) {
      throw new CliError(`ADRAILS_MCP_TOKEN must be at least ${MIN_TOKEN} characters.`, EXIT.usage);
    }
    if (!isLoopbackHost(host) && !envToken) {
      throw new CliError(`Refusing to serve MCP on ${host}, which is not loopback, without a token.`, EXIT.usage, "Set ADRAILS_MCP_TOKEN to a long random secret shared with the MCP host, or serve on 127.0.0.1.");
    }
  } else if (opts.port !== void 0 || opts.host !== void 0 || opts.allowedHost !== void 0) {
    output.warn("--port, --host and --allowed-host apply to --http only; serving over stdio.");
  }
  const rules = rulesOption(io, opts.rules);
  const inboxUrl = inboxUrlOf(ctx, opts);
  const fleet = await fleetOptions(ctx, opts);
  const desk = inboxUrl ? await openDesk(ctx, opts, inboxUrl) : void 0;
  const trail = rules.rules ? await ruleTrail(io, opts) : void 0;
  const mcp = viaMcp(globals, io.env);
  const { target, problem } = mcp ? { target: void 0, problem: void 0 } : await openOrExplain(ctx);
  const stopped = signalled();
  const restoreConsole = opts.http ? () => {
  } : consoleToStderr();
  let door;
  try {
    const onEvent = /* @__PURE__ */ __name((event) => {
      fleet.options.onEvent?.(event);
      trail?.onEvent?.(event);
      io.stderr.write(`${output.clean(JSON.stringify({ audit: event }))}
`);
    }, "onEvent");
    door = target ? void 0 : await openMcpToolkit(globals, io, output, {
      accountId: opts.account,
      readOnly: globals.readOnly === true,
      ...opts.unconfirmedActive ? { onUnconfirmedActive: opts.unconfirmedActive } : {},
      ...rules,
      ...fleet.options,
      ...desk ? { desk: desk.desk } : {},
      onEvent
    });
    const configured = door ?? createAdTools({
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      accountId: opts.account,
      readOnly: globals.readOnly === true,
      ...opts.unconfirmedActive ? { onUnconfirmedActive: opts.unconfirmedActive } : {},
      ...globals.retries === void 0 ? {} : { retry: { maxRetries: globals.retries } },
      ...opts.rateLimit === void 0 ? {} : { rateLimit: { limit: opts.rateLimit } },
      ...globals.timeout === void 0 ? {} : { timeouts: { readMs: globals.timeout * 1e3, workflowMs: globals.timeout * 1e3 } },
      ...rules,
      ...fleet.options,
      ...desk ? { desk: desk.desk } : {},
      onEvent
    });
    const toolkit = problem ? notSetUp(configured, problem) : configured;
    const onerror = /* @__PURE__ */ __name((error) => output.warn(`MCP: ${error.message}`), "onerror");
    const progress = opts.progressEvery === void 0 ? {} : { progressEveryMs: opts.progressEvery * 1e3 };
    const where = !target ? `the MCP door ${mcpUrlFor(globals, io.env)}` : problem ? "nothing (not set up: every tool answers with what is missing)" : target.simulated ? "the built-in simulator" : target.baseUrl;
    if (opts.http) {
      const { startMcpHttpServer } = await import("./http-KGC6QO4F.js");
      const token = envToken ?? randomBytes(32).toString("base64url");
      const server = await startMcpHttpServer(toolkit, {
        token,
        host,
        port: opts.port ?? 0,
        allowRemote: true,
        allowedHosts: (opts.allowedHost ?? "").split(",").map((name) => name.trim()).filter((name) => name !== ""),
        onerror,
        ...opts.dynamic ? { dynamic: true } : {},
        ...progress
      }).catch((error) => {
        if (error.code === "EADDRINUSE" || error.code === "EACCES" || error.code === "EADDRNOTAVAIL") {
          throw new CliError(`Cannot listen on ${host}:${opts.port}: ${error.code}.`, EXIT.usage);
        }
        throw error;
      });
      io.stderr.write(`adrails MCP server (Streamable HTTP) on ${server.url}, tools against ${where}
`);
      io.stderr.write(envToken ? "Bearer token: the value of ADRAILS_MCP_TOKEN.\n" : `Bearer token (shown once; set ADRAILS_MCP_TOKEN to choose one): ${token}
`);
      await stopped.promise;
      await server.close();
    } else {
      const { serveMcpStdio } = await import("./stdio-T5RTUCIX.js");
      const served = serveMcpStdio(toolkit, {
        stdin: io.stdin,
        stdout: io.stdout,
        onerror,
        ...opts.dynamic ? { dynamic: true } : {},
        ...progress
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
__name(runMcp, "runMcp");
function inboxUrlOf(ctx, opts) {
  const url = opts.inboxUrl ?? ctx.io.env.ADRAILS_INBOX_URL;
  if (url === void 0 || url.trim() === "")
    return void 0;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(`The inbox URL must be the http(s) address people open, e.g. http://127.0.0.1:3900/ (from --inbox-url or ADRAILS_INBOX_URL), not ${JSON.stringify(url)}.`, EXIT.usage);
  }
  if (!redisUrlOf(ctx.io, opts)) {
    throw new CliError("--inbox-url (or ADRAILS_INBOX_URL) needs the store the inbox reads: give --redis URL or set ADRAILS_REDIS_URL.", EXIT.usage, "Run `adrails inbox --redis URL` where a person can open it, and `adrails mcp --inbox-url URL --redis URL` with the same Redis URL.");
  }
  return url;
}
__name(inboxUrlOf, "inboxUrlOf");
async function openDesk(ctx, opts, url) {
  const { inboxPublicKey } = await import("./inbox-keys-QISVOI3T.js");
  const publicKey = await inboxPublicKey(ctx.io, url);
  const { inbox } = await openInbox(ctx.io, opts, false, [], { publicKey });
  const { inboxDesk } = await import("./desk-OC3CULBM.js");
  return { desk: inboxDesk(inbox, { url }), close: /* @__PURE__ */ __name(() => inbox.close(), "close") };
}
__name(openDesk, "openDesk");
async function openOrExplain(ctx) {
  try {
    return { target: await openTarget(ctx.globals, ctx.io, ctx.output) };
  } catch (error) {
    if (!(error instanceof CliError) || ctx.globals.sim)
      throw error;
    ctx.output.warn(`${error.message} ${SET_UP}`);
    const target = {
      apiKey: "",
      baseUrl: "",
      keySource: "none",
      simulated: false,
      close: /* @__PURE__ */ __name(async () => {
      }, "close")
    };
    return { target, problem: error };
  }
}
__name(openOrExplain, "openOrExplain");
function signalled() {
  let resolve = /* @__PURE__ */ __name(() => {
  }, "resolve");
  const promise = new Promise((r) => {
    resolve = r;
  });
  process.once("SIGINT", resolve);
  process.once("SIGTERM", resolve);
  return {
    promise,
    dispose: /* @__PURE__ */ __name(() => {
      process.removeListener("SIGINT", resolve);
      process.removeListener("SIGTERM", resolve);
    }, "dispose")
  };
}
__name(signalled, "signalled");
function consoleToStderr() {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  return () => Object.assign(console, saved);
}
__name(consoleToStderr, "consoleToStderr");
export {
  runMcp
};
