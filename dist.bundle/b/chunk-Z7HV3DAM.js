import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/inbox.js
import { randomBytes } from "node:crypto";

// dist/cli/commands/inbox-notify.js
var MIN_SECRET = 16;
var isHttp = /* @__PURE__ */ __name((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), "isHttp");
var shown = /* @__PURE__ */ __name((text) => URL.canParse(text) ? `${new URL(text).protocol}//${new URL(text).host}` : "that value", "shown");
function notifySetup(io, output, opts) {
  const urls = opts.notify ?? [];
  const format = opts.notifyFormat ?? "json";
  for (const url of urls) {
    if (!isHttp(url)) {
      throw new CliError(`--notify takes an http:// or https:// webhook URL, not ${shown(url)}.`, EXIT.usage, "Give the webhook's full URL, e.g. --notify https://hooks.example.com/adrails.");
    }
  }
  if (opts.notifyFormat && urls.length === 0) {
    throw new CliError("--notify-format needs a --notify URL.", EXIT.usage);
  }
  const publicUrl = opts.publicUrl ?? io.env.ADRAILS_INBOX_URL;
  if (publicUrl !== void 0 && publicUrl !== "" && !isHttp(publicUrl)) {
    throw new CliError(`The inbox's public URL (${opts.publicUrl ? "--public-url" : "ADRAILS_INBOX_URL"}) must be an http:// or https:// URL.`, EXIT.usage);
  }
  const secret = io.env.ADRAILS_NOTIFY_SECRET || void 0;
  if (urls.length > 0 && secret !== void 0 && secret.length < MIN_SECRET) {
    throw new CliError(`ADRAILS_NOTIFY_SECRET must be at least ${MIN_SECRET} characters.`, EXIT.usage);
  }
  if (urls.length > 0 && format === "json" && !secret) {
    throw new CliError("--notify sends signed JSON, and ADRAILS_NOTIFY_SECRET is not set.", EXIT.usage, "Set ADRAILS_NOTIFY_SECRET to a long random secret your webhook also knows (it checks X-Adrails-Signature).");
  }
  let notifier;
  return {
    /** For the inbox's `watch` option: sends nothing until {@link start}. */
    watch: /* @__PURE__ */ __name((items) => notifier?.watch(items), "watch"),
    /** Starts sending; `listening` is the inbox's own URL, used when no public URL is set. */
    async start(queue, listening, secrets) {
      if (urls.length === 0)
        return;
      const { createNotifier } = await import("./notify-ODAQ53ZM.js");
      notifier = createNotifier(queue, {
        urls,
        format,
        ...secret ? { secret } : {},
        publicUrl: publicUrl || listening,
        secrets,
        onGiveUp: /* @__PURE__ */ __name((message) => output.warn(message), "onGiveUp")
      });
      const hosts = [...new Set(urls.map((url) => new URL(url).host))].join(", ");
      io.stderr.write(`Notifications (${format}${secret ? ", signed" : ""}) to ${hosts}; links open ${publicUrl || listening}
`);
    },
    stop: /* @__PURE__ */ __name(() => notifier?.close(), "stop")
  };
}
__name(notifySetup, "notifySetup");

// dist/cli/commands/inbox.js
var MIN_TOKEN = 16;
function redisUrlOf(io, opts) {
  const url = opts.redis ?? io.env.ADRAILS_REDIS_URL;
  if (url === void 0 || url.trim() === "")
    return void 0;
  if (!URL.canParse(url) || !/^rediss?:$/.test(new URL(url).protocol)) {
    throw new CliError("The Redis URL must look like redis://host:6379 (from --redis or ADRAILS_REDIS_URL).", EXIT.usage);
  }
  return url;
}
__name(redisUrlOf, "redisUrlOf");
async function redisUrlReady(io, opts) {
  const url = redisUrlOf(io, opts);
  if (url === void 0)
    return void 0;
  const { redisInstalled } = await import("./redis-package-PH3WJCEK.js");
  if (!await redisInstalled()) {
    throw new CliError("A Redis URL is set (--redis or ADRAILS_REDIS_URL), but the `redis` package is not installed.", EXIT.usage, "Run `npm install redis` in the project that runs adrails, or leave the Redis URL out.");
  }
  return url;
}
__name(redisUrlReady, "redisUrlReady");
async function openInbox(io, opts, follow = false, secretsToo = [], more = {}) {
  const { createInbox, memoryQueue, memoryAudit, fileAudit, auditTo, redisInbox, mirrorAudit } = await import("./inbox-index.js");
  const url = await redisUrlReady(io, opts);
  const shared = url ? redisInbox({ url }) : { queue: memoryQueue(), audit: memoryAudit() };
  const secrets = [io.env.ADRAILS_INBOX_TOKEN ?? "", io.env.ADRAILS_API_KEY ?? "", ...secretsToo];
  if (follow && url && opts.auditLog) {
    const file = fileAudit(opts.auditLog);
    const mirror = await mirrorAudit(shared.audit, auditTo([file], secrets));
    const audit = { ...auditTo([shared.audit], secrets), read: /* @__PURE__ */ __name(() => file.read(), "read") };
    const inbox2 = createInbox({ ...more, queue: shared.queue, audit });
    return { inbox: inbox2, where: shared.queue.name, stop: /* @__PURE__ */ __name(() => mirror.stop(), "stop") };
  }
  const trails = [shared.audit, ...opts.auditLog ? [fileAudit(opts.auditLog)] : []];
  if (opts.auditLog)
    trails.reverse();
  const inbox = createInbox({ ...more, queue: shared.queue, audit: auditTo(trails, secrets) });
  return { inbox, where: url ? shared.queue.name : "this process's memory", stop: /* @__PURE__ */ __name(async () => {
  }, "stop") };
}
__name(openInbox, "openInbox");
async function runInbox(ctx, opts) {
  const { io, output } = ctx;
  const host = opts.host ?? "127.0.0.1";
  const { isLoopbackHost } = await import("./http-KGC6QO4F.js");
  const { inboxSigningKey, peopleFile, KEY_PATH } = await import("./inbox-keys-QISVOI3T.js");
  const people = await peopleFile(io, opts.people);
  const envToken = people ? void 0 : io.env.ADRAILS_INBOX_TOKEN;
  if (people && io.env.ADRAILS_INBOX_TOKEN) {
    output.warn("ADRAILS_INBOX_TOKEN is not used with a people file: each person signs in with their own token.");
  }
  if (envToken !== void 0 && envToken.length < MIN_TOKEN) {
    throw new CliError(`ADRAILS_INBOX_TOKEN must be at least ${MIN_TOKEN} characters.`, EXIT.usage);
  }
  if (!isLoopbackHost(host) && !envToken && !people) {
    throw new CliError(`Refusing to serve the inbox on ${host}, which is not loopback, without a token you chose.`, EXIT.usage, "Set ADRAILS_INBOX_TOKEN to a long random secret, or serve on 127.0.0.1.");
  }
  const notify = notifySetup(io, output, opts);
  const token = people ? void 0 : envToken ?? randomBytes(24).toString("base64url");
  const tokens = people ? people.people.flatMap((p) => p.token ? [p.token] : []) : [token];
  for (const secret of tokens)
    output.secret(secret);
  const signing = await inboxSigningKey(io, output);
  const { inbox, where, stop } = await openInbox(io, opts, true, tokens, {
    key: signing.key,
    ...people ? { people } : {},
    ...notify.watch ? { watch: notify.watch } : {}
  });
  if (!redisUrlOf(io, opts)) {
    output.warn("No --redis or ADRAILS_REDIS_URL: this inbox sees only calls made in its own process, which are none. Agents and the inbox must share a Redis.");
  }
  const { createInboxHandler } = await import("./handler-DNLV5UPR.js");
  const allowedHosts = [
    ...isLoopbackHost(host) ? [] : [host],
    ...(opts.allowedHost ?? "").split(",").map((name) => name.trim()).filter((name) => name !== "")
  ];
  const handler = createInboxHandler(inbox, {
    ...people ? { people } : { token },
    allowedHosts
  });
  const { createServer } = await import("node:http");
  const server = createServer(handler);
  await new Promise((resolve, reject) => {
    server.once("error", (error) => reject(new CliError(`Cannot listen on ${host}:${opts.port ?? 0}: ${error.code ?? error.message}.`, EXIT.usage)));
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address();
  const shown2 = host.includes(":") ? `[${host}]` : host;
  io.stderr.write(`adrails approval inbox on http://${shown2}:${port}/ (requests from ${where})
`);
  await notify.start(inbox.queue, `http://${shown2}:${port}/`, [...tokens, io.env.ADRAILS_API_KEY ?? ""]);
  io.stderr.write(people ? `Named approvers: ${people.people.map((p) => p.name).join(", ")}; each signs in with their own token.${people.two.length ? ` Two people must approve on: ${people.two === "*" ? "every account" : people.two.join(", ")}.` : ""}
` : envToken ? "Sign in with the value of ADRAILS_INBOX_TOKEN.\n" : `Sign-in token (shown once; set ADRAILS_INBOX_TOKEN to choose one): ${token}
`);
  io.stderr.write(`Decisions are signed with the key in ${signing.where}. Agents check them with (also at http://${shown2}:${port}/${KEY_PATH}):
ADRAILS_INBOX_PUBLIC_KEY='${JSON.stringify(signing.key.jwk)}'
`);
  await untilSignal();
  notify.stop();
  await new Promise((resolve) => server.close(() => resolve()));
  server.closeAllConnections?.();
  await stop();
  await inbox.close();
  return EXIT.ok;
}
__name(runInbox, "runInbox");
function untilSignal() {
  return new Promise((resolve) => {
    const done = /* @__PURE__ */ __name(() => {
      process.removeListener("SIGINT", done);
      process.removeListener("SIGTERM", done);
      resolve();
    }, "done");
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
}
__name(untilSignal, "untilSignal");
function waitingNote(output, seconds) {
  return (message) => output.info(`Waiting up to ${seconds} s for a person's decision in the approval inbox: ${message}`);
}
__name(waitingNote, "waitingNote");

export {
  redisUrlOf,
  redisUrlReady,
  openInbox,
  runInbox,
  waitingNote
};
