import {
  createRulesStep,
  decide,
  safely
} from "./chunk-C4OLH3A7.js";
import {
  parseRules
} from "./chunk-SFIARPXE.js";
import {
  keyIdentity,
  keyScoped
} from "./chunk-3VR6HFHW.js";
import {
  ExpiringMap,
  defaultStore,
  memoryLiveRecords,
  memoryStore
} from "./chunk-K626HZJL.js";
import {
  canonicalJson,
  digest,
  fingerprint,
  redactDeep,
  redactResult,
  retryKeys
} from "./chunk-VFPHF6ZS.js";
import {
  StoreError,
  hmacSha256,
  randomId,
  sameSecret,
  sha256Hex
} from "./chunk-YOX5XIST.js";
import {
  blocked,
  classifyConflict,
  shapeOutcome,
  splitPartial
} from "./chunk-36ISPG4H.js";
import {
  redact,
  redactJson
} from "./chunk-V6IESX3N.js";
import {
  header,
  instruments,
  loadOtel,
  otelApi,
  timedWait,
  tracedPost,
  tracerOf
} from "./chunk-MQGJ6FVD.js";
import {
  getTool,
  offeredTools,
  withRules
} from "./chunk-FQEE225I.js";
import {
  accountId
} from "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/client/classify.js
var SNIPPET_CHARS = 200;
function classify(status, text, retryAfterS) {
  const body = parseJson(text);
  if (body === NOT_JSON)
    return notJson(status, text, retryAfterS);
  if (status === 200 || status === 207) {
    const wrapped2 = isObject(body) && "data" in body;
    const data = wrapped2 ? body.data : body;
    const source = wrapped2 && typeof body.source === "string" ? body.source : void 0;
    if (status === 207)
      return { kind: "partial", status, data, partial: isObject(data) ? data.partial : void 0 };
    if (isObject(data) && typeof data.error === "string")
      return { kind: "soft-error", status, error: data.error, data };
    const success = { kind: "success", status, data };
    if (source !== void 0)
      success.source = source;
    return success;
  }
  const wrapped = isObject(body) && isObject(body.data);
  const details = wrapped ? body.data : isObject(body) ? body : {};
  const message = details.error ?? details.message;
  const answer = {
    kind: "http-error",
    status,
    error: typeof message === "string" && message !== "" ? message : `HTTP ${status}`,
    shape: wrapped ? "wrapped" : "bare"
  };
  if (typeof details.upgrade_url === "string")
    answer.upgradeUrl = details.upgrade_url;
  if (Array.isArray(details.accounts))
    answer.accounts = details.accounts;
  if (retryAfterS !== void 0)
    answer.retryAfterS = retryAfterS;
  answer.body = body;
  return answer;
}
__name(classify, "classify");
function notJson(status, text, retryAfterS) {
  return {
    kind: "http-error",
    status,
    error: `HTTP ${status}: the body is not JSON`,
    shape: "non-json",
    ...retryAfterS === void 0 ? {} : { retryAfterS },
    body: text.slice(0, SNIPPET_CHARS)
  };
}
__name(notJson, "notJson");
var NOT_JSON = /* @__PURE__ */ Symbol("not JSON");
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
__name(parseJson, "parseJson");
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
__name(isObject, "isObject");

// dist/client/limiter.js
var PROBE_MS = 2e3;
var HOLD_MS = 5e3;
function marginFor(windowMs) {
  return Math.min(250, Math.max(10, Math.round(windowMs * 0.01)));
}
__name(marginFor, "marginFor");
function createLimiter(store, bucket, limit, windowMs) {
  const rule = {
    limit,
    windowMs,
    marginMs: marginFor(windowMs),
    probeMs: PROBE_MS,
    holdMs: HOLD_MS
  };
  const queue = [];
  let head = 0;
  let pumping = false;
  let wake;
  let server;
  let blockedUntil = 0;
  let lastAvailable = limit;
  let fallback;
  const waiting = /* @__PURE__ */ __name(() => queue.length - head, "waiting");
  const shift = /* @__PURE__ */ __name(() => {
    const waiter = queue[head];
    queue[head++] = void 0;
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    if (waiter.onAbort)
      waiter.options.signal?.removeEventListener("abort", waiter.onAbort);
    return waiter;
  }, "shift");
  const kick = /* @__PURE__ */ __name(() => wake?.(), "kick");
  async function pump() {
    if (pumping)
      return;
    pumping = true;
    try {
      while (waiting() > 0) {
        let grant;
        try {
          grant = await store.takeRate(bucket, rule, waiting());
        } catch (error) {
          failQueued(error);
          continue;
        }
        if (grant.granted > 0) {
          lastAvailable = Math.max(0, lastAvailable - grant.granted);
          const first = grant.seq - grant.granted + 1;
          for (let i = 0; i < grant.granted && waiting() > 0; i++) {
            shift().resolve({ kind: "go", seq: first + i, run: grant.run, store });
          }
          continue;
        }
        lastAvailable = 0;
        if (grant.paused) {
          blockedUntil = Math.max(blockedUntil, Date.now() + grant.waitMs);
          holdBack(grant.waitMs);
          if (waiting() === 0)
            break;
        }
        await new Promise((resolve) => {
          const timer = setTimeout(done, grant.waitMs);
          function done() {
            clearTimeout(timer);
            wake = void 0;
            resolve();
          }
          __name(done, "done");
          wake = done;
        });
      }
    } finally {
      pumping = false;
    }
  }
  __name(pump, "pump");
  function holdBack(waitMs) {
    const kept = [];
    while (waiting() > 0) {
      const waiter = shift();
      if (waitMs > waiter.options.maxWaitMs)
        waiter.resolve({ kind: "held", waitMs });
      else
        kept.push(waiter);
    }
    for (const waiter of kept)
      enqueue(waiter);
  }
  __name(holdBack, "holdBack");
  function failQueued(error) {
    const failure = error instanceof StoreError ? error : new StoreError(store.name, `The shared store (${store.name}) failed.`);
    while (waiting() > 0) {
      const waiter = shift();
      if (waiter.options.mayFallBack && store.fallback) {
        fallback ??= limiterFor(store.fallback, bucket, limit, windowMs);
        void fallback.acquire(waiter.options).then(waiter.resolve);
      } else {
        waiter.resolve({ kind: "store-error", error: failure });
      }
    }
  }
  __name(failQueued, "failQueued");
  function enqueue(waiter) {
    const { signal } = waiter.options;
    if (signal && !waiter.onAbort) {
      waiter.onAbort = () => {
        const at = queue.indexOf(waiter, head);
        if (at < 0)
          return;
        queue.splice(at, 1);
        waiter.resolve({ kind: "aborted" });
      };
      signal.addEventListener("abort", waiter.onAbort, { once: true });
    }
    queue.push(waiter);
  }
  __name(enqueue, "enqueue");
  return {
    acquire(options) {
      if (options.signal?.aborted)
        return Promise.resolve({ kind: "aborted" });
      return new Promise((resolve) => {
        enqueue({ options, resolve });
        void pump();
      });
    },
    heard(turn, info) {
      if (turn.kind !== "go")
        return;
      if (info)
        server = info;
      const heard = {
        seq: turn.seq,
        run: turn.run,
        ...info?.resetS === void 0 ? {} : { limit: info.limit, remaining: info.remaining, resetMs: resetMs(info.resetS, Date.now(), 0) }
      };
      turn.store.heardRate(bucket, rule, heard).then(kick, () => {
      });
    },
    block(ms) {
      blockedUntil = Math.max(blockedUntil, Date.now() + ms);
      store.pauseRate(bucket, ms).then(kick, () => {
      });
      store.fallback?.pauseRate(bucket, ms).catch(() => {
      });
    },
    state() {
      const now = Date.now();
      const view = store.viewRateNow?.(bucket, rule);
      let available = lastAvailable;
      if (view) {
        available = limit - view.used;
        if (view.server)
          available = Math.min(available, view.server.remaining);
        if (view.pausedMs > 0)
          blockedUntil = Math.max(blockedUntil, now + view.pausedMs);
      }
      if (blockedUntil > now)
        available = 0;
      return {
        enabled: true,
        limit,
        windowMs,
        available: Math.max(0, available),
        queued: waiting(),
        ...blockedUntil > now ? { blockedUntil } : {},
        ...server ? { server } : {}
      };
    }
  };
}
__name(createLimiter, "createLimiter");
function createOpenLimiter(store) {
  let server;
  return {
    acquire: /* @__PURE__ */ __name((options) => Promise.resolve(options.signal?.aborted ? { kind: "aborted" } : { kind: "go", seq: 0, run: "", store }), "acquire"),
    heard: /* @__PURE__ */ __name((_turn, info) => {
      if (info)
        server = info;
    }, "heard"),
    block: /* @__PURE__ */ __name(() => {
    }, "block"),
    state: /* @__PURE__ */ __name(() => ({
      enabled: false,
      limit: Number.POSITIVE_INFINITY,
      windowMs: 0,
      available: Number.POSITIVE_INFINITY,
      queued: 0,
      ...server ? { server } : {}
    }), "state")
  };
}
__name(createOpenLimiter, "createOpenLimiter");
var limiters = /* @__PURE__ */ new WeakMap();
function limiterFor(store, bucket, limit, windowMs) {
  let byBucket = limiters.get(store);
  if (!byBucket) {
    byBucket = /* @__PURE__ */ new Map();
    limiters.set(store, byBucket);
  }
  const id = `${bucket}
${limit}
${windowMs}`;
  let limiter = byBucket.get(id);
  if (!limiter) {
    limiter = createLimiter(store, bucket, limit, windowMs);
    byBucket.set(id, limiter);
  }
  return limiter;
}
__name(limiterFor, "limiterFor");
function bucketOf(baseUrl, apiKey) {
  return sha256Hex(`${baseUrl}
${apiKey}`);
}
__name(bucketOf, "bucketOf");
function resetMs(resetS, now, fallbackMs) {
  if (resetS === void 0)
    return fallbackMs;
  const ms = resetS > 1e9 ? resetS * 1e3 - now : resetS * 1e3;
  return Math.max(0, ms);
}
__name(resetMs, "resetMs");

// dist/client/retry.js
function sleep(ms, signal) {
  if (signal?.aborted)
    return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = /* @__PURE__ */ __name((slept) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(slept);
    }, "done");
    const onAbort = /* @__PURE__ */ __name(() => done(false), "onAbort");
    const timer = setTimeout(() => done(true), Math.max(0, ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
__name(sleep, "sleep");
function backoffMs(retry, baseMs, maxMs) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** retry);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
__name(backoffMs, "backoffMs");
function jittered(ms) {
  return ms + Math.random() * Math.min(250, 50 + ms * 0.1);
}
__name(jittered, "jittered");
function parseRetryAfter(value, now = Date.now()) {
  if (value === void 0 || value.trim() === "")
    return void 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds))
    return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? void 0 : Math.max(0, (date - now) / 1e3);
}
__name(parseRetryAfter, "parseRetryAfter");

// dist/client/write-budget.js
function createWriteBudget(store, baseUrl, limit, windowMs) {
  const slot = /* @__PURE__ */ __name((accountId2) => sha256Hex(`${baseUrl}
${accountId2}`), "slot");
  return {
    async record(accountId2) {
      await store.recordWrite(slot(accountId2), limit, windowMs).catch(() => {
      });
    },
    async markSpent(accountId2) {
      await store.markBudgetSpent(slot(accountId2), windowMs).catch(() => {
      });
    },
    async state(accountId2) {
      const view = await store.viewBudget(slot(accountId2), limit, windowMs);
      const used = Math.min(limit, view.used);
      return {
        limit,
        used,
        remaining: limit - used,
        resetAt: view.resetMs === null ? null : Date.now() + view.resetMs
      };
    }
  };
}
__name(createWriteBudget, "createWriteBudget");

// dist/client/index.js
var RETRY_KEYS = ["request_id", "idempotency_key", "idempotencyKey"];
var BUDGET_TOOLS = /* @__PURE__ */ new Set(["push-creative"]);
function createClient(options = {}) {
  const apiKey = options.apiKey ?? process.env.ADRAILS_API_KEY ?? "";
  const baseUrl = (options.baseUrl ?? process.env.ADRAILS_BASE_URL ?? "").replace(/\/+$/, "");
  const readMs = options.timeouts?.readMs ?? 3e4;
  const workflowMs = options.timeouts?.workflowMs ?? 3e5;
  const maxRetries = options.retry?.maxRetries ?? 3;
  const maxWaitMs = (options.retry?.maxWaitS ?? 60) * 1e3;
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const limits = options.rateLimit;
  const store = options.store ?? defaultStore();
  const limiter = limits === false || !apiKey || !baseUrl ? createOpenLimiter(store) : limiterFor(store, bucketOf(baseUrl, apiKey), positive(limits?.limit, 60, "rateLimit.limit"), positive(limits?.windowMs, 6e4, "rateLimit.windowMs"));
  const budget = createWriteBudget(store, baseUrl, options.writeBudget?.limit ?? 200, options.writeBudget?.windowMs ?? 36e5);
  const problem = configProblem(apiKey, baseUrl);
  const authorization = `Bearer ${apiKey}`;
  const routes = /* @__PURE__ */ new Map();
  function routeOf(tool) {
    const known = routes.get(tool);
    if (known)
      return known;
    const definition = getTool(tool);
    const url = new URL(`${baseUrl}/api/mcp/${encodeURIComponent(tool)}`);
    const route = {
      definition,
      target: { origin: url.origin, path: `${url.pathname}${url.search}` },
      timeoutMs: isLongCall(definition) ? workflowMs : readMs,
      countsWrites: usesWriteBudget(definition)
    };
    if (definition)
      routes.set(tool, route);
    return route;
  }
  __name(routeOf, "routeOf");
  async function call(tool, body, opts = {}) {
    const started = Date.now();
    const { signal } = opts;
    if (problem)
      return networkError(tool, "config", problem, 0, started);
    const route = routeOf(tool);
    const timeoutMs = opts.timeoutMs ?? route.timeoutMs;
    const networkRetrySafe = cannotDuplicateWrite(route.definition, body);
    const payload = JSON.stringify(body);
    const postOptions = { authorization, timeoutMs, signal, dispatcher: options.dispatcher };
    let rateLimit;
    const mayFallBack = route.definition?.effect === "read" || route.definition?.effect === "calculator";
    for (let retry = 0; ; retry++) {
      const turn = await timedWait("limiter", limiter.acquire({ signal, maxWaitMs, mayFallBack }), opts.trace);
      if (turn.kind === "held")
        return heldBack(tool, turn.waitMs, retry, started, rateLimit);
      if (turn.kind === "aborted")
        return abortedCall(tool, retry, started, rateLimit);
      if (turn.kind === "store-error")
        return storeFailure(tool, turn.error, retry, started, rateLimit);
      const attempt = await tracedPost(route.target, payload, postOptions, retry + 1, opts.trace);
      const attempts = retry + 1;
      if (attempt.kind === "failure") {
        limiter.heard(turn, void 0);
        if (attempt.cause === "aborted")
          return abortedCall(tool, attempts, started, rateLimit);
        if (networkRetrySafe && retry < maxRetries) {
          if (!await timedWait("backoff", sleep(backoffMs(retry, baseDelayMs, maxWaitMs), signal), opts.trace)) {
            return abortedCall(tool, attempts, started, rateLimit);
          }
          continue;
        }
        return networkError(tool, attempt.cause, `${tool}: ${attempt.message}`, attempts, started, rateLimit);
      }
      const heard = readRateLimit(attempt.headers);
      if (heard)
        rateLimit = heard;
      limiter.heard(turn, heard);
      const retryAfterS = parseRetryAfter(header(attempt.headers, "retry-after")) ?? (attempt.status === 429 && rateLimit?.resetS !== void 0 ? Math.ceil(resetMs(rateLimit.resetS, Date.now(), 0) / 1e3) : void 0);
      const answer = classify(attempt.status, redactJson(attempt.text, apiKey), retryAfterS);
      const waitMs = refusalWaitMs(attempt.status, retryAfterS, rateLimit, retry);
      if (waitMs === void 0) {
        if (route.countsWrites)
          await countWrite(body, answer);
        return finished(answer, tool, attempts, started, rateLimit);
      }
      if (attempt.status === 429)
        limiter.block(waitMs);
      if (retry >= maxRetries || waitMs > maxWaitMs)
        return finished(answer, tool, attempts, started, rateLimit);
      const reason = attempt.status === 429 ? "retry-after" : "backoff";
      if (!await timedWait(reason, sleep(jittered(waitMs), signal), opts.trace))
        return abortedCall(tool, attempts, started, rateLimit);
    }
  }
  __name(call, "call");
  function finished(answer, tool, attempts, started, rateLimit) {
    const outcome = answer;
    outcome.tool = redact(tool, apiKey);
    outcome.attempts = attempts;
    outcome.durationMs = Date.now() - started;
    if (rateLimit)
      outcome.rateLimit = rateLimit;
    return outcome;
  }
  __name(finished, "finished");
  function networkError(tool, cause, message, attempts, started, rateLimit) {
    const answer = { kind: "network-error", status: null, error: redact(message, apiKey), cause };
    return finished(answer, tool, attempts, started, rateLimit);
  }
  __name(networkError, "networkError");
  function heldBack(tool, blockedMs, attempts, started, rateLimit) {
    const retryAfterS = Math.ceil(blockedMs / 1e3);
    const answer = {
      kind: "http-error",
      status: 429,
      error: `Rate limited: the service asked this key to wait ${retryAfterS} s more; this call was not sent`,
      shape: "bare",
      retryAfterS,
      body: null
    };
    return finished(answer, tool, attempts, started, rateLimit);
  }
  __name(heldBack, "heldBack");
  function storeFailure(tool, error, attempts, started, rateLimit) {
    return networkError(tool, "store", `${tool}: ${error.message}`, attempts, started, rateLimit);
  }
  __name(storeFailure, "storeFailure");
  function abortedCall(tool, attempts, started, rateLimit) {
    return networkError(tool, "aborted", `${tool}: aborted by the caller`, attempts, started, rateLimit);
  }
  __name(abortedCall, "abortedCall");
  function refusalWaitMs(status, retryAfterS, rateLimit, retry) {
    if (status !== 429 && status !== 503)
      return void 0;
    const backoff = backoffMs(retry, baseDelayMs, maxWaitMs);
    if (status === 429) {
      if (retryAfterS !== void 0)
        return retryAfterS * 1e3;
      return rateLimit?.resetS !== void 0 ? resetMs(rateLimit.resetS, Date.now(), backoff) : backoff;
    }
    return Math.max(backoff, (retryAfterS ?? 0) * 1e3);
  }
  __name(refusalWaitMs, "refusalWaitMs");
  async function countWrite(body, answer) {
    const accountId2 = body.account_id;
    if (typeof accountId2 !== "string")
      return;
    if (answer.kind === "success" || answer.kind === "partial")
      await budget.record(accountId2);
    else if (answer.kind === "http-error" && answer.status === 409 && /budget/i.test(answer.error)) {
      await budget.markSpent(accountId2);
    }
  }
  __name(countWrite, "countWrite");
  return {
    call,
    rateLimit: /* @__PURE__ */ __name(() => limiter.state(), "rateLimit"),
    writeBudget: /* @__PURE__ */ __name((accountId2) => budget.state(accountId2), "writeBudget")
  };
}
__name(createClient, "createClient");
var KEY_SHAPE = /^adk_[A-Za-z0-9_-]+$/;
function isWellFormedKey(apiKey) {
  return KEY_SHAPE.test(apiKey);
}
__name(isWellFormedKey, "isWellFormedKey");
var MALFORMED_KEY = "The API key is malformed: service keys are adk_ followed by letters, digits, _ or -. Nothing was sent.";
function positive(value, fallback, name) {
  if (value === void 0)
    return fallback;
  if (!(value > 0))
    throw new RangeError(`${name} must be a positive number`);
  return value;
}
__name(positive, "positive");
function configProblem(apiKey, baseUrl) {
  if (!apiKey)
    return "No API key: pass apiKey or set ADRAILS_API_KEY. Nothing was sent.";
  if (!isWellFormedKey(apiKey))
    return MALFORMED_KEY;
  if (!baseUrl)
    return "No base URL: pass baseUrl or set ADRAILS_BASE_URL. Nothing was sent.";
  if (!URL.canParse(baseUrl))
    return `The base URL is not a URL: ${baseUrl}. Nothing was sent.`;
  const { protocol } = new URL(baseUrl);
  if (protocol !== "http:" && protocol !== "https:") {
    return `The base URL must start with http:// or https://: ${baseUrl}. Nothing was sent.`;
  }
  return void 0;
}
__name(configProblem, "configProblem");
function isGroupCWorkflow(definition) {
  return definition?.group === "C" && definition.effect === "workflow";
}
__name(isGroupCWorkflow, "isGroupCWorkflow");
function isLongCall(definition) {
  return definition?.name === "push-creative" || isGroupCWorkflow(definition);
}
__name(isLongCall, "isLongCall");
function usesWriteBudget(definition) {
  return definition !== void 0 && (BUDGET_TOOLS.has(definition.name) || isGroupCWorkflow(definition));
}
__name(usesWriteBudget, "usesWriteBudget");
function cannotDuplicateWrite(definition, body) {
  if (!definition)
    return false;
  if (definition.effect === "read" || definition.effect === "calculator")
    return true;
  return RETRY_KEYS.some((key) => typeof body[key] === "string" && body[key] !== "");
}
__name(cannotDuplicateWrite, "cannotDuplicateWrite");
function readRateLimit(headers) {
  const limitText = header(headers, "x-ratelimit-limit");
  const remainingText = header(headers, "x-ratelimit-remaining");
  if (limitText === void 0 || remainingText === void 0)
    return void 0;
  const limit = Number(limitText);
  const remaining = Number(remainingText);
  if (!Number.isFinite(limit) || !Number.isFinite(remaining))
    return void 0;
  const resetText = header(headers, "x-ratelimit-reset");
  const reset = Number(resetText);
  const info = { limit, remaining };
  if (resetText !== void 0 && Number.isFinite(reset))
    info.resetS = reset;
  return info;
}
__name(readRateLimit, "readRateLimit");

// dist/guards/approval/launch.js
var POLL_MS = 25;
function storeLaunchClaims(store) {
  return {
    async take(key, ttlMs, waitMs, signal) {
      const slot = `launch
${key}`;
      const deadline = Date.now() + waitMs;
      let token = await store.claim(slot, ttlMs);
      while (token === null && Date.now() < deadline && !signal?.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        token = await store.claim(slot, ttlMs);
      }
      if (token === null)
        return null;
      return () => store.release(slot, token).catch(() => {
      });
    }
  };
}
__name(storeLaunchClaims, "storeLaunchClaims");
var launchKey = /* @__PURE__ */ __name((account, fingerprint2) => `${typeof account === "string" ? account : ""}
${fingerprint2}`, "launchKey");
function launchBusy(notes) {
  return blocked("hard-confirmation", "An identical ACTIVE ad (the same payload) is already waiting for a person's answer or being launched. Nothing was sent.", "Wait for that call's result and do not repeat this one meanwhile: if it went live, another call would make a second live copy. If it did not, call again.", notes);
}
__name(launchBusy, "launchBusy");
async function wentLiveSinceAsked(live, call, askedAt, toldOf) {
  const previous = await live?.since(call.body.account_id, call.change, askedAt);
  if (previous === void 0 || previous.adId === toldOf)
    return void 0;
  const when = new Date(previous.at).toISOString().replace(/\.\d{3}Z$/, "Z");
  decide(call.log, "hard-confirmation", "refuse", `identical ad ${previous.adId} went live after the ask`);
  return blocked("hard-confirmation", `An identical ad went live (ad ${previous.adId}, at ${when}) after the person was asked, so their answer did not know it exists. Nothing was sent.`, `Tell the user ad ${previous.adId} is live. Only if they want a second live copy, call again: they will be asked again and told about ad ${previous.adId}.`, call.notes);
}
__name(wentLiveSinceAsked, "wentLiveSinceAsked");

// dist/guards/confirmation.js
var CONFIRM_TOOL = "push-creative";
function needsHardConfirmation(tool, body) {
  return tool === CONFIRM_TOOL && body.status === "ACTIVE";
}
__name(needsHardConfirmation, "needsHardConfirmation");
function denialOf(denial) {
  const via = typeof denial?.via === "string" && denial.via !== "" ? denial.via : "a framework approval flow";
  const reason = typeof denial?.reason === "string" && denial.reason.trim() !== "" ? denial.reason.trim() : void 0;
  return {
    approved: false,
    reason: reason ? `a person declined: ${reason}` : "a person declined",
    declined: true,
    via
  };
}
__name(denialOf, "denialOf");
async function askChannel(channel, request, signal) {
  let timer;
  let onAbort;
  const expired = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ none: "no answer came before the approval window closed" }), Math.max(0, request.expiresAt - Date.now()));
    timer.unref?.();
    onAbort = /* @__PURE__ */ __name(() => resolve({ none: "the call was cancelled while waiting for a person" }), "onAbort");
    if (signal?.aborted)
      onAbort();
    else
      signal?.addEventListener("abort", onAbort, { once: true });
  });
  const answered = (async () => {
    try {
      const decision = await channel(request);
      if (Date.now() > request.expiresAt)
        return { none: "the approval came after it expired" };
      if (decision?.approved === false && decision.undecided === true)
        return { none: decision.reason ?? "nobody decided" };
      if (decision?.approved === true || decision?.approved === false)
        return { decision };
      return { none: "the confirmation channel gave no decision" };
    } catch {
      return { none: "the confirmation channel failed" };
    }
  })();
  try {
    return await Promise.race([answered, expired]);
  } finally {
    clearTimeout(timer);
    if (onAbort)
      signal?.removeEventListener("abort", onAbort);
  }
}
__name(askChannel, "askChannel");

// dist/guards/live-record.js
var RECENT_LIVE_MS = 24 * 36e5;
function createLiveLedger(store, apiKey, ttlMs = RECENT_LIVE_MS) {
  const records = store.noteLive && store.lastLive ? { noteLive: store.noteLive.bind(store), lastLive: store.lastLive.bind(store) } : memoryLiveRecords();
  const identity = sha256Hex(`adrails-key
${apiKey}`).slice(0, 32);
  const keyOf = /* @__PURE__ */ __name((account, fingerprint2) => `${identity}
${typeof account === "string" ? account : ""}
${fingerprint2}`, "keyOf");
  return {
    async annotate(request) {
      if (request.tool !== CONFIRM_TOOL)
        return request;
      let previous;
      try {
        previous = parse(await records.lastLive(keyOf(request.account, request.fingerprint)));
      } catch (error) {
        const store2 = error instanceof StoreError ? error.store : "the store";
        return {
          ...request,
          message: `${request.message} adrails could not check whether an identical ad went live recently (${store2} is unavailable): look in the ad account before approving.`
        };
      }
      return previous === void 0 ? request : withPreviousLive(request, previous);
    },
    async since(account, fingerprint2, at) {
      const previous = parse(await records.lastLive(keyOf(account, fingerprint2)));
      return previous !== void 0 && previous.at >= at ? previous : void 0;
    },
    async note(call, outcome) {
      if (call.def.name !== CONFIRM_TOOL || call.body.status !== "ACTIVE" || outcome.kind !== "success")
        return;
      const data = outcome.data;
      const adId = data?.ad_id;
      if (typeof adId !== "string" && typeof adId !== "number" || data?.status === "PAUSED")
        return;
      const key = keyOf(call.body.account_id, call.change);
      try {
        if (parse(await records.lastLive(key))?.adId === String(adId))
          return;
        const record = { adId: String(adId), at: await store.clock() };
        await records.noteLive(key, JSON.stringify(record), ttlMs);
      } catch (error) {
        if (!(error instanceof StoreError))
          throw error;
        decide(call.log, "store", "modify", `the live ad was not recorded in the shared store (${error.store})`);
      }
    }
  };
}
__name(createLiveLedger, "createLiveLedger");
function withPreviousLive(request, previous) {
  const when = new Date(previous.at).toISOString().replace(/\.\d{3}Z$/, "Z");
  const warning = `An identical ad already went live: ad ${previous.adId}, at ${when} (${ago(previous.at)}). Approving this creates a second live copy; decline if that one is the ad you meant.`;
  return { ...request, previousLive: previous, message: `${warning} ${request.message}` };
}
__name(withPreviousLive, "withPreviousLive");
function ago(at) {
  const s = Math.max(0, Math.round((Date.now() - at) / 1e3));
  if (s < 90)
    return `${s} s ago`;
  if (s < 90 * 60)
    return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}
__name(ago, "ago");
function parse(value) {
  if (value === null)
    return void 0;
  try {
    const record = JSON.parse(value);
    return typeof record.adId === "string" && typeof record.at === "number" ? { adId: record.adId, at: record.at } : void 0;
  } catch {
    return void 0;
  }
}
__name(parse, "parse");

// dist/guards/model-text.js
var DEFAULT_MAX_RESULT_CHARS = 4e3;
var ORDER = [
  "ok",
  "status",
  "blocked",
  "error",
  "hint",
  "retryable",
  "note",
  "retry_after_s",
  "upgrade_url",
  "accounts",
  "applied",
  "failed",
  "data"
];
var PAYLOAD = /* @__PURE__ */ new Set(["accounts", "applied", "failed", "data"]);
function toModelText(result, maxChars = DEFAULT_MAX_RESULT_CHARS) {
  const record = result;
  const ordered = {};
  for (const key of ORDER)
    if (record[key] !== void 0)
      ordered[key] = record[key];
  for (const key of Object.keys(record))
    if (!(key in ordered) && record[key] !== void 0)
      ordered[key] = record[key];
  const text = JSON.stringify(ordered);
  if (text.length <= maxChars)
    return text;
  return cutTail(shortenError(ordered, text.length, maxChars) ?? text, maxChars);
}
__name(toModelText, "toModelText");
function shortenError(ordered, fullLength, maxChars) {
  const error = ordered.error;
  if (typeof error !== "string")
    return void 0;
  const head = {};
  for (const [key, value] of Object.entries(ordered))
    if (!PAYLOAD.has(key))
      head[key] = value;
  const headLength = JSON.stringify(head).length;
  const room = maxChars - marker(fullLength, fullLength).length - 1;
  if (headLength <= room)
    return void 0;
  const cutError = /* @__PURE__ */ __name((keep) => `${safeSlice(error, keep)} \u2026[error cut by adrails: ${error.length - keep} characters]`, "cutError");
  let low = 0;
  let high = error.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (JSON.stringify({ ...head, error: cutError(mid) }).length <= room)
      low = mid;
    else
      high = mid - 1;
  }
  return JSON.stringify({ ...ordered, error: cutError(low) });
}
__name(shortenError, "shortenError");
var marker = /* @__PURE__ */ __name((cut, total) => ` \u2026[truncated by adrails: ${cut} of ${total} characters cut; the application has the full result]`, "marker");
function cutTail(text, maxChars) {
  if (text.length <= maxChars)
    return text;
  let keep = Math.max(0, maxChars - marker(text.length, text.length).length);
  keep = Math.max(0, maxChars - marker(text.length - keep, text.length).length);
  const kept = safeSlice(text, keep);
  return `${kept}${marker(text.length - kept.length, text.length)}`;
}
__name(cutTail, "cutTail");
function safeSlice(text, n) {
  const last = text.charCodeAt(n - 1);
  return text.slice(0, n > 0 && last >= 55296 && last <= 56319 ? n - 1 : n);
}
__name(safeSlice, "safeSlice");

// dist/guards/approval/answer.js
function answerRequest(request, decision, channel, secret) {
  const { id, tool, callId, fingerprint: fingerprint2, account, askedAt, expiresAt } = request;
  const seen = request;
  const toldOfLive = seen.previousLive?.adId ?? seen.toldOfLive;
  const answer = {
    request: {
      id,
      tool,
      ...callId === void 0 ? {} : { callId },
      fingerprint: fingerprint2,
      ...account === void 0 ? {} : { account },
      askedAt,
      expiresAt,
      ...typeof toldOfLive === "string" ? { toldOfLive } : {}
    },
    approved: decision.approved === true,
    channel,
    at: Date.now()
  };
  if (decision.approved === true) {
    const text = typeof decision.text === "string" ? decision.text.trim() : "";
    if (text !== "")
      answer.text = text;
  } else {
    const reason = typeof decision.reason === "string" ? decision.reason.trim() : "";
    if (reason !== "")
      answer.reason = reason;
  }
  return secret === void 0 ? answer : { ...answer, sig: signature(answer, secret) };
}
__name(answerRequest, "answerRequest");
function readAnswer(value, secret) {
  if (!isAnswer(value))
    return { problem: "the answer passed in is malformed" };
  if (secret !== void 0 && !signedRightly(value, secret)) {
    return {
      problem: "the answer does not carry a valid signature (it was edited where it was kept, or signed with another secret)"
    };
  }
  return { answer: value };
}
__name(readAnswer, "readAnswer");
function isAnswer(value) {
  if (value === null || typeof value !== "object")
    return false;
  const a = value;
  const r = a.request;
  const optionalString = /* @__PURE__ */ __name((v) => v === void 0 || typeof v === "string", "optionalString");
  return typeof a.approved === "boolean" && typeof a.channel === "string" && typeof a.at === "number" && optionalString(a.text) && optionalString(a.reason) && optionalString(a.sig) && r !== null && typeof r === "object" && typeof r.id === "string" && typeof r.tool === "string" && typeof r.fingerprint === "string" && typeof r.askedAt === "number" && typeof r.expiresAt === "number" && optionalString(r.callId) && optionalString(r.account) && optionalString(r.toldOfLive);
}
__name(isAnswer, "isAnswer");
function signature(answer, secret) {
  const r = answer.request;
  const content = [
    "adrails-answer-1",
    r.id,
    r.tool,
    r.callId ?? null,
    r.fingerprint,
    r.account ?? null,
    r.askedAt,
    r.expiresAt,
    answer.approved,
    answer.text ?? null,
    answer.reason ?? null,
    answer.channel,
    answer.at,
    // Only when present, so answers signed without it still verify.
    ...r.toldOfLive === void 0 ? [] : [r.toldOfLive]
  ];
  return hmacSha256(secret, JSON.stringify(content));
}
__name(signature, "signature");
function signedRightly(answer, secret) {
  if (typeof answer.sig !== "string")
    return false;
  return sameSecret(answer.sig, signature(answer, secret));
}
__name(signedRightly, "signedRightly");

// dist/guards/request-ids.js
var ID_PREFIX = "adr_";
var STATE_TARGETS = {
  "dismiss-competitor-change-alert": ["alert_id"]
};
function targetOf(tool, body) {
  const fields = STATE_TARGETS[tool];
  if (!fields)
    return void 0;
  const values = fields.map((field) => body[field]);
  if (values.some((value) => value === void 0 || value === null))
    return void 0;
  return `${tool}
${canonicalJson(values)}`;
}
__name(targetOf, "targetOf");
var LEDGER_KEEP_MS = 7 * 24 * 36e5;
function memoryIdLedger(ttlMs = LEDGER_KEEP_MS) {
  const generations = new ExpiringMap("refused changes", false);
  const pins = new ExpiringMap("changes with an unknown outcome", false);
  return {
    async generation(slot) {
      return generations.get(slot) ?? 0;
    },
    async bump(slot, from) {
      if ((generations.get(slot) ?? 0) !== from)
        return false;
      generations.set(slot, from + 1, Date.now() + ttlMs);
      return true;
    },
    async pinned(slot) {
      return pins.get(slot);
    },
    async pin(slot, id) {
      if (pins.get(slot) === void 0)
        pins.set(slot, id, Date.now() + ttlMs);
    },
    async unpin(slot, id) {
      if (pins.get(slot) === id)
        pins.delete(slot);
    }
  };
}
__name(memoryIdLedger, "memoryIdLedger");
function createRequestIds(ledger = memoryIdLedger()) {
  const targets = new ExpiringMap("toggled entities", true, 1e4);
  return {
    async derive(scope, tool, changeFingerprint, target) {
      const slot = `${scope}
${tool}
${changeFingerprint}`;
      const [generation, pinned] = await Promise.all([ledger.generation(slot), ledger.pinned(slot)]);
      const state = target === void 0 ? void 0 : targets.get(target);
      const epoch = state === void 0 ? 0 : state.last === slot ? state.kept : state.epoch;
      const text = epoch === 0 ? `${slot}
${generation}` : `${slot}
${generation}
${epoch}`;
      const derived = { id: `${ID_PREFIX}${digest(text)}`, slot, generation, epoch };
      if (target !== void 0)
        derived.target = target;
      if (pinned !== void 0 && (state === void 0 || state.last === slot))
        derived.pinned = pinned;
      return derived;
    },
    async settle(derived, outcome, sentId = derived.id) {
      if (derived.target !== void 0 && mayHaveApplied(outcome)) {
        const state = targets.get(derived.target);
        if (state?.last !== derived.slot) {
          const next = { epoch: (state?.epoch ?? 0) + 1, last: derived.slot, kept: derived.epoch };
          targets.set(derived.target, next, Date.now() + LEDGER_KEEP_MS);
        }
      }
      if (outcome.kind === "success" || outcome.kind === "partial") {
        await ledger.unpin(derived.slot, sentId);
        return false;
      }
      if (mayHaveApplied(outcome)) {
        await ledger.pin(derived.slot, sentId);
        return false;
      }
      if (!isDefinitiveRefusal(outcome) || await ledger.pinned(derived.slot) !== void 0)
        return false;
      return ledger.bump(derived.slot, derived.generation);
    }
  };
}
__name(createRequestIds, "createRequestIds");
var REFUSALS = /* @__PURE__ */ new Set([400, 401, 403, 404, 410, 422]);
function isDefinitiveRefusal(outcome) {
  if (outcome.kind !== "http-error")
    return false;
  if (outcome.status === 409) {
    const conflict = classifyConflict(outcome.error);
    return conflict === "budget" || conflict === "confirmation";
  }
  return REFUSALS.has(outcome.status);
}
__name(isDefinitiveRefusal, "isDefinitiveRefusal");
function mayHaveApplied(outcome) {
  switch (outcome.kind) {
    case "success":
    case "partial":
      return true;
    case "soft-error":
      return false;
    case "network-error":
      return outcome.cause !== "config" && outcome.cause !== "store";
    case "http-error":
      return outcome.status !== 429 && !isDefinitiveRefusal(outcome);
  }
}
__name(mayHaveApplied, "mayHaveApplied");

// dist/guards/approvals.js
function confirmationText(text, via, fingerprint2) {
  if (typeof text === "string" && text.trim() !== "")
    return text.trim();
  return `Approved by a person via ${via} for payload ${fingerprint2}`;
}
__name(confirmationText, "confirmationText");
function approvalRequestId(key, fingerprint2) {
  return `${ID_PREFIX}${digest(`approval
${key}
${fingerprint2}`)}`;
}
__name(approvalRequestId, "approvalRequestId");
function bindDecision(decision, own, pending) {
  const d = decision !== null && typeof decision === "object" ? decision : {};
  const namedCall = typeof d.toolCallId === "string" ? d.toolCallId : void 0;
  const namedPayload = typeof d.fingerprint === "string" ? d.fingerprint : void 0;
  const listed = (pending ?? [own]).map((p) => p.fingerprint);
  const unbound = /* @__PURE__ */ __name((reason) => ({ kind: "unbound", reason, pending: listed }), "unbound");
  if (namedCall !== void 0 && namedCall !== own.toolCallId) {
    return unbound(`the answer was for tool call ${namedCall}, not for this one`);
  }
  if (namedPayload !== void 0 && namedPayload !== own.fingerprint) {
    return unbound(`the answer was for payload ${namedPayload}, not for this payload ${own.fingerprint}`);
  }
  if (d.approved !== true) {
    const reason = typeof d.reason === "string" && d.reason.trim() !== "" ? d.reason.trim() : void 0;
    return reason === void 0 ? { kind: "denied" } : { kind: "denied", reason };
  }
  if (namedCall === void 0) {
    const twins = pending?.filter((p) => p.fingerprint === own.fingerprint).length;
    if (namedPayload === void 0 && (pending === void 0 || pending.length !== 1)) {
      return unbound(pending === void 0 ? "the answer names no payload, and the confirmations pending could not be counted" : `the answer names no payload while ${pending.length} confirmations are pending`);
    }
    if (namedPayload !== void 0 && twins !== void 0 && twins > 1) {
      return unbound(`${twins} pending calls have payload ${own.fingerprint}; the answer must name the tool call`);
    }
  }
  return typeof d.text === "string" ? { kind: "approved", text: d.text } : { kind: "approved" };
}
__name(bindDecision, "bindDecision");
function sentence(text) {
  return /[.!?…]["')\]]*$/.test(text) ? text : `${text}.`;
}
__name(sentence, "sentence");

// dist/guards/validation.js
var CONFIRM_FIELD = "hard_confirm_text";
var RETRY_KEY_NOTE = "Leave out: adrails sets it";
function modelSchema(def, options = {}) {
  const shape = def.input.shape;
  let object = def.input;
  const hidden = {};
  if (CONFIRM_FIELD in shape)
    hidden[CONFIRM_FIELD] = true;
  const hideAccount = options.hideAccountId === true && options.accountDefault !== void 0;
  if (hideAccount && shape.account_id)
    hidden.account_id = true;
  if (Object.keys(hidden).length > 0)
    object = object.omit(hidden);
  const changed = {};
  const id = def.idField?.name;
  if (id && shape[id])
    changed[id] = shape[id].optional().describe(RETRY_KEY_NOTE);
  if (shape.account_id && !hidden.account_id) {
    const optional = options.accountDefault !== void 0 || shape.account_id.safeParse(void 0).success;
    changed.account_id = optional ? accountId().optional() : accountId();
  }
  if (Object.keys(changed).length > 0)
    object = object.extend(changed);
  return withRules(object, def.rules);
}
__name(modelSchema, "modelSchema");
function validate(tool, schema, input) {
  const parsed = schema.safeParse(input);
  if (parsed.success)
    return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map(describeIssue);
  return {
    ok: false,
    error: `Invalid input for ${tool}: ${problems.join("; ")}.`,
    hint: "Nothing was sent. Correct the named fields (allowed values are listed) and call again."
  };
}
__name(validate, "validate");
function describeIssue(issue) {
  const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "input";
  switch (issue.code) {
    case "invalid_type":
      if (issue.message.includes("received undefined"))
        return `${field} is required (${issue.expected})`;
      return `${field} must be ${article(issue.expected)}`;
    case "invalid_value":
      return `${field} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "too_small":
      return `${field} must ${bound(issue.origin, "at least", issue.minimum, issue.inclusive)}`;
    case "too_big":
      return `${field} must ${bound(issue.origin, "at most", issue.maximum, issue.inclusive)}`;
    case "unrecognized_keys": {
      const where = issue.path.length > 0 ? ` in ${field}` : "";
      return `unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")} (not accepted; leave out)`;
    }
    case "invalid_format":
      return issue.message.startsWith("Invalid") ? `${field} must be a valid ${issue.format}` : `${field}: ${issue.message}`;
    default:
      return `${field}: ${issue.message}`;
  }
}
__name(describeIssue, "describeIssue");
function article(type) {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
__name(article, "article");
function bound(origin, word, limit, inclusive) {
  const strict = inclusive === false ? word === "at least" ? "more than" : "less than" : word;
  if (origin === "string")
    return `have ${strict} ${limit} characters`;
  if (origin === "array" || origin === "set")
    return `have ${strict} ${limit} items`;
  return `be ${strict} ${limit}`;
}
__name(bound, "bound");

// dist/guards/approval/request.js
function needsPerson(def, body) {
  return def.needsPerson?.(body) === true;
}
__name(needsPerson, "needsPerson");
function approvalRequest(def, body, fingerprint2, place, ttlMs) {
  const askedAt = place.askedAt ?? Date.now();
  const account = typeof body.account_id === "string" ? body.account_id : void 0;
  const seed = place.seed ?? place.callId ?? randomId();
  const id = `apr_${digest(canonicalJson([def.name, fingerprint2, account ?? null, place.scope, seed]))}`;
  const { summary, message } = def.name === "push-creative" ? adSummary(fingerprint2, body) : callSummary(def, fingerprint2, body);
  return {
    id,
    tool: def.name,
    ...place.callId === void 0 ? {} : { callId: place.callId },
    fingerprint: fingerprint2,
    ...account === void 0 ? {} : { account },
    askedAt,
    expiresAt: askedAt + ttlMs,
    summary,
    message
  };
}
__name(approvalRequest, "approvalRequest");
var AD_FIELDS = /* @__PURE__ */ new Set([
  "account_id",
  "adset_id",
  "image_url",
  "video_url",
  "website_url",
  "lead_gen_form_id",
  "headline",
  "primary_text",
  "status",
  "request_id",
  CONFIRM_FIELD
]);
function adSummary(fingerprint2, body) {
  const text = /* @__PURE__ */ __name((key) => typeof body[key] === "string" ? body[key] : void 0, "text");
  const summary = {
    account_id: text("account_id") ?? "",
    adset_id: text("adset_id") ?? "",
    media: text("image_url") ? `image ${text("image_url")}` : `video ${text("video_url") ?? ""}`,
    destination: text("website_url") ?? `lead form ${text("lead_gen_form_id") ?? ""}`,
    status: "ACTIVE"
  };
  if (text("headline") !== void 0)
    summary.headline = text("headline");
  if (text("primary_text") !== void 0)
    summary.primary_text = text("primary_text");
  if (text("thumbnail_url") !== void 0)
    summary.thumbnail = text("thumbnail_url");
  const parts = [summary.media, `destination ${summary.destination}`];
  if (summary.headline !== void 0)
    parts.push(`headline ${JSON.stringify(summary.headline)}`);
  if (summary.primary_text !== void 0)
    parts.push(`primary text ${JSON.stringify(summary.primary_text)}`);
  const others = Object.keys(body).filter((key) => !AD_FIELDS.has(key) && body[key] !== void 0).sort().map((key) => `${key} ${JSON.stringify(body[key])}`);
  const message = `Create an ACTIVE ad, which can start spending at once, in account ${summary.account_id}, ad set ${summary.adset_id}: ${parts.join(", ")}.` + (others.length > 0 ? ` Also: ${others.join(", ")}.` : "") + ` Payload ${fingerprint2}.`;
  return { summary, message };
}
__name(adSummary, "adSummary");
function callSummary(def, fingerprint2, body) {
  const args = { ...body };
  delete args[CONFIRM_FIELD];
  const summary = { tool: def.name, description: def.description, arguments: args };
  const message = `Run the tool ${def.name}, which needs a person's approval. What it says it does: ${def.description} Exact arguments: ${canonicalJson(args)}. Payload ${fingerprint2}.`;
  return { summary, message };
}
__name(callSummary, "callSummary");

// dist/guards/approval/records.js
var SPACE = "";
function payloadOf(def, body) {
  return canonicalJson(body, retryKeys(def.idField?.name));
}
__name(payloadOf, "payloadOf");
async function recordRequest(o, def, body, fingerprint2, place) {
  const now = await o.records.clock();
  const plain = approvalRequest(def, body, fingerprint2, {
    callId: place.callId,
    scope: place.scope,
    askedAt: now,
    ...place.seed === void 0 ? {} : { seed: place.seed }
  }, o.ttlMs);
  const existing = await o.records.getApproval(SPACE, plain.id);
  const renew = place.renew && existing && existing.expiresAt <= now && existing.usedAt === void 0 && !existing.answer;
  if (existing && !renew) {
    return requestOf(existing);
  }
  let shown = o.live ? await o.live.annotate(plain) : plain;
  if (place.unknownSend !== void 0 && shown.previousLive === void 0) {
    shown = {
      ...shown,
      possiblyLive: { requestId: place.unknownSend },
      message: `An identical ad may already be live: an earlier send of this exact payload (request id ${place.unknownSend}) got no answer, so whether it was created is unknown. Look in the ad account before approving. ${shown.message}`
    };
  }
  if (place.annotate)
    shown = place.annotate(shown);
  const input = {
    id: shown.id,
    tool: shown.tool,
    ...shown.account === void 0 ? {} : { account: shown.account },
    payload: payloadOf(def, body),
    fingerprint: fingerprint2,
    ...shown.callId === void 0 ? {} : { callId: shown.callId },
    scope: place.scope,
    channel: place.channel,
    ...place.shownAt === void 0 ? {} : { shownAt: place.shownAt },
    ...shown.previousLive ? { names: { adId: shown.previousLive.adId, at: shown.previousLive.at } } : place.unknownSend !== void 0 ? { names: { unknownSend: place.unknownSend, at: now } } : {},
    askedAt: shown.askedAt,
    expiresAt: shown.expiresAt,
    summary: shown.summary,
    message: shown.message,
    ...shown.rule === void 0 ? {} : { rule: shown.rule }
  };
  if (o.secret !== void 0)
    input.sig = recordSignature(input, o.secret);
  const { record } = await o.records.createApproval(SPACE, input);
  return requestOf(record);
}
__name(recordRequest, "recordRequest");
function requestOf(record) {
  const request = {
    id: record.id,
    tool: record.tool,
    ...record.callId === void 0 ? {} : { callId: record.callId },
    fingerprint: record.fingerprint,
    ...record.account === void 0 ? {} : { account: record.account },
    askedAt: record.askedAt,
    expiresAt: record.expiresAt,
    summary: record.summary,
    message: record.message
  };
  if (record.names?.adId !== void 0)
    request.previousLive = { adId: record.names.adId, at: record.names.at };
  if (record.names?.unknownSend !== void 0)
    request.possiblyLive = { requestId: record.names.unknownSend };
  if (record.rule !== void 0)
    request.rule = record.rule;
  return request;
}
__name(requestOf, "requestOf");
async function recordedRequest(o, id) {
  const record = await o.records.getApproval(SPACE, id);
  return record ? requestOf(record) : null;
}
__name(recordedRequest, "recordedRequest");
function recordOf(o, id) {
  return o.records.getApproval(SPACE, id);
}
__name(recordOf, "recordOf");
async function settleRecorded(o, id, result) {
  const settled = await o.records.settleApproval(SPACE, id, JSON.stringify(result)).catch(() => void 0);
  return settled?.ok ? settled.record : void 0;
}
__name(settleRecorded, "settleRecorded");
async function pendingRequests(o, scope, page = {}) {
  const records = await o.records.pendingApprovals(SPACE, {
    ...page,
    ...scope === void 0 ? {} : { scope }
  });
  return records.map(requestOf);
}
__name(pendingRequests, "pendingRequests");
async function recordAnswer(o, id, decision, channel) {
  const answer = recordedAnswerOf(o, id, decision, channel, await o.records.clock());
  const result = await o.records.answerApproval(SPACE, id, answer);
  if (result.ok || result.why === "answered")
    return void 0;
  return refusalText(result.why);
}
__name(recordAnswer, "recordAnswer");
async function recordAnswers(o, ids, decision, channel) {
  const at = await o.records.clock();
  const answers = ids.map((id) => ({ id, answer: recordedAnswerOf(o, id, decision, channel, at) }));
  const result = await o.records.answerApprovals(SPACE, answers);
  if (result.ok)
    return void 0;
  return `request ${result.id}: ${refusalText(result.why)}`;
}
__name(recordAnswers, "recordAnswers");
function recordedAnswerOf(o, id, decision, channel, at) {
  const answer = { approved: decision.approved === true, channel, at };
  const words = decision.approved === true ? decision.text : decision.reason;
  if (typeof words === "string" && words.trim() !== "") {
    if (answer.approved)
      answer.text = words.trim();
    else
      answer.reason = words.trim();
  }
  if (typeof decision.who === "string" && decision.who !== "")
    answer.who = decision.who;
  if (o.secret !== void 0)
    answer.sig = answerSignature(id, answer, o.secret);
  return answer;
}
__name(recordedAnswerOf, "recordedAnswerOf");
async function redeemRecorded(o, id, call) {
  const record = await o.records.getApproval(SPACE, id);
  if (!record) {
    return {
      approved: false,
      reason: `no approval request ${id} for this call and payload is recorded in the store (the payload was edited after the ask, or it was never asked through adrails, or it expired long ago, or the store lost it: restarted empty or evicted its keys)`
    };
  }
  const via = record.answer?.channel || record.channel || "an approval channel";
  const no = /* @__PURE__ */ __name((reason) => ({ approved: false, reason, via }), "no");
  if (o.secret !== void 0 && !signed(record.sig, recordSignature(record, o.secret))) {
    return no("the approval request in the store is not signed with this toolkit's approvalSecret (it was written or edited there by something else)");
  }
  if (record.tool !== call.tool)
    return no(`the answer was given for a ${record.tool} call, not this ${call.tool} call`);
  if (record.callId !== void 0 && call.callId !== void 0 && record.callId !== call.callId) {
    return no(`the answer was given for tool call ${record.callId}, not for this one (${call.callId})`);
  }
  if (record.account !== void 0 && call.account !== void 0 && record.account !== call.account) {
    return no(`the answer was given for account ${record.account}, not ${call.account}`);
  }
  if (record.fingerprint !== call.fingerprint || record.payload !== call.payload) {
    return no(`the answer was given for payload ${record.fingerprint}, not for this payload ${call.fingerprint} (it was edited after the ask)`);
  }
  const answer = record.answer;
  if (answer && o.secret !== void 0 && !signed(answer.sig, answerSignature(id, answer, o.secret))) {
    return no("the answer in the store is not signed with this toolkit's approvalSecret");
  }
  if (answer?.approved === false) {
    return {
      approved: false,
      declined: true,
      via,
      reason: answer.reason ? `a person declined: ${answer.reason}` : "a person declined"
    };
  }
  const used = await o.records.redeemApproval(SPACE, id, call.payload);
  if (!used.ok) {
    if (used.why === "declined")
      return { approved: false, declined: true, via, reason: "a person declined" };
    if (used.why === "expired") {
      const ttl = Math.round((record.expiresAt - record.askedAt) / 1e3);
      return no(`the approval expired (older than ${ttl} s)`);
    }
    return no(refusalText(used.why));
  }
  const given = used.record.answer;
  return {
    approved: true,
    text: confirmationText(given.text, via, call.fingerprint),
    via,
    key: id,
    record: id,
    askedAt: record.askedAt,
    ...record.names?.adId === void 0 ? {} : { toldOfLive: record.names.adId },
    ...record.names?.unknownSend === void 0 ? {} : { toldOfUnknown: record.names.unknownSend }
  };
}
__name(redeemRecorded, "redeemRecorded");
async function redeemCarried(o, answer, call) {
  const decision = answer.approved ? { approved: true, text: answer.text ?? "" } : { approved: false, ...answer.reason === void 0 ? {} : { reason: answer.reason } };
  const record = await o.records.getApproval(SPACE, answer.request.id);
  if (record && record.answer === void 0)
    await recordAnswer(o, answer.request.id, decision, answer.channel);
  else if (record && !answer.approved)
    await recordAnswer(o, answer.request.id, decision, answer.channel);
  return redeemRecorded(o, answer.request.id, call);
}
__name(redeemCarried, "redeemCarried");
function refusalText(why) {
  switch (why) {
    case "missing":
      return "the approval request is not recorded in the store";
    case "expired":
      return "the approval request expired";
    case "used":
      return "the approval was already used once";
    case "declined":
      return "a person declined this request, and a decline is final";
    case "payload":
      return "the payload recorded for this request differs from this call's payload (it was edited after the ask)";
    case "unanswered":
      return "nobody has answered this approval request yet";
    default:
      return why;
  }
}
__name(refusalText, "refusalText");
function recordSignature(r, secret) {
  const content = [
    "adrails-request-1",
    r.id,
    r.tool,
    r.account ?? null,
    r.payload,
    r.fingerprint,
    r.callId ?? null,
    r.scope,
    r.channel,
    r.shownAt ?? null,
    r.names ?? null,
    r.askedAt,
    r.expiresAt,
    r.summary,
    r.message
  ];
  return hmacSha256(secret, canonicalJson(content));
}
__name(recordSignature, "recordSignature");
function answerSignature(id, a, secret) {
  const content = [
    "adrails-recorded-answer-1",
    id,
    a.approved,
    a.text ?? null,
    a.reason ?? null,
    a.who ?? null,
    a.channel,
    a.at
  ];
  return hmacSha256(secret, canonicalJson(content));
}
__name(answerSignature, "answerSignature");
function signed(given, expected) {
  if (typeof given !== "string")
    return false;
  return sameSecret(given, expected);
}
__name(signed, "signed");

// dist/guards/approval/desk.js
var DESK_CHANNEL = "inbox";
function pendingResult(request, url, note) {
  return {
    ok: "pending",
    status: null,
    approval_id: request.id,
    approve_url: url,
    expires_at: new Date(request.expiresAt).toISOString(),
    hint: `Nothing was sent yet: a person must approve this call first. Give the user this link to approve or decline it: ${url} . Then call await-approval with approval_id "${request.id}" to get the call's result; do not repeat the call meanwhile.`,
    ...note === void 0 ? {} : { note }
  };
}
__name(pendingResult, "pendingResult");
function storedResult(record) {
  if (record.result === void 0)
    return void 0;
  try {
    const result = JSON.parse(record.result);
    const again = `This is the result of the approved call (approval ${record.id}), which ran once; nothing was sent again.`;
    return { ...result, note: result.note ? `${result.note} ${again}` : again };
  } catch {
    return void 0;
  }
}
__name(storedResult, "storedResult");
var LOST_AFTER_MS = 10 * 6e4;
function lostResult(record) {
  return {
    ok: false,
    status: null,
    error: `A person approved the ${record.tool} call of approval ${record.id} and it was sent at ${new Date(record.usedAt ?? 0).toISOString()}, but its result was not stored (the process that sent it stopped, or lost the store), so whether it took effect is unknown.`,
    hint: "Do not repeat the call: look in the ad account whether it took effect, and tell the user.",
    retryable: false
  };
}
__name(lostResult, "lostResult");
function expiredResult(record) {
  return blocked("expired", `Nobody decided on approval request ${record.id} (${record.tool}) before it expired at ${new Date(record.expiresAt).toISOString()}.`, "Nothing was sent. Make the same call again to ask the person again, or tell the user it was not approved in time.");
}
__name(expiredResult, "expiredResult");
async function deskDecision(desk, id) {
  try {
    const decision = await desk.decision(id);
    const state = decision?.state;
    if (state === "waiting" || state === "expired")
      return decision;
    if (state === "approved" && typeof decision.text === "string")
      return decision;
    if (state === "declined")
      return decision;
    return { failed: "the desk gave a decision adrails cannot read" };
  } catch (error) {
    return {
      failed: `the desk could not be read (${error instanceof Error ? error.message : String(error)})`
    };
  }
}
__name(deskDecision, "deskDecision");
async function postRequest(o, request, requester) {
  try {
    const posted = await o.desk.post(request, requester ?? o.requester);
    if (typeof posted?.url !== "string" || posted.url === "")
      return { failed: "the desk gave no URL" };
    return posted;
  } catch (error) {
    return {
      failed: `the desk could not take the request (${error instanceof Error ? error.message : String(error)})`
    };
  }
}
__name(postRequest, "postRequest");
async function deskConfirmation(records, o, request, call, requester) {
  const record = await recordOf(records, request.id);
  if (!record)
    return { approved: false, reason: "the approval request was not recorded in the store" };
  const stored = storedResult(record);
  if (stored)
    return { result: stored };
  if (record.usedAt !== void 0) {
    if (await records.records.clock() - record.usedAt > LOST_AFTER_MS)
      return { result: lostResult(record) };
    const posted2 = await postRequest(o, requestOf(record), requester);
    const url = "url" in posted2 ? posted2.url : "";
    return {
      result: pendingResult(record, url, "A person approved this call and it is being sent now: call await-approval for its result; do not repeat the call.")
    };
  }
  if (record.answer?.approved === false)
    return redeemRecorded(records, record.id, call);
  const now = await records.records.clock();
  if (record.expiresAt <= now)
    return { result: expiredResult(record) };
  if (record.answer !== void 0)
    return redeemRecorded(records, record.id, call);
  const posted = await postRequest(o, requestOf(record), requester);
  if ("failed" in posted)
    return { approved: false, reason: posted.failed };
  const decision = await deskDecision(o.desk, record.id);
  if ("failed" in decision)
    return { approved: false, reason: decision.failed };
  if (decision.state === "expired")
    return { result: expiredResult(record) };
  if (decision.state === "approved" || decision.state === "declined") {
    if (typeof decision.fingerprint === "string" && decision.fingerprint !== record.fingerprint) {
      return {
        approved: false,
        reason: `the person decided on payload ${decision.fingerprint} at the desk, not this call's payload ${record.fingerprint}`
      };
    }
    const refused2 = await recordAnswer(records, record.id, decision.state === "approved" ? { approved: true, text: decision.text, who: decision.who } : { approved: false, reason: decision.reason, who: decision.who }, DESK_CHANNEL);
    if (refused2 !== void 0 && decision.state === "approved")
      return { approved: false, reason: refused2 };
    return redeemRecorded(records, record.id, call);
  }
  return { result: pendingResult(record, posted.url) };
}
__name(deskConfirmation, "deskConfirmation");

// dist/guards/approval/await.js
var AWAIT_DEFAULT_MS = 25e3;
var AWAIT_MAX_MS = 5e4;
var POLL_MS2 = 500;
var PROGRESS_MS = 5e3;
var ID = /^apr_[A-Za-z0-9_-]{8,128}$/;
async function awaitRecorded(deps, approvalId, options = {}) {
  const { desk } = deps;
  if (!desk) {
    return blocked("hard-confirmation", "This toolkit has no approval desk, so no call of it waits for a person and there is nothing to await.", "Nothing was sent. Configure a desk (createAdTools({ desk: inboxDesk(inbox, { url }) })) for pending approvals.");
  }
  if (typeof approvalId !== "string" || !ID.test(approvalId)) {
    return blocked("validation", `approval_id must be the approval_id of a pending result (apr_...); got ${JSON.stringify(String(approvalId).slice(0, 80))}.`, "Nothing was sent. Call await-approval with the approval_id exactly as the pending result gave it.");
  }
  const waitMs = waitOf(options.waitMs);
  const started = Date.now();
  let lastProgress = started;
  let ran = false;
  for (; ; ) {
    const record = await recordOf(deps.records, approvalId);
    if (!record) {
      return blocked("hard-confirmation", `No approval request ${approvalId} is recorded (it was never asked, or it expired more than 15 minutes ago, or the store lost it).`, "Nothing was sent. Make the original call again to ask the person again.");
    }
    const stored = storedResult(record);
    if (stored)
      return stored;
    if (record.usedAt !== void 0 && await deps.records.records.clock() - record.usedAt > LOST_AFTER_MS) {
      return lostResult(record);
    }
    const elapsed = Date.now() - started;
    const holding = elapsed < waitMs && options.signal?.aborted !== true;
    if (record.usedAt === void 0) {
      if (record.channel !== DESK_CHANNEL) {
        return blocked("hard-confirmation", `Approval request ${approvalId} was asked through ${record.channel}, not at a desk: await-approval only waits for pending results.`, "Nothing was sent. Answer that request where it was asked.");
      }
      if (record.answer?.approved === false) {
        return blocked("hard-confirmation", `The ${record.tool} call was not run: a person declined${record.answer.reason ? `: ${record.answer.reason}` : ""}.`, "Nothing was sent. Do not repeat the call unchanged; ask the user what to change.");
      }
      const now = await deps.records.records.clock();
      if (record.expiresAt <= now)
        return expiredResult(record);
      const decision = record.answer ? { state: "approved" } : await deskDecision(desk.desk, approvalId);
      if ("failed" in decision) {
        return blocked("hard-confirmation", `Approval request ${approvalId} could not be checked: ${decision.failed}.`, "Nothing was sent. Call await-approval again in a moment.");
      }
      if (decision.state === "expired")
        return expiredResult(record);
      if (decision.state !== "waiting" && !ran) {
        ran = true;
        const result = await deps.call(record.tool, JSON.parse(record.payload), {
          sessionId: record.scope,
          pending: true
        });
        const after = await recordOf(deps.records, approvalId);
        const again = after && storedResult(after);
        if (again)
          return again;
        if (!(after?.usedAt !== void 0 || isBusy(result)))
          return result;
        continue;
      }
    }
    if (!holding) {
      const posted = await postRequest(desk, requestOf(record));
      const url = "url" in posted ? posted.url : "";
      const waited = Math.round((Date.now() - started) / 1e3);
      const note = record.usedAt !== void 0 ? "A person approved this call and it is being sent now: call await-approval again for its result; do not repeat the call." : `Still waiting for a person after ${waited} s: call await-approval again to keep waiting.`;
      return pendingResult(record, url, note);
    }
    if (options.onProgress && Date.now() - lastProgress >= PROGRESS_MS) {
      lastProgress = Date.now();
      try {
        options.onProgress({
          elapsedMs: lastProgress - started,
          waitMs,
          message: record.usedAt !== void 0 ? "Approved; the call is being sent." : `Waiting for a person to approve ${record.tool} (${approvalId}).`
        });
      } catch {
      }
    }
    await sleep2(Math.min(POLL_MS2, Math.max(1, waitMs - (Date.now() - started))), options.signal);
  }
}
__name(awaitRecorded, "awaitRecorded");
function waitOf(waitMs) {
  if (waitMs === void 0 || Number.isNaN(waitMs))
    return AWAIT_DEFAULT_MS;
  return Math.min(AWAIT_MAX_MS, Math.max(1e3, Math.round(waitMs)));
}
__name(waitOf, "waitOf");
function clampNote(waitMs) {
  if (waitMs === void 0)
    return "";
  const used = waitOf(waitMs);
  if (used === waitMs)
    return "";
  const asked = Number.isFinite(waitMs) ? String(Math.round(waitMs) / 1e3) : String(waitMs);
  return `wait_s ${asked} is out of range (1 to 50 s), so this waited at most ${used / 1e3} s.`;
}
__name(clampNote, "clampNote");
function isBusy(result) {
  return result.ok === false && "blocked" in result && result.error.startsWith("An identical ACTIVE ad");
}
__name(isBusy, "isBusy");
function sleep2(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    __name(done, "done");
    signal?.addEventListener("abort", done, { once: true });
  });
}
__name(sleep2, "sleep");

// dist/guards/approval/redeem.js
function askSlot(scope, tool, callId) {
  return `ask
${scope}
${tool}
${callId}`;
}
__name(askSlot, "askSlot");
var FUTURE_SKEW_MS = 6e4;
async function redeem(answer, call, o) {
  const { request } = answer;
  const via = answer.channel !== "" ? answer.channel : "an approval channel";
  const no = /* @__PURE__ */ __name((reason) => ({ approved: false, reason, via }), "no");
  if (request.tool !== call.tool)
    return no(`the answer was given for a ${request.tool} call, not this ${call.tool} call`);
  if (request.callId !== void 0 && call.callId !== void 0 && request.callId !== call.callId) {
    return no(`the answer was given for tool call ${request.callId}, not for this one (${call.callId})`);
  }
  if (request.fingerprint !== call.fingerprint) {
    return no(`the answer was given for payload ${request.fingerprint}, not for this payload ${call.fingerprint}`);
  }
  if (request.account !== void 0 && call.account !== void 0 && request.account !== call.account) {
    return no(`the answer was given for account ${request.account}, not ${call.account}`);
  }
  const now = Date.now();
  if (!Number.isFinite(answer.at) || answer.at > now + FUTURE_SKEW_MS)
    return no("the answer carries an invalid time");
  if (answer.at > request.expiresAt)
    return no("the answer came after the request expired");
  if (now > request.expiresAt) {
    const ttl = Math.round((request.expiresAt - request.askedAt) / 1e3);
    return no(`the approval expired (older than ${ttl} s)`);
  }
  if (!answer.approved) {
    return {
      approved: false,
      declined: true,
      via,
      reason: answer.reason ? `a person declined: ${answer.reason}` : "a person declined"
    };
  }
  const callId = request.callId ?? call.callId;
  if (o.asks && callId !== void 0) {
    const asked = await o.asks.recorded(askSlot(call.scope, call.tool, callId));
    if (asked !== null && asked !== call.fingerprint) {
      return no(`tool call ${callId} was shown to the person as payload ${asked}, and the payload now is ${call.fingerprint} (the saved state was edited after the ask)`);
    }
  }
  if (!await o.ledger.consume(request.id, request.expiresAt))
    return no("the approval was already used once");
  return {
    approved: true,
    text: confirmationText(answer.text, via, call.fingerprint),
    via,
    key: request.id,
    askedAt: request.askedAt,
    ...request.toldOfLive === void 0 ? {} : { toldOfLive: request.toldOfLive }
  };
}
__name(redeem, "redeem");
async function redeemApproval(approval, call, options) {
  const target = typeof call === "string" ? { tool: "", fingerprint: call, scope: "" } : call;
  if (typeof approval !== "object" || approval === null) {
    return { approved: false, reason: "the approval passed in is malformed" };
  }
  const given = approval;
  if (typeof given.fingerprint !== "string")
    return { approved: false, reason: "the approval passed in is malformed" };
  const now = Date.now();
  const at = given.approvedAt;
  if (at !== void 0 && (typeof at !== "number" || !Number.isFinite(at) || at > now + FUTURE_SKEW_MS)) {
    return { approved: false, reason: "the approval carries an invalid time" };
  }
  const via = typeof given.via === "string" && given.via !== "" ? given.via : "a framework approval";
  const askedAt = at ?? now;
  const answer = {
    request: {
      id: legacyKey(given, given.fingerprint, via),
      tool: target.tool,
      fingerprint: given.fingerprint,
      askedAt,
      expiresAt: askedAt + options.ttlMs
    },
    approved: true,
    channel: via,
    at: Math.min(now, askedAt + options.ttlMs),
    ...typeof given.text === "string" ? { text: given.text } : {}
  };
  return redeem(answer, target, { ledger: options.ledger });
}
__name(redeemApproval, "redeemApproval");
function legacyKey(approval, fingerprint2, via) {
  if (typeof approval.id === "string" && approval.id !== "")
    return `id:${fingerprint2}:${approval.id}`;
  const text = typeof approval.text === "string" ? approval.text : "";
  return `anon:${digest(canonicalJson({ fingerprint: fingerprint2, via, text, approvedAt: approval.approvedAt ?? null }))}`;
}
__name(legacyKey, "legacyKey");

// dist/guards/notes.js
function pushNote(push, outcome) {
  const live = push.kind === "approved";
  switch (outcome.kind) {
    case "success":
      return successNote(push);
    case "partial": {
      const { applied, failed } = splitPartial(outcome.partial);
      const parts = ` (applied: ${itemList(applied, false)}; failed: ${itemList(failed, true)})`;
      const ad = adShown(applied);
      if (ad === void 0) {
        return live ? `A person approved this ACTIVE ad, but no applied part shows the ad itself${parts}. Do not tell the user the ad exists or is live.` : `No applied part shows an ad${parts}. Do not tell the user an ad exists, PAUSED or live.`;
      }
      const which = ad === "" ? "the ad" : `ad ${ad}`;
      return live ? `An applied part shows ${which} was created${parts}; a person approved it as ACTIVE, so it can start delivering and spending.` : `An applied part shows ${which} was created${parts}, PAUSED: it is not live and spends nothing.`;
    }
    default:
      if (!mayHaveApplied(outcome))
        return void 0;
      return live ? "Whether the ad was created is not known; if it was, it is ACTIVE (a person approved it) and can spend." : "Whether the ad was created is not known; if it was, it is PAUSED and not live.";
  }
}
__name(pushNote, "pushNote");
function successNote(push) {
  switch (push.kind) {
    case "approved":
      return "A person approved this ACTIVE ad and it was created ACTIVE: it can start delivering and spending.";
    case "downgraded":
      return "The ad was created PAUSED, not ACTIVE: it is not live and spends nothing. Tell the user it needs a person's approval to go live.";
    case "paused": {
      const why = push.status === "PAUSED" ? "" : ` (status ${JSON.stringify(push.status)} is not exactly "ACTIVE", so the service creates it PAUSED)`;
      return `The ad was created PAUSED${why}: it is not live and spends nothing until someone activates it. Do not tell the user it is live.`;
    }
  }
}
__name(successNote, "successNote");
function creativeLoopNote(autoLaunch, outcome) {
  const lead = autoLaunch ? "auto_launch has no effect: nothing was launched." : "Nothing was launched:";
  switch (outcome.kind) {
    case "success":
      return `${lead} ${autoLaunch ? "New" : "new"} creatives are staged PAUSED for review.`;
    case "partial":
      return `${lead} ${autoLaunch ? "Any" : "any"} creatives in the applied part are staged PAUSED for review.`;
    default:
      return autoLaunch ? "auto_launch has no effect: creative-loop never launches anything." : void 0;
  }
}
__name(creativeLoopNote, "creativeLoopNote");
function runKeyNote(field, key, outcome) {
  if (outcome.kind === "success" || outcome.kind === "partial") {
    return `This run's ${field} is ${key}; resume-generation needs it if the run is interrupted.`;
  }
  return mayHaveApplied(outcome) ? `If the run started, its ${field} is ${key}; resume-generation needs it to pick the run up.` : void 0;
}
__name(runKeyNote, "runKeyNote");
var SHOWN_ITEMS = 5;
function itemList(items, withError) {
  if (items.length === 0)
    return "nothing";
  const names = items.slice(0, SHOWN_ITEMS).map((item) => itemName(item, withError));
  const more = items.length > SHOWN_ITEMS ? `, and ${items.length - SHOWN_ITEMS} more` : "";
  return `${names.join(", ")}${more}`;
}
__name(itemList, "itemList");
function itemName(item, withError) {
  if (item === null || typeof item !== "object")
    return clip(JSON.stringify(item) ?? String(item));
  const record = item;
  const label = ["step", "operation", "name", "id"].map((key) => record[key]).find((value) => typeof value === "string" || typeof value === "number");
  const name = label === void 0 ? clip(JSON.stringify(record)) : String(label);
  const error = record.error ?? record.reason;
  return withError && typeof error === "string" && error !== "" ? `${name} (${clip(error)})` : name;
}
__name(itemName, "itemName");
function clip(text, max = 80) {
  return text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;
}
__name(clip, "clip");
function adShown(applied) {
  let found;
  for (const item of applied) {
    if (item === null || typeof item !== "object")
      continue;
    const record = item;
    const id = record.ad_id;
    if (typeof id === "string" && id !== "" || typeof id === "number")
      return String(id);
    const step = record.step ?? record.operation;
    if (typeof step === "string" && /^(create_?)?ad$/i.test(step))
      found = "";
  }
  return found;
}
__name(adShown, "adShown");

// dist/tools/packs.js
var groupTools = /* @__PURE__ */ __name((group) => offeredTools.filter((def) => def.group === group).map((def) => def.name), "groupTools");
var PACKS = deepFreeze({
  analyst: {
    name: "analyst",
    summary: "Account reads, benchmark calculators and expert skills (groups A and B). Reads only.",
    tools: [...groupTools("A"), ...groupTools("B")]
  },
  creative: {
    name: "creative",
    summary: "Copy, hooks, the creative library and the generation workflows of group C; publishes nothing.",
    tools: [
      "list-accounts",
      "ad-copy",
      "hooks",
      "save-creative",
      "creative-dna",
      "analyze-winning-ad",
      "url-to-ads",
      "multiply-winner",
      "competitor-creatives",
      "creative-matrix",
      "creative-loop"
    ]
  },
  publisher: {
    name: "publisher",
    summary: "What publishing one ad needs: the account and its ad sets, copy, the library and push-creative.",
    tools: ["list-accounts", "results", "ad-copy", "save-creative", "push-creative"]
  },
  // Group E as one pack would cost more than 2,000 tokens a request; it is two packs, and
  // `pack: ["experiments", "briefs"]` (or `include: ["E"]`) offers all of it.
  experiments: {
    name: "experiments",
    summary: "Experiments, test plans and learnings: the group E tools that test and record.",
    tools: [
      "preview-meta-test-plan",
      "approve-meta-test-plan",
      "create-experiment",
      "record-experiment-result",
      "assess-experiment",
      "record-result-interpretation",
      "list-learning",
      "propose-learning-memory",
      "review-learning-memory"
    ]
  },
  briefs: {
    name: "briefs",
    summary: "Creative briefs and the generation runs made from them: the rest of group E.",
    tools: [
      "create-creative-brief",
      "get-creative-brief",
      "edit-creative-brief",
      "approve-creative-brief",
      "revoke-creative-brief",
      "generate-from-brief",
      "generation-status",
      "resume-generation",
      "approve-generation-artifact",
      "reject-generation-artifact"
    ]
  },
  monitoring: {
    name: "monitoring",
    summary: "Competitor snapshots, change routines and alerts (group F).",
    tools: groupTools("F")
  },
  sources: {
    name: "sources",
    summary: "Read-only queries of connected CRM and analytics sources (group D).",
    tools: groupTools("D")
  }
});
function deepFreeze(packs) {
  for (const pack of Object.values(packs))
    Object.freeze(Object.freeze(pack).tools);
  return Object.freeze(packs);
}
__name(deepFreeze, "deepFreeze");
var PACK_NAMES = Object.keys(PACKS);
var isPackName = /* @__PURE__ */ __name((name) => typeof name === "string" && Object.hasOwn(PACKS, name), "isPackName");

// dist/guards/scope.js
var matches = /* @__PURE__ */ __name((def, entries) => entries.includes(def.name) || entries.includes(def.group), "matches");
var isReadOnly = /* @__PURE__ */ __name((def) => def.effect === "read" || def.effect === "calculator", "isReadOnly");
function outOfScope(def, options) {
  if (def.disabled)
    return "it is disabled at the service";
  const packs = packsOf(options);
  if (packs.length > 0 && !packs.some((pack) => PACKS[pack]?.tools.includes(def.name))) {
    return `it is not in the ${packs.join(" or ")} pack`;
  }
  if (options.include && !matches(def, options.include))
    return "it is not among the tools enabled here";
  if (options.exclude && matches(def, options.exclude))
    return "it is excluded here";
  if (options.readOnly && !isReadOnly(def))
    return "this agent is read-only and the tool writes";
  return null;
}
__name(outOfScope, "outOfScope");
function selectTools(catalog, options) {
  for (const pack of packsOf(options)) {
    if (!isPackName(pack))
      throw new TypeError(`adrails: no pack named "${String(pack)}" (pack: ${PACK_NAMES.join(", ")})`);
  }
  const known = new Set(catalog.flatMap((def) => [def.name, def.group]));
  for (const entry of [...options.include ?? [], ...options.exclude ?? []]) {
    if (!known.has(entry))
      throw new TypeError(`adrails: no tool or group named "${entry}" (include/exclude)`);
  }
  return catalog.filter((def) => outOfScope(def, options) === null);
}
__name(selectTools, "selectTools");
function scopeRefusal(name, def, options) {
  if (!def) {
    return {
      blocked: "scope",
      error: `There is no tool named "${name}".`,
      hint: "Nothing was sent. Call only the tools you were given."
    };
  }
  if (def.disabled) {
    return {
      blocked: "disabled",
      error: `${name} is disabled at the service and is never offered.`,
      hint: "Nothing was sent. Do not call it again; tell the user this action is not available."
    };
  }
  return {
    blocked: "scope",
    error: `${name} is not available here: ${outOfScope(def, options) ?? "it is outside this toolkit's scope"}.`,
    hint: "Nothing was sent. Do not retry it; use the tools you were given or tell the user this action is not available here."
  };
}
__name(scopeRefusal, "scopeRefusal");
var takesAccount = /* @__PURE__ */ __name((def) => "account_id" in def.input.shape, "takesAccount");
var packsOf = /* @__PURE__ */ __name((options) => options.pack === void 0 ? [] : typeof options.pack === "string" ? [options.pack] : options.pack, "packsOf");
function accountNote(selected, options) {
  const carrier = selected.find(takesAccount);
  if (!carrier)
    return void 0;
  const { accountId: accountId2 } = options;
  const text = accountId2 === void 0 ? "Optional account_id defaults to the active account." : options.hideAccountId ? `Every call acts on ad account ${accountId2}.` : `Omitted account_id: ${accountId2}.`;
  return { tool: carrier.name, text };
}
__name(accountNote, "accountNote");
function hiddenAccountRefusal(def, input, options) {
  const { accountId: accountId2 } = options;
  if (!options.hideAccountId || accountId2 === void 0 || !takesAccount(def))
    return void 0;
  if (typeof input !== "object" || input === null)
    return void 0;
  const given = input.account_id;
  if (given === void 0 || given === null || given === accountId2)
    return void 0;
  return {
    error: `${def.name} was not run: this toolkit acts on ad account ${accountId2} only, and the call named another account.`,
    hint: "Nothing was sent. Call again without account_id; every call acts on the configured account. If the user wants another account, tell them it is not available here."
  };
}
__name(hiddenAccountRefusal, "hiddenAccountRefusal");

// dist/guards/steps/prepare.js
function changeOf(def, body) {
  return fingerprint(def.name, body, retryKeys(def.idField?.name));
}
__name(changeOf, "changeOf");
function prepare(def, schema, input, log, accountDefault) {
  const raw = input === void 0 || input === null ? {} : input;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    decide(log, "validation", "refuse", "input is not an object");
    return {
      ok: false,
      result: blocked("validation", `Invalid input for ${def.name}: the input must be a JSON object.`, "Nothing was sent. Call again with an object of the tool's fields.")
    };
  }
  const work = { ...raw };
  const notes = [];
  const shape = def.input.shape;
  if (CONFIRM_FIELD in shape && work[CONFIRM_FIELD] !== void 0) {
    delete work[CONFIRM_FIELD];
    decide(log, "hard-confirmation", "modify", "dropped hard_confirm_text sent by the model");
    notes.push("The hard_confirm_text you sent was dropped and not forwarded: only a person can confirm an ACTIVE ad.");
  }
  let givenId;
  const idName = def.idField?.name;
  if (idName && work[idName] !== void 0) {
    givenId = work[idName];
    delete work[idName];
  }
  if (accountDefault && takesAccount(def) && (work.account_id === void 0 || work.account_id === null)) {
    work.account_id = accountDefault;
    decide(log, "scope", "modify", `account_id defaulted to ${accountDefault}`);
  }
  const validated = validate(def.name, schema, work);
  if (!validated.ok) {
    decide(log, "validation", "refuse", validated.error);
    return { ok: false, result: blocked("validation", validated.error, validated.hint, notes) };
  }
  decide(log, "validation", "allow");
  return { ok: true, body: validated.value, givenId, notes };
}
__name(prepare, "prepare");

// dist/guards/steps/rules.js
function rulesStep(p, call) {
  if (!p.o.rules)
    return void 0;
  const { def, context } = call;
  const session = context.sessionId ?? p.o.sessionId;
  return p.o.rules.check({
    ...ruledOf(def, call.body),
    scope: scopeOf(p, context),
    ...session === void 0 ? {} : { session },
    log: call.log,
    audit: call.audit
  });
}
__name(rulesStep, "rulesStep");
function ruledOf(def, body) {
  return {
    tool: def.name,
    body,
    write: def.effect === "write" || def.effect === "workflow",
    launch: needsPerson(def, body)
  };
}
__name(ruledOf, "ruledOf");
function ruledRequest(p, request, finding) {
  if (!request || !finding || !p.o.rules || p.o.rules.mode === "audit")
    return request;
  if (p.o.rules.mode === "enforce")
    return null;
  return withRule(request, { rule: finding.rule, reason: finding.reason, override: true });
}
__name(ruledRequest, "ruledRequest");
function withRule(request, ask) {
  if (!ask || request.rule)
    return request;
  const said = ask.override ? `Money rule ${ask.rule} would refuse this: ${ask.reason}. Approving overrides the rule.` : `Money rule ${ask.rule} asks a person to approve this: ${ask.reason}.`;
  return {
    ...request,
    rule: { name: ask.rule, reason: ask.reason, override: ask.override },
    message: `${said} ${request.message}`
  };
}
__name(withRule, "withRule");
function ruleApproved(call, via) {
  const ask = call.ruleAsk;
  if (!ask)
    return;
  if (ask.override) {
    call.audit.ruleDecision = "override";
    decide(call.log, "rules", "allow", `override: ${ask.rule} overridden by a person via ${via}`);
  } else
    decide(call.log, "rules", "allow", `ask: ${ask.rule} approved by a person via ${via}`);
}
__name(ruleApproved, "ruleApproved");
function ruleUnapproved(call, reason) {
  const ask = call.ruleAsk;
  const error = ask.override ? `A money rule (${ask.rule}) would refuse this call (${ask.reason}), and no person overrode it: ${reason}.` : `A money rule (${ask.rule}) needs a person's approval for this call (${ask.reason}), and there is none: ${reason}.`;
  const result = blocked("rule", error, "Nothing was sent. Do not repeat the call unchanged; ask the user.", call.notes);
  return { ...result, rule: ask.rule };
}
__name(ruleUnapproved, "ruleUnapproved");

// dist/guards/steps/approve.js
function scopeOf(p, context) {
  return context.sessionId ?? p.o.sessionId ?? p.instanceScope;
}
__name(scopeOf, "scopeOf");
var downgrades = /* @__PURE__ */ __name((p, def) => p.o.onUnconfirmedActive === "pause" && def.name === CONFIRM_TOOL, "downgrades");
function deniedStep(p, def, prepared, context, log, audit) {
  const declined = context.denial ?? (context.answer?.approved === false ? { via: context.answer.channel, reason: context.answer.reason } : void 0);
  if (declined === void 0)
    return void 0;
  if (prepared.ok && downgrades(p, def) && needsPerson(def, prepared.body))
    return void 0;
  if (prepared.ok)
    audit.fingerprint = changeOf(def, prepared.body);
  const denial = denialOf(declined);
  decide(log, "hard-confirmation", "refuse", `${denial.reason} (via ${denial.via})`);
  return prepared.ok ? declinedResult(def, prepared.body, denial.reason, prepared.notes) : declinedResult(def, void 0, denial.reason, []);
}
__name(deniedStep, "deniedStep");
async function confirmStep(p, call) {
  const { def, log, notes } = call;
  if (def.name === "creative-loop") {
    const autoLaunch = call.body.auto_launch === true;
    call.outcomeNotes.push((outcome) => creativeLoopNote(autoLaunch, outcome));
  }
  const isPush = def.name === CONFIRM_TOOL;
  let push;
  const person = needsPerson(def, call.body);
  if (!person && !call.ruleAsk) {
    if (!isPush)
      return void 0;
    decide(log, "hard-confirmation", "allow", "not ACTIVE: created PAUSED");
    push = { kind: "paused", status: call.body.status };
  } else {
    const confirmation = await confirm(p, call);
    if ("result" in confirmation) {
      const { result } = confirmation;
      decide(log, "hard-confirmation", "refuse", result.ok === "pending" ? `waiting for a person at the desk (approval ${result.approval_id})` : "not sent again: the result of the call an approval already allowed");
      return result;
    }
    if (confirmation.approved) {
      if (confirmation.record !== void 0 && call.redeemed)
        call.redeemed.id = confirmation.record;
      if (!person) {
        ruleApproved(call, confirmation.via ?? "confirm");
        const status = { kind: "paused", status: call.body.status };
        if (isPush)
          call.outcomeNotes.push((outcome) => pushNote(status, outcome));
        return void 0;
      }
      if (CONFIRM_FIELD in def.input.shape)
        call.body = { ...call.body, [CONFIRM_FIELD]: confirmation.text };
      if (confirmation.toldOfLive !== void 0 || call.context.approval !== void 0) {
        call.approvalKey = confirmation.key;
      }
      if (isPush && confirmation.askedAt !== void 0) {
        const late = await wentLiveSinceAsked(p.o.live, call, confirmation.askedAt, confirmation.toldOfLive);
        if (late)
          return late;
      }
      ruleApproved(call, confirmation.via ?? "confirm");
      decide(log, "hard-confirmation", "allow", `approved by a person via ${confirmation.via}`);
      push = { kind: "approved" };
    } else if (!person) {
      decide(log, "rules", "refuse", confirmation.reason);
      return ruleUnapproved(call, confirmation.reason);
    } else if (downgrades(p, def)) {
      call.body = { ...call.body, status: "PAUSED" };
      call.change = changeOf(def, call.body);
      call.audit.fingerprint = call.change;
      decide(log, "hard-confirmation", "modify", `created PAUSED instead of ACTIVE: ${confirmation.reason}`);
      notes.push(`Status ACTIVE was not approved by a person (${confirmation.reason}), so adrails changed it to PAUSED.`);
      push = { kind: "downgraded" };
    } else {
      decide(log, "hard-confirmation", "refuse", confirmation.reason);
      if (confirmation.declined)
        return declinedResult(def, call.body, confirmation.reason, notes);
      return unapproved(def, confirmation.reason, notes);
    }
  }
  if (isPush && push) {
    const status = push;
    call.outcomeNotes.push((outcome) => pushNote(status, outcome));
  }
  return void 0;
}
__name(confirmStep, "confirmStep");
async function confirm(p, call) {
  const { context, def } = call;
  if (context.denial !== void 0)
    return denialOf(context.denial);
  if (context.unbound !== void 0)
    return unboundOf(context.unbound);
  const target = {
    tool: def.name,
    fingerprint: call.change,
    scope: scopeOf(p, context),
    ...context.toolCallId === void 0 ? {} : { callId: context.toolCallId },
    ...typeof call.body.account_id === "string" ? { account: call.body.account_id } : {}
  };
  const recorded = { ...target, payload: payloadOf(def, call.body) };
  const records = recordOptionsOf(p);
  if (context.answer !== void 0) {
    const read = readAnswer(context.answer, p.o.approvalSecret);
    if ("problem" in read)
      return { approved: false, reason: read.problem };
    return redeemCarried(records, read.answer, recorded);
  }
  if (context.approval !== void 0) {
    if (p.o.approvalSecret !== void 0) {
      return {
        approved: false,
        reason: "the toolkit has an approvalSecret, and the deprecated `approval` field is unsigned, so it approves nothing (pass `answer` from adTool.answer() to a request the toolkit recorded)"
      };
    }
    const redeem2 = { ledger: p.o.approvals, asks: p.o.asks, secret: p.o.approvalSecret };
    return redeemApproval(context.approval, target, { ...redeem2, ttlMs: p.o.approvalTtlMs });
  }
  const ruleAsk = call.ruleAsk;
  const desk = p.o.desk;
  if (desk && (context.pending === true || !p.o.confirm)) {
    const records2 = { ...recordOptionsOf(p), ttlMs: desk.ttlMs };
    const request2 = await recordRequest(records2, def, call.body, call.change, {
      scope: target.scope,
      seed: DESK_CHANNEL,
      channel: DESK_CHANNEL,
      renew: true,
      unknownSend: await unknownSendOf(p, call),
      ...ruleAsk ? { annotate: /* @__PURE__ */ __name((shown) => withRule(shown, ruleAsk), "annotate") } : {}
    });
    const requester = context.sessionId === void 0 ? void 0 : { conversation: context.sessionId };
    return deskConfirmation(records2, desk, request2, recorded, requester);
  }
  if (!p.o.confirm)
    return { approved: false, reason: "no confirmation channel is configured" };
  const request = await recordRequest(records, def, call.body, call.change, {
    callId: context.toolCallId,
    scope: target.scope,
    channel: "confirm",
    unknownSend: await unknownSendOf(p, call),
    ...ruleAsk ? { annotate: /* @__PURE__ */ __name((shown) => withRule(shown, ruleAsk), "annotate") } : {}
  });
  const asked = await askChannel(p.o.confirm, request, context.signal);
  if ("none" in asked)
    return { approved: false, reason: asked.none };
  const channel = typeof asked.decision.channel === "string" ? asked.decision.channel : "confirm";
  const decision = asked.decision;
  if (decision.approved === true && decision.prewritten === true) {
    const named = request.previousLive ? `an identical ad (${request.previousLive.adId}) is already live` : request.possiblyLive ? `an identical send (request id ${request.possiblyLive.requestId}) may already be live` : void 0;
    if (named !== void 0) {
      await recordAnswer(records, request.id, { approved: false, reason: named }, channel);
      return {
        approved: false,
        via: channel,
        reason: `a confirmation written before the request was shown cannot approve it: ${named}, and a person must see that and answer this request themselves`
      };
    }
  }
  const refused2 = await recordAnswer(records, request.id, decision, channel);
  if (refused2 !== void 0 && decision.approved === true)
    return { approved: false, reason: refused2, via: channel };
  return redeemRecorded(records, request.id, recorded);
}
__name(confirm, "confirm");
function recordOptionsOf(p) {
  return {
    records: p.o.records,
    ttlMs: p.o.approvalTtlMs,
    ...p.o.approvalSecret === void 0 ? {} : { secret: p.o.approvalSecret },
    ...p.o.live === void 0 ? {} : { live: p.o.live }
  };
}
__name(recordOptionsOf, "recordOptionsOf");
async function unknownSendOf(p, call) {
  if (!call.def.idField)
    return void 0;
  const ids = await p.requestIds.derive(idScopeOf(p, call.context), call.def.name, call.change);
  return ids.pinned;
}
__name(unknownSendOf, "unknownSendOf");
function idScopeOf(p, context) {
  return context.sessionId ?? p.o.sessionId ?? p.instanceScope;
}
__name(idScopeOf, "idScopeOf");
function unboundOf(unbound) {
  const via = typeof unbound?.via === "string" && unbound.via !== "" ? unbound.via : "a framework approval flow";
  const pending = Array.isArray(unbound?.pending) ? unbound.pending.filter((p) => typeof p === "string") : [];
  const listed = pending.length > 0 ? ` (pending: ${pending.join(", ")})` : "";
  return {
    approved: false,
    via,
    reason: `a person's answer via ${via} could not be bound to this payload: ${String(unbound?.reason)}${listed}; the host must answer naming the payload's fingerprint or tool call, or answer each interrupt by its id`
  };
}
__name(unboundOf, "unboundOf");
function unapproved(def, reason, notes) {
  if (def.name === CONFIRM_TOOL) {
    return blocked("hard-confirmation", `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${sentence(reason)}`, "Nothing was sent. Create the ad with status PAUSED instead, or ask the user to approve making it ACTIVE.", notes);
  }
  return blocked("hard-confirmation", `The ${def.name} call needs a person's approval, and there is none: ${sentence(reason)}`, "Nothing was sent. Ask the user to approve this exact call, or leave it.", notes);
}
__name(unapproved, "unapproved");
function declinedResult(def, body, reason, notes) {
  if (body !== void 0 && def.name === CONFIRM_TOOL && needsPerson(def, body)) {
    return blocked("hard-confirmation", `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${sentence(reason)}`, "Nothing was sent. Do not repeat the call as ACTIVE. Create the ad with status PAUSED if the user wants it, or ask the user what to change.", notes);
  }
  return blocked("hard-confirmation", `The ${def.name} call was not run: ${sentence(reason)}`, "Nothing was sent. Do not repeat the call unchanged; ask the user what to change.", notes);
}
__name(declinedResult, "declinedResult");

// dist/guards/steps/key.js
async function keyStep(p, call) {
  const { def, log, notes, body } = call;
  const idName = def.idField?.name;
  if (!idName)
    return;
  const scope = idScopeOf(p, call.context);
  const ids = await p.requestIds.derive(scope, def.name, call.change, targetOf(def.name, body));
  call.ids = ids;
  let id;
  if (ids.pinned !== void 0) {
    id = ids.pinned;
    decide(log, "request-id", "modify", `kept the ${idName} of an earlier send with an unknown outcome`);
    if (differs(call.givenId, id)) {
      notes.push(`The ${idName} you sent was replaced by ${id}, the one an earlier attempt at this same change went out with: its outcome is unknown, and only the same ${idName} lets the service replay it instead of doing it twice.`);
    }
  } else if (call.approvalKey !== void 0) {
    id = approvalRequestId(call.approvalKey, call.change);
    decide(log, "request-id", "modify", `${idName} derived from the person's approval`);
    if (differs(call.givenId, id)) {
      notes.push(`The ${idName} you sent was replaced by one bound to the person's approval, so that approval can create this ad only once.`);
    }
  } else {
    id = ids.id;
    decide(log, "request-id", "modify", `injected ${idName}`);
    if (differs(call.givenId, id))
      notes.push(droppedNote(idName));
  }
  if (differs(call.givenId, id))
    decide(log, "request-id", "modify", `dropped the ${idName} the model sent`);
  body[idName] = id;
  call.audit.requestId = id;
  if (def.name === "generate-from-brief") {
    call.outcomeNotes.push((outcome) => runKeyNote(idName, id, outcome));
  }
}
__name(keyStep, "keyStep");
var differs = /* @__PURE__ */ __name((given, sent) => given !== void 0 && given !== sent, "differs");
var droppedNote = /* @__PURE__ */ __name((idName) => `The ${idName} you sent was not used: adrails sets ${idName} itself, the same for the same change, so a repeat replays instead of doing it twice. Leave it out.`, "droppedNote");

// dist/guards/telemetry.js
var parents = /* @__PURE__ */ new WeakMap();
function traceParent(audit) {
  return parents.get(audit);
}
__name(traceParent, "traceParent");
var MAX_VALUE_CHARS = 8192;
var SENTENCE_FIELD = "hard_confirm_text";
function traceToolCall(tool, context, run, input) {
  const otel = otelApi();
  if (otel === void 0)
    return loadOtel().then(() => traceToolCall(tool, context, run, input));
  if (otel === null)
    return run();
  const started = performance.now();
  const parent = otel.context.active();
  const attributes = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": tool,
    "gen_ai.tool.type": "function"
  };
  if (context.toolCallId !== void 0) {
    attributes["gen_ai.tool.call.id"] = redact(String(context.toolCallId), input.apiKey);
  }
  const span = tracerOf(otel).startSpan(spanName(tool), { kind: otel.SpanKind.INTERNAL, attributes }, parent);
  const recording = span.isRecording();
  let running;
  if (recording) {
    const active = otel.trace.setSpan(parent, span);
    parents.set(input.audit, active);
    running = input.enter ? otel.context.with(active, run) : run();
  } else {
    running = run();
  }
  return running.then((result) => {
    const outcome = outcomeOf(result);
    count(otel, tool, outcome.name, started);
    if (recording) {
      annotate(span, result, outcome, input, context);
      if (outcome.error)
        span.setStatus({ code: otel.SpanStatusCode.ERROR, message: outcome.message });
      span.end();
    }
    return result;
  }, (error) => {
    const type = error instanceof Error ? error.name : typeof error;
    count(otel, tool, "fault", started);
    if (recording) {
      span.addEvent("exception", { "exception.type": type });
      span.setAttribute("error.type", type);
      span.setStatus({
        code: otel.SpanStatusCode.ERROR,
        message: "adrails failed while handling the call"
      });
      span.end();
    }
    throw error;
  });
}
__name(traceToolCall, "traceToolCall");
var spanNames = /* @__PURE__ */ new Map();
var MAX_SPAN_NAMES = 1024;
function spanName(tool) {
  let name = spanNames.get(tool);
  if (name === void 0) {
    name = `execute_tool ${tool}`;
    if (spanNames.size < MAX_SPAN_NAMES)
      spanNames.set(tool, name);
  }
  return name;
}
__name(spanName, "spanName");
function count(otel, tool, outcome, started) {
  const measured = instruments(otel);
  const attributes = { "gen_ai.tool.name": tool, "adrails.outcome": outcome };
  measured.calls.add(1, attributes);
  measured.duration.record((performance.now() - started) / 1e3, attributes);
}
__name(count, "count");
var OK = { name: "ok" };
function outcomeOf(result) {
  if (result.ok === true)
    return OK;
  if (result.ok === "partial") {
    return { name: "partial", error: "partial", message: "partial write (207): only part was applied" };
  }
  if ("blocked" in result) {
    return {
      name: "blocked",
      error: "refused",
      message: `refused by the ${result.blocked} guard; nothing sent`
    };
  }
  if (result.status === null)
    return { name: "no_answer", error: "no_answer", message: "no answer from the service" };
  if (result.status === 200) {
    return { name: "soft_failure", error: "soft_failure", message: "the service answered 200 with an error" };
  }
  return { name: "http_error", error: String(result.status), message: `HTTP ${result.status}` };
}
__name(outcomeOf, "outcomeOf");
function annotate(span, result, outcome, input, context) {
  const { apiKey, audit, log } = input;
  const attributes = { "adrails.outcome": outcome.name };
  if (result.status !== null)
    attributes["adrails.status"] = result.status;
  if ("blocked" in result)
    attributes["adrails.blocked"] = result.blocked;
  if (audit.requestId !== void 0)
    attributes["adrails.request_id"] = redact(audit.requestId, apiKey);
  if (audit.fingerprint !== void 0)
    attributes["adrails.fingerprint"] = audit.fingerprint;
  if (audit.rule !== void 0)
    attributes["adrails.rule"] = audit.rule;
  if (audit.ruleDecision !== void 0)
    attributes["adrails.rule_decision"] = audit.ruleDecision;
  if (log.length > 0)
    attributes["adrails.guard.decisions"] = log.map((d) => `${d.guard}:${d.decision}`);
  if (outcome.error)
    attributes["error.type"] = outcome.error;
  span.setAttributes(attributes);
  const answer = context.answer ? { answer: context.answer.approved ? "given" : "refused", via: context.answer.channel } : context.approval ? { answer: "given", via: context.approval.via } : context.denial ? { answer: "refused", via: context.denial.via } : context.unbound ? { answer: "unbound", via: context.unbound.via } : void 0;
  if (answer) {
    span.addEvent("adrails.approval", {
      "adrails.approval.answer": answer.answer,
      "adrails.approval.via": redact(String(answer.via), apiKey)
    });
  }
  if (input.telemetry?.recordValues) {
    if (input.input !== void 0)
      span.setAttribute("gen_ai.tool.call.arguments", valueText(input.input, apiKey));
    span.setAttribute("gen_ai.tool.call.result", valueText(result, apiKey));
  }
}
__name(annotate, "annotate");
function valueText(value, apiKey) {
  let text;
  try {
    text = JSON.stringify(value, (key, member) => key === SENTENCE_FIELD ? void 0 : member) ?? "null";
  } catch {
    text = '"[not serialisable]"';
  }
  const clean = redact(text, apiKey);
  return clean.length > MAX_VALUE_CHARS ? `${clean.slice(0, MAX_VALUE_CHARS)}\u2026[truncated]` : clean;
}
__name(valueText, "valueText");
function observedChannel(channel) {
  return async (request) => {
    const otel = otelApi();
    if (!otel)
      return channel(request);
    const span = otel.trace.getActiveSpan();
    const pending = instruments(otel).pending;
    span?.addEvent("adrails.approval", { "adrails.approval.answer": "asked" });
    pending.add(1, { "gen_ai.tool.name": request.tool });
    try {
      const decision = await channel(request);
      span?.addEvent("adrails.approval", {
        "adrails.approval.answer": decision?.approved === true ? "given" : "refused",
        "adrails.approval.via": "confirm"
      });
      return decision;
    } finally {
      pending.add(-1, { "gen_ai.tool.name": request.tool });
    }
  };
}
__name(observedChannel, "observedChannel");
var TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
async function withTraceContext(meta, fn) {
  if (meta === null || typeof meta !== "object")
    return fn();
  const carrier = meta;
  if (typeof carrier.traceparent !== "string")
    return fn();
  const known = otelApi();
  const otel = known === void 0 ? await loadOtel() : known;
  if (!otel)
    return fn();
  const active = otel.context.active();
  let extracted = otel.propagation.extract(active, carrier, {
    keys: /* @__PURE__ */ __name((c) => Object.keys(c), "keys"),
    get: /* @__PURE__ */ __name((c, key) => {
      const value = c[key];
      return typeof value === "string" ? value : void 0;
    }, "get")
  });
  if (!otel.trace.getSpanContext(extracted)) {
    const parsed = TRACEPARENT.exec(carrier.traceparent.trim().toLowerCase());
    if (!parsed || parsed[1] === "ff" || /^0+$/.test(parsed[2] ?? "") || /^0+$/.test(parsed[3] ?? "")) {
      return fn();
    }
    const state = typeof carrier.tracestate === "string" ? carrier.tracestate : void 0;
    extracted = otel.trace.setSpanContext(active, {
      traceId: parsed[2],
      spanId: parsed[3],
      traceFlags: Number.parseInt(parsed[4], 16) & 1,
      isRemote: true,
      ...state ? { traceState: otel.createTraceState(state) } : {}
    });
  }
  return otel.context.with(extracted, fn);
}
__name(withTraceContext, "withTraceContext");

// dist/guards/steps/send.js
var CLAIM_WAIT_MS = 3e4;
function sendStep(p, call) {
  const { def, body, ids, context } = call;
  const callOptions = {
    signal: context.signal,
    timeoutMs: context.timeoutMs,
    trace: traceParent(call.audit)
  };
  if (!def.idField || !ids)
    return p.o.client.call(def.name, body, callOptions);
  const sentId = String(body[def.idField.name]);
  const key = `${def.name}
${call.change}
${sentId}
${String(body[CONFIRM_FIELD] ?? "")}`;
  const pending = p.inflight.get(key);
  if (pending)
    return pending;
  const sending = (async () => {
    try {
      return await p.o.claims.exclusive(key, CLAIM_WAIT_MS, async () => {
        const outcome = await p.o.client.call(def.name, body, callOptions);
        try {
          await p.requestIds.settle(ids, outcome, sentId);
        } catch (error) {
          if (!(error instanceof StoreError))
            throw error;
          decide(call.log, "store", "modify", `the outcome was not recorded in the shared store (${error.store})`);
        }
        return outcome;
      }, context.signal);
    } finally {
      p.inflight.delete(key);
    }
  })();
  p.inflight.set(key, sending);
  return sending;
}
__name(sendStep, "sendStep");

// dist/guards/steps/shape.js
function shapeStep(p, call, outcome) {
  if (p.o.onOutcome)
    safely(p.o.onOutcome, redactDeep(outcome, p.o.apiKey), call.context.toolCallId);
  const idField = call.def.idField?.name;
  return shapeOutcome(outcome, {
    writes: call.def.effect === "write" || call.def.effect === "workflow",
    idField,
    // adrails sets every retry key itself (steps/key.ts).
    idDerived: idField !== void 0,
    notes: [...call.notes, ...call.outcomeNotes.map((note) => note(outcome))].filter((note) => note !== void 0)
  });
}
__name(shapeStep, "shapeStep");
function storeRefusal(call, error) {
  decide(call.log, "store", "refuse", `the shared store (${error.store}) failed`);
  return blocked("store", error.message, error.hint ?? `Nothing was sent: the shared store (${error.store}) that keeps approvals and retry keys is unavailable. Wait a little and call again with the same input; if it persists, tell the user the store needs attention.`, call.notes);
}
__name(storeRefusal, "storeRefusal");

// dist/guards/pipeline.js
var LAUNCH_SLACK_MS = 18e4;
var LAUNCH_WAIT_MS = 3e4;
var DEFAULT_SCOPE = "default";
function createCallPipeline(o) {
  const p = {
    o,
    instanceScope: DEFAULT_SCOPE,
    requestIds: createRequestIds(o.ids),
    inflight: /* @__PURE__ */ new Map()
  };
  async function guarded(tool, context, body, input, enter) {
    const started = Date.now();
    const log = [];
    const audit = {};
    let result;
    try {
      result = await traceToolCall(tool, context, () => body(log, audit), {
        log,
        audit,
        input,
        apiKey: o.apiKey,
        telemetry: o.telemetry,
        enter
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = {
        ok: false,
        status: null,
        error: `adrails failed while handling the call: ${message}`,
        hint: "This is a fault in the tool layer, not in your input. Tell the user; do not repeat the call.",
        retryable: false
      };
    }
    result = redactResult(result, o.apiKey);
    if (o.onEvent) {
      const event = {
        tool,
        ...context.toolCallId === void 0 ? {} : { toolCallId: context.toolCallId },
        ...audit.fingerprint === void 0 ? {} : { fingerprint: audit.fingerprint },
        ...audit.requestId === void 0 ? {} : { requestId: audit.requestId },
        decisions: log,
        status: result.status,
        ok: result.ok,
        durationMs: Date.now() - started,
        ...audit.account === void 0 ? {} : { account: audit.account },
        ...audit.rule === void 0 ? {} : { rule: audit.rule },
        ...audit.ruleDecision === void 0 ? {} : { ruleDecision: audit.ruleDecision }
      };
      safely(o.onEvent, redactDeep(event, o.apiKey));
    }
    return result;
  }
  __name(guarded, "guarded");
  async function run(def, schema, input, context, log, audit) {
    const redeemed = {};
    const result = await steps(def, schema, input, context, log, audit, redeemed);
    if (redeemed.id === void 0)
      return result;
    const shown = redactResult(result, o.apiKey);
    const stored = await settleRecorded(recordOptionsOf(p), redeemed.id, shown);
    if (stored?.channel === DESK_CHANNEL)
      await o.desk?.desk.settled?.(stored.id, shown).catch(() => {
      });
    return result;
  }
  __name(run, "run");
  async function steps(def, schema, input, context, log, audit, redeemed) {
    const prepared = prepare(def, schema, input, log, o.accountDefault);
    const denied = deniedStep(p, def, prepared, context, log, audit);
    if (denied)
      return denied;
    if (!prepared.ok)
      return prepared.result;
    const change = def.idField || def.needsPerson || o.onEvent ? changeOf(def, prepared.body) : "";
    if (change)
      audit.fingerprint = change;
    const call = {
      def,
      context,
      log,
      audit,
      body: prepared.body,
      change,
      notes: prepared.notes,
      outcomeNotes: [],
      givenId: prepared.givenId,
      redeemed
    };
    let outcome;
    let release;
    let ruled;
    let sent = false;
    try {
      const ruling = rulesStep(p, call);
      if (ruling) {
        ruled = await ruling;
        if (ruled.refusal)
          return ruled.refusal;
        call.ruleAsk = ruled.ask;
      }
      if (asksPerson(def) || call.ruleAsk) {
        if (o.launches && def.name === CONFIRM_TOOL && needsPerson(def, call.body)) {
          const key = launchKey(call.body.account_id, call.change);
          const handedIn = context.answer !== void 0 || context.approval !== void 0 || o.desk !== void 0 && (context.pending === true || !o.confirm);
          const waitMs = handedIn ? LAUNCH_WAIT_MS : 0;
          const taken = await o.launches.take(key, o.approvalTtlMs + LAUNCH_SLACK_MS, waitMs, context.signal);
          if (taken === null) {
            decide(log, "hard-confirmation", "refuse", "an identical ACTIVE push is being asked or launched");
            return launchBusy(call.notes);
          }
          release = taken;
        }
        const refused2 = await confirmStep(p, call);
        if (refused2)
          return refused2;
      }
      if (def.idField)
        await keyStep(p, call);
      outcome = await sendStep(p, call);
      sent = true;
      await o.live?.note(call, outcome);
    } catch (error) {
      if (error instanceof StoreError)
        return storeRefusal(call, error);
      throw error;
    } finally {
      await release?.();
      if (!sent)
        await ruled?.settle({ sent: false, launched: false });
    }
    const shaped = shapeStep(p, call, outcome);
    await ruled?.settle({ sent: true, launched: shaped.ok === true && needsPerson(def, call.body) });
    return shaped;
  }
  __name(steps, "steps");
  function confirmationFor(def, schema, input, where = {}) {
    try {
      const prepared = prepare(def, schema, input, [], o.accountDefault);
      if (!prepared.ok || !needsPerson(def, prepared.body))
        return null;
      const request = approvalRequest(def, prepared.body, changeOf(def, prepared.body), { callId: where.toolCallId, scope: scopeOf(p, where), askedAt: where.askedAt }, o.approvalTtlMs);
      return ruledRequest(p, request, o.rules?.preview(ruledOf(def, prepared.body)));
    } catch {
      return null;
    }
  }
  __name(confirmationFor, "confirmationFor");
  return {
    call: /* @__PURE__ */ __name((def, schema, input, context) => guarded(def.name, context, (log, audit) => run(def, schema, input, context, log, audit), input, asksPerson(def)), "call"),
    refuse: /* @__PURE__ */ __name((tool, context, refusal) => guarded(tool, context, async (log) => {
      const result = refusal();
      if (result.ok === false && "blocked" in result)
        decide(log, result.blocked, "refuse", result.error);
      return result;
    }), "refuse"),
    confirmationFor,
    async ask(def, schema, input, where = {}) {
      let prepared;
      try {
        prepared = prepare(def, schema, input, [], o.accountDefault);
      } catch {
        return null;
      }
      if (!prepared.ok || !needsPerson(def, prepared.body))
        return null;
      const finding = o.rules ? await o.rules.peek(ruledOf(def, prepared.body)) : void 0;
      if (finding && o.rules?.mode === "enforce")
        return null;
      const change = changeOf(def, prepared.body);
      const call = { def, body: prepared.body, change, context: where };
      const scope = where.requestScope ?? scopeOf(p, where);
      return recordRequest(recordOptionsOf(p), def, prepared.body, change, {
        callId: where.toolCallId,
        scope,
        channel: where.channel ?? "framework",
        ...where.shownAt === void 0 ? {} : { shownAt: where.shownAt },
        unknownSend: await unknownSendOf(p, call).catch(() => void 0),
        ...finding ? { annotate: /* @__PURE__ */ __name((request) => ruledRequest(p, request, finding) ?? request, "annotate") } : {}
      });
    },
    answer: /* @__PURE__ */ __name((request, decision, channel) => answerRequest(request, decision, channel, o.approvalSecret), "answer"),
    async respond(request, decision, channel) {
      const refused2 = await recordAnswer(recordOptionsOf(p), request.id, decision, channel);
      if (refused2 !== void 0)
        throw new Error(`The answer was not recorded: ${refused2}.`);
      return answerRequest(request, decision, channel, o.approvalSecret);
    },
    recorded: /* @__PURE__ */ __name((id) => recordedRequest(recordOptionsOf(p), id), "recorded"),
    pending: /* @__PURE__ */ __name((sessionId, page) => pendingRequests(recordOptionsOf(p), sessionId === void 0 ? void 0 : scopeOf(p, { sessionId }), page), "pending"),
    async awaitApproval(approvalId, options, call) {
      const records = o.desk ? { ...recordOptionsOf(p), ttlMs: o.desk.ttlMs } : recordOptionsOf(p);
      try {
        return redactResult(await awaitRecorded({ records, desk: o.desk, call }, approvalId, options), o.apiKey);
      } catch (error) {
        const message = error instanceof StoreError ? `${error.store} is unavailable` : String(error);
        return {
          ok: false,
          status: null,
          error: `The approval could not be awaited: ${message}. Nothing was sent by this await.`,
          hint: "Call await-approval again in a moment.",
          retryable: true
        };
      }
    }
  };
}
__name(createCallPipeline, "createCallPipeline");
function asksPerson(def) {
  return def.needsPerson !== void 0 || def.name === "creative-loop";
}
__name(asksPerson, "asksPerson");

// dist/guards/shared.js
var LEDGER_TTL_MS = 7 * 24 * 36e5;
function storeApprovalLedger(store) {
  return { consume: /* @__PURE__ */ __name((id, expiresAt) => store.consume(id, expiresAt), "consume") };
}
__name(storeApprovalLedger, "storeApprovalLedger");
function storeAskLedger(store) {
  return {
    async record(slot, fingerprint2, ttlMs) {
      const shown = await store.pinned(slot);
      if (shown === fingerprint2)
        return;
      if (shown !== null)
        await store.unpin(slot, shown);
      await store.pin(slot, fingerprint2, ttlMs);
    },
    recorded: /* @__PURE__ */ __name((slot) => store.pinned(slot), "recorded")
  };
}
__name(storeAskLedger, "storeAskLedger");
function storeIdLedger(store, ttlMs = LEDGER_TTL_MS) {
  const local = memoryIdLedger();
  return {
    generation: /* @__PURE__ */ __name((slot) => store.generation(slot), "generation"),
    bump: /* @__PURE__ */ __name((slot, from) => store.bumpGeneration(slot, from, ttlMs), "bump"),
    async pinned(slot) {
      const [shared, own] = await Promise.all([store.pinned(slot), local.pinned(slot)]);
      return shared ?? own;
    },
    async pin(slot, id) {
      await local.pin(slot, id);
      await store.pin(slot, id, ttlMs);
    },
    async unpin(slot, id) {
      await local.unpin(slot, id);
      await store.unpin(slot, id);
    }
  };
}
__name(storeIdLedger, "storeIdLedger");
var POLL_MS3 = 25;
function storeSendClaims(store) {
  return {
    async exclusive(key, waitMs, send, signal) {
      const deadline = Date.now() + waitMs;
      let token = await store.claim(key, waitMs);
      while (token === null && Date.now() < deadline && !signal?.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS3));
        token = await store.claim(key, waitMs);
      }
      try {
        return await send();
      } finally {
        if (token !== null)
          await store.release(key, token).catch(() => {
          });
      }
    }
  };
}
__name(storeSendClaims, "storeSendClaims");

// dist/plans.js
var MAX_PLAN_PAYLOADS = 50;
var refused = /* @__PURE__ */ __name((error, hint, more = {}) => ({ ok: false, blocked: "validation", error, hint, ...more }), "refused");
var NOTHING_ASKED = "Nothing was asked and nothing was sent. Fix the plan and ask again.";
async function askMany(deps, name, inputs, options) {
  const found = deps.find(String(name));
  if (!found) {
    return refused(`No tool named "${String(name)}" is offered by this toolkit.`, "Nothing was asked. Name a tool in the toolkit's scope.", { blocked: "scope" });
  }
  const { tool, def, schema } = found;
  if (typeof options?.channel !== "function") {
    return refused("askMany needs a channel that shows the plan to a person (options.channel).", "Pass a PlanChannel, e.g. inboxPlans(inbox) from adrails/inbox.");
  }
  if (!Array.isArray(inputs) || inputs.length === 0) {
    return refused("The plan is empty: it lists no payload.", "Nothing was asked. List at least one payload.");
  }
  if (inputs.length > MAX_PLAN_PAYLOADS) {
    return refused(`The plan lists ${inputs.length} payloads; at most ${MAX_PLAN_PAYLOADS} can be approved as one.`, `Nothing was asked. Split it into plans of at most ${MAX_PLAN_PAYLOADS}.`);
  }
  const seen = /* @__PURE__ */ new Map();
  let firstAccount;
  for (const [i, input] of inputs.entries()) {
    const n = i + 1;
    const prepared = prepare(def, schema, input, [], deps.accountDefault);
    if (!prepared.ok) {
      const error = "error" in prepared.result ? prepared.result.error : "invalid input";
      return refused(`Payload ${n} of the plan is not valid: ${error}`, NOTHING_ASKED, { index: n });
    }
    if (!needsPerson(def, prepared.body)) {
      return refused(`Payload ${n} of the plan needs no person's approval (for ${def.name}, only what can start spending money does, e.g. status ACTIVE): a plan lists only payloads that need one.`, "Nothing was asked. Send that payload with a plain call, and leave it out of the plan.", { index: n });
    }
    const account = typeof prepared.body.account_id === "string" ? prepared.body.account_id : void 0;
    if (i === 0)
      firstAccount = account;
    else if (account !== firstAccount) {
      return refused(`Payload ${n} of the plan is for account ${account ?? "(none)"}, payload 1 for ${firstAccount ?? "(none)"}: a plan is for one account.`, "Nothing was asked. Make one plan per account.", { index: n });
    }
    const change = changeOf(def, prepared.body);
    const first = seen.get(change);
    if (first !== void 0) {
      return refused(`Payloads ${first} and ${n} of the plan are the same payload (fingerprint ${change}): a plan lists each exact payload once.`, "Nothing was asked. Remove the duplicate; each payload of a plan is sent once.", { index: n });
    }
    seen.set(change, n);
  }
  const id = `pln_${randomId().replaceAll("-", "").slice(0, 24)}`;
  const channelName = options.channelName ?? "plan";
  const requests = [];
  try {
    for (const [i, input] of inputs.entries()) {
      const request = await tool.ask(input, {
        ...options.sessionId === void 0 ? {} : { sessionId: options.sessionId },
        toolCallId: `${id}/${i + 1}`,
        channel: channelName,
        shownAt: `plan ${id}`
      });
      if (!request) {
        return refused(`Payload ${i + 1} of the plan cannot be put to a person: a money rule refuses it, it names an account outside the toolkit's, or the toolkit cannot send (no API key or base URL).`, "Nothing was approved and nothing was sent. Call that payload alone to read why, or leave it out.", { blocked: "hard-confirmation", index: i + 1 });
      }
      requests.push(request);
    }
  } catch (error) {
    return storeRefusal2(error, "recorded");
  }
  const plan = planRequest(id, def.name, requests);
  const decision = await decide2(options, plan);
  const ids = requests.map((r) => r.id);
  const named = requests.findIndex((r) => r.previousLive || r.possiblyLive);
  const prewritten = decision.approved === true && decision.prewritten === true;
  if (decision.approved !== true && decision.undecided === true) {
    return refused(`Nobody approved the plan of ${requests.length} ${def.name} calls: ${decision.reason ?? "no decision"}.`, "Nothing was sent. This is not a decline: ask again (a new plan) when a person can answer.", { blocked: "hard-confirmation", id });
  }
  if (decision.approved !== true || prewritten && named >= 0) {
    const reason = decision.approved === true ? `a confirmation written before the plan was shown cannot approve it: payload ${named + 1} names an identical ad that is or may be live` : typeof decision.reason === "string" && decision.reason.trim() !== "" ? decision.reason.trim() : "no reason given";
    await recordAnswers(deps.records, ids, { approved: false, reason }, channelName).catch(() => {
    });
    return refused(`The plan of ${requests.length} ${def.name} calls was not approved: ${reason}.`, "Nothing was sent. Do not ask again unchanged; ask the person what to change.", { blocked: "hard-confirmation", id, declined: decision.approved !== true });
  }
  try {
    const why = await recordAnswers(deps.records, ids, decision, channelName);
    if (why !== void 0) {
      return refused(`The person approved plan ${id}, but the approval could not be recorded for all of its payloads (${why}), so none of them is approved.`, "Nothing was sent. Ask again with a new plan.", { blocked: "hard-confirmation", id });
    }
  } catch (error) {
    return storeRefusal2(error, "approved", id);
  }
  return approvedPlan(deps, found, plan, options, channelName, decision.text);
}
__name(askMany, "askMany");
function planRequest(id, tool, requests) {
  const account = requests[0]?.account;
  const expiresAt = Math.min(...requests.map((r) => r.expiresAt));
  const warned = requests.flatMap((r, i) => r.previousLive || r.possiblyLive || r.rule ? [i + 1] : []);
  const warning = warned.length > 0 ? `Read payload${warned.length > 1 ? "s" : ""} ${warned.join(", ")} first: each names an identical ad that is or may be live, or a money rule. ` : "";
  return {
    id,
    tool,
    fingerprint: digest(canonicalJson(["adrails-plan-1", tool, requests.map((r) => r.fingerprint)])),
    ...account === void 0 ? {} : { account },
    askedAt: Math.min(...requests.map((r) => r.askedAt)),
    expiresAt,
    summary: {
      tool,
      description: `A plan of ${requests.length} ${tool} calls, approved or declined as one.`,
      arguments: { payloads: requests.map((r) => r.summary) }
    },
    message: `${warning}A plan of ${requests.length} ${tool} calls${account === void 0 ? "" : ` on ${account}`}: approving lets each of these ${requests.length} exact payloads be sent once, before ${new Date(expiresAt).toISOString()}; declining sends none. Any other payload still needs its own approval.`,
    plan: { id, requests }
  };
}
__name(planRequest, "planRequest");
async function decide2(options, plan) {
  const none = /* @__PURE__ */ __name((reason) => ({ approved: false, reason, undecided: true }), "none");
  if (options.signal?.aborted)
    return none("the ask was cancelled");
  try {
    const decision = await options.channel(plan, options.signal);
    if (options.signal?.aborted && decision?.approved === true)
      return none("the ask was cancelled");
    if (decision && typeof decision === "object" && typeof decision.approved === "boolean")
      return decision;
    return none("the plan channel gave no decision");
  } catch (error) {
    return none(`the plan channel failed (${messageOf(error)})`);
  }
}
__name(decide2, "decide");
function approvedPlan(deps, { tool, def, schema }, plan, options, channelName, text) {
  const byChange = new Map(plan.plan.requests.map((r) => [r.fingerprint, r]));
  return Object.freeze({
    ok: true,
    id: plan.id,
    tool: def.name,
    requests: Object.freeze([...plan.plan.requests]),
    expiresAt: plan.expiresAt,
    call(input, given = {}) {
      const { answer: _a, approval: _b, ...rest } = given;
      const context = {
        ...rest,
        ...options.sessionId === void 0 ? {} : { sessionId: options.sessionId }
      };
      const prepared = prepare(def, schema, input, [], deps.accountDefault);
      if (!prepared.ok)
        return deps.refuse(tool.name, context, () => prepared.result);
      const change = changeOf(def, prepared.body);
      const request = byChange.get(change);
      if (!request) {
        return deps.refuse(tool.name, context, () => blocked("hard-confirmation", `This ${def.name} payload (fingerprint ${change}) is not in plan ${plan.id}: the plan approves only its ${byChange.size} exact payloads, each once.`, "Nothing was sent. Send only the payloads the person approved, unchanged, or ask for this one on its own."));
      }
      return tool.call(input, {
        ...context,
        toolCallId: request.callId,
        answer: tool.answer(request, { approved: true, text }, channelName)
      });
    }
  });
}
__name(approvedPlan, "approvedPlan");
function storeRefusal2(error, what, id) {
  return refused(`The plan could not be ${what}: the store failed (${messageOf(error)}).`, "Nothing was sent. Try again when the store is reachable.", { blocked: "store", ...id === void 0 ? {} : { id } });
}
__name(storeRefusal2, "storeRefusal");
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
__name(messageOf, "messageOf");

// dist/toolkit.js
var DEFAULT_APPROVAL_TTL_MS = 5 * 6e4;
var DEFAULT_PENDING_TTL_MS = 60 * 6e4;
var MIN_RESULT_CHARS = 200;
function createAdTools(options = {}) {
  const apiKey = options.apiKey ?? process.env.ADRAILS_API_KEY ?? "";
  const accountDefault = options.accountId;
  const baseUrl = options.baseUrl ?? process.env.ADRAILS_BASE_URL ?? "";
  const kit = composeToolkit(options, {
    name: "createAdTools",
    client: createClient({
      apiKey,
      baseUrl: options.baseUrl,
      timeouts: options.timeouts,
      retry: options.retry,
      rateLimit: options.rateLimit,
      writeBudget: options.writeBudget,
      store: options.store,
      dispatcher: options.dispatcher
    }),
    secret: apiKey,
    base: baseUrl,
    principal: apiKey,
    // Fixed for the toolkit's life: with no key or base URL nothing can be sent, so nobody is asked
    // to approve a call (the call answers with what is missing instead).
    unsendable: configProblem(apiKey, baseUrl.replace(/\/+$/, ""))
  });
  const selected = selectTools(offeredTools, options);
  const note = accountNote(selected, options);
  const tools = selected.map((def) => {
    let schema;
    let shown;
    const checked = /* @__PURE__ */ __name(() => {
      schema ??= modelSchema(def, { accountDefault });
      return schema;
    }, "checked");
    return kit.makeTool({
      name: def.name,
      def,
      // Which account an omitted account_id means is said once, on one tool.
      description: note?.tool === def.name ? `${def.description} ${note.text}` : def.description,
      get schema() {
        return checked();
      },
      get shown() {
        shown ??= options.hideAccountId ? modelSchema(def, { accountDefault, hideAccountId: true }) : checked();
        return shown;
      }
    });
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const call = /* @__PURE__ */ __name((name, input, context = {}) => {
    const tool = byName.get(name);
    if (tool)
      return tool.call(input, context);
    return kit.pipeline.refuse(String(name), context, () => {
      const refusal = scopeRefusal(String(name), getTool(String(name)), options);
      return blocked(refusal.blocked, refusal.error, refusal.hint);
    });
  }, "call");
  return Object.freeze({
    tools: Object.freeze(tools),
    get: /* @__PURE__ */ __name((name) => byName.get(name), "get"),
    call,
    ...kit.surface(call)
  });
}
__name(createAdTools, "createAdTools");
function composeToolkit(options, wire) {
  const accountDefault = options.accountId;
  const { unsendable } = wire;
  const maxChars = Math.max(MIN_RESULT_CHARS, options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS);
  const identity = keyIdentity(wire.base, wire.principal);
  const shared = keyScoped(options.store ?? memoryStore(), identity);
  const rules = options.rules === void 0 ? void 0 : parseRules(options.rules, `${wire.name} rules`);
  const approvalTtlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  const pipeline = createCallPipeline({
    client: wire.client,
    apiKey: wire.secret,
    accountDefault,
    approvalTtlMs,
    approvals: storeApprovalLedger(shared),
    records: shared,
    asks: storeAskLedger(shared),
    approvalSecret: options.approvalSecret,
    ids: storeIdLedger(shared),
    claims: storeSendClaims(shared),
    live: createLiveLedger(shared, wire.principal),
    launches: storeLaunchClaims(shared),
    ...rules ? { rules: createRulesStep(rules, { store: shared, identity, approvalTtlMs }) } : {},
    confirm: options.confirm && observedChannel(options.confirm),
    ...options.desk ? { desk: { desk: options.desk, ttlMs: options.pendingTtlMs ?? DEFAULT_PENDING_TTL_MS } } : {},
    onUnconfirmedActive: options.onUnconfirmedActive,
    onEvent: options.onEvent,
    onOutcome: options.onOutcome,
    sessionId: options.sessionId,
    telemetry: options.telemetry
  });
  const planTools = /* @__PURE__ */ new Map();
  function makeTool(entry) {
    const { name, def, description } = entry;
    const tool = {
      name,
      group: def.group,
      definition: def,
      description,
      get inputSchema() {
        return entry.shown;
      },
      // Nobody is asked to approve what cannot be sent (no key or base URL), nor a call that names
      // another account than the hidden one.
      needsConfirmation: /* @__PURE__ */ __name((input) => !unsendable && !hiddenAccountRefusal(def, input, options) && pipeline.confirmationFor(def, entry.schema, input) !== null, "needsConfirmation"),
      confirmationRequest: /* @__PURE__ */ __name((input, where) => unsendable || hiddenAccountRefusal(def, input, options) ? null : pipeline.confirmationFor(def, entry.schema, input, where), "confirmationRequest"),
      ask: /* @__PURE__ */ __name((input, where) => unsendable || hiddenAccountRefusal(def, input, options) ? Promise.resolve(null) : pipeline.ask(def, entry.schema, input, where), "ask"),
      answer: /* @__PURE__ */ __name((request, decision, channel) => pipeline.answer(request, decision, channel), "answer"),
      respond: /* @__PURE__ */ __name((request, decision, channel) => pipeline.respond(request, decision, channel), "respond"),
      recorded: /* @__PURE__ */ __name((id) => pipeline.recorded(id), "recorded"),
      call: /* @__PURE__ */ __name((input, context = {}) => {
        const refusal = hiddenAccountRefusal(def, input, options);
        if (refusal)
          return pipeline.refuse(name, context, () => blocked("scope", refusal.error, refusal.hint));
        if (unsendable && pipeline.confirmationFor(def, entry.schema, input) !== null) {
          return pipeline.refuse(name, context, () => notSendable(def.name, unsendable));
        }
        return pipeline.call(def, entry.schema, input, context);
      }, "call")
    };
    planTools.set(name, {
      tool,
      def,
      get schema() {
        return entry.schema;
      }
    });
    return Object.freeze(tool);
  }
  __name(makeTool, "makeTool");
  const { apiKey: _secret, approvalSecret: _signing, ...shown } = options;
  const frozen = Object.freeze(shown);
  const modelText = /* @__PURE__ */ __name((result) => toModelText(result, maxChars), "modelText");
  const composed = {
    pipeline,
    makeTool,
    surface: /* @__PURE__ */ __name((call) => ({
      toModelText: modelText,
      pendingApprovals: /* @__PURE__ */ __name((sessionId, page) => pipeline.pending(sessionId, page), "pendingApprovals"),
      askMany: composed.askMany,
      awaitApproval: /* @__PURE__ */ __name((approvalId, awaitOptions) => pipeline.awaitApproval(approvalId, awaitOptions, call), "awaitApproval"),
      options: frozen
    }), "surface"),
    askMany: /* @__PURE__ */ __name((tool, inputs, planOptions) => askMany({
      find: /* @__PURE__ */ __name((name) => planTools.get(name), "find"),
      records: { records: shared, ttlMs: approvalTtlMs, secret: options.approvalSecret },
      accountDefault,
      refuse: pipeline.refuse
    }, tool, inputs, planOptions), "askMany")
  };
  return composed;
}
__name(composeToolkit, "composeToolkit");
function notSendable(tool, problem) {
  return shapeOutcome({
    kind: "network-error",
    status: null,
    error: problem,
    cause: "config",
    tool,
    attempts: 0,
    durationMs: 0
  }, { writes: true, notes: [] });
}
__name(notSendable, "notSendable");

export {
  bindDecision,
  CONFIRM_FIELD,
  modelSchema,
  clampNote,
  createClient,
  isWellFormedKey,
  MALFORMED_KEY,
  PACKS,
  PACK_NAMES,
  accountNote,
  MAX_PLAN_PAYLOADS,
  CONFIRM_TOOL,
  needsHardConfirmation,
  askChannel,
  answerRequest,
  readAnswer,
  withTraceContext,
  createAdTools,
  composeToolkit
};
