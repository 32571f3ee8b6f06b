import {
  AWAIT_APPROVAL,
  awaitApprovalTool,
  runAwaitApproval
} from "./chunk-XCJFUJ3F.js";
import {
  FIND_TOOLS,
  createToolDiscovery
} from "./chunk-KTFO7BLR.js";
import {
  adapterFault,
  isErrorResult,
  providerSchema,
  resolveToolkit
} from "./chunk-NHHJSMJV.js";
import {
  CONFIRM_TOOL,
  withTraceContext
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/mcp/elicitation.js
import { createRequestStateCodec, inputRequired, inputResponse, SdkError, SdkErrorCode } from "@modelcontextprotocol/server";

// dist/mcp/capabilities.js
import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
var TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
function callerCan(ctx, declared) {
  const envelope = ctx.mcpReq.envelope;
  const modern = envelope?.[PROTOCOL_VERSION_META_KEY] !== void 0;
  const capabilities = modern ? envelope?.[CLIENT_CAPABILITIES_META_KEY] : declared;
  const elicitation = objectOr(capabilities?.elicitation);
  const extensions = objectOr(capabilities?.extensions);
  return {
    modern,
    // Form mode is declared by `elicitation.form`, or by an elicitation capability naming no mode.
    form: elicitation !== void 0 && (elicitation.form !== void 0 || elicitation.url === void 0),
    url: elicitation?.url !== void 0,
    tasks: extensions?.[TASKS_EXTENSION] !== void 0
  };
}
__name(callerCan, "callerCan");
function objectOr(value) {
  return value !== null && typeof value === "object" ? value : void 0;
}
__name(objectOr, "objectOr");

// dist/mcp/elicitation.js
var ELICITATION_VIA = "mcp-elicitation";
var INPUT_KEY = "confirm";
var FIELD = "confirmation";
function createElicitation(options) {
  const codec = createRequestStateCodec({
    key: options.key,
    ttlSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1e3))
  });
  async function askModern(request, answering, ctx) {
    const state = ctx.mcpReq.requestState();
    const answer = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
    if (typeof state === "string" && answer.kind === "elicit") {
      const pending2 = await codec.verify(state, ctx).catch(() => void 0);
      if (pending2 !== void 0 && pending2.request.tool === request.tool && pending2.seen === seenIn(request)) {
        return decide(answer, pending2.request, answering);
      }
    }
    const seen = seenIn(request);
    const pending = seen === void 0 ? { request } : { request, seen };
    return {
      kind: "input-required",
      result: inputRequired({
        inputRequests: { [INPUT_KEY]: inputRequired.elicit(form(request)) },
        requestState: await codec.mint(pending)
      })
    };
  }
  __name(askModern, "askModern");
  async function askLegacy(request, answering, ctx) {
    const no = /* @__PURE__ */ __name((reason) => ({
      kind: "answered",
      answer: answering(request, { approved: false, reason })
    }), "no");
    try {
      const answer = await ctx.mcpReq.elicitInput(form(request), {
        timeout: options.timeoutMs,
        signal: ctx.mcpReq.signal
      });
      return decide({ action: answer.action, content: answer.content }, request, answering);
    } catch (error) {
      if (ctx.mcpReq.signal.aborted)
        return no("the call was cancelled while the form was open");
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        return no(`no answer within ${seconds(options.timeoutMs)}`);
      }
      return no("the form came back without a valid confirmation sentence");
    }
  }
  __name(askLegacy, "askLegacy");
  return {
    ask(request, answering, ctx, clientCapabilities) {
      const can = callerCan(ctx, clientCapabilities);
      if (!can.form)
        return Promise.resolve({ kind: "unavailable" });
      return can.modern ? askModern(request, answering, ctx) : askLegacy(request, answering, ctx);
    }
  };
}
__name(createElicitation, "createElicitation");
var seenIn = /* @__PURE__ */ __name((request) => request.previousLive?.adId, "seenIn");
function form(request) {
  return {
    mode: "form",
    message: `${request.message}
To let it go live, write a sentence confirming it. Decline to send nothing.`,
    requestedSchema: {
      type: "object",
      properties: {
        [FIELD]: {
          type: "string",
          title: "Your confirmation",
          description: "In your own words, e.g. I approve this ad going live today.",
          minLength: 1,
          maxLength: 500
        }
      },
      required: [FIELD]
    }
  };
}
__name(form, "form");
function decide(answer, request, answering) {
  const answered = /* @__PURE__ */ __name((decision) => ({
    kind: "answered",
    answer: answering(request, decision)
  }), "answered");
  if (answer.action === "decline")
    return answered({ approved: false });
  if (answer.action !== "accept") {
    return answered({ approved: false, reason: "the confirmation form was closed without an answer" });
  }
  const text = answer.content?.[FIELD];
  if (typeof text !== "string" || text.trim() === "") {
    return answered({ approved: false, reason: "accepted without writing a confirmation sentence" });
  }
  return answered({ approved: true, text: text.trim() });
}
__name(decide, "decide");
var seconds = /* @__PURE__ */ __name((ms) => ms < 1e3 ? `${ms} ms` : `${Math.round(ms / 1e3)} s`, "seconds");

// dist/mcp/server.js
import { randomBytes as randomBytes2 } from "node:crypto";
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/server";

// dist/mcp/call-result.js
function toCallToolResult(toolkit, result2) {
  return {
    content: [{ type: "text", text: toolkit.toModelText(result2) }],
    structuredContent: result2,
    isError: isErrorResult(result2)
  };
}
__name(toCallToolResult, "toCallToolResult");

// dist/mcp/hold.js
var isPending = /* @__PURE__ */ __name((result2) => result2.ok === "pending", "isPending");
var PROGRESS_EVERY_MS = 1e4;
var MAX_HOLD_MS = 5e4;
async function withProgress(ctx, waitMs, work, everyMs = PROGRESS_EVERY_MS) {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === void 0)
    return work();
  const started = Date.now();
  const total = Math.round(Math.min(waitMs, MAX_HOLD_MS) / 1e3);
  const tick = setInterval(() => {
    const progress = Math.round((Date.now() - started) / 1e3);
    ctx.mcpReq.notify({
      method: "notifications/progress",
      params: {
        progressToken: token,
        progress,
        total,
        message: `Waiting for a person's decision in the approval inbox (${progress} s of up to ${total} s).`
      }
    }).catch(() => {
    });
  }, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(tick);
  }
}
__name(withProgress, "withProgress");
function holdForDecision(toolkit, approvalId, ctx, waitMs, progressEveryMs) {
  const ms = Math.min(waitMs, MAX_HOLD_MS);
  return withProgress(ctx, ms, () => toolkit.awaitApproval(approvalId, { waitMs: ms, signal: ctx.mcpReq.signal }), progressEveryMs);
}
__name(holdForDecision, "holdForDecision");
function withNote(result2, note) {
  return { ...result2, note: result2.note ? `${result2.note} ${note}` : note };
}
__name(withNote, "withNote");

// dist/mcp/await-tool.js
var TITLE = "Await approval";
var ANNOTATIONS = { idempotentHint: true };
function registerAwaitApproval(server, toolkit, progressEveryMs) {
  const tool = awaitApprovalTool;
  server.registerTool(AWAIT_APPROVAL, {
    title: TITLE,
    description: tool.description,
    inputSchema: anyInput(tool.inputSchema),
    annotations: ANNOTATIONS
  }, async (args, ctx) => {
    let result2;
    try {
      result2 = await withProgress(ctx, holdMs(args), () => runAwaitApproval(toolkit, args, { signal: ctx.mcpReq.signal }), progressEveryMs);
    } catch {
      result2 = adapterFault(AWAIT_APPROVAL);
    }
    return toCallToolResult(toolkit, result2);
  });
  return {
    name: AWAIT_APPROVAL,
    title: TITLE,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: ANNOTATIONS
  };
}
__name(registerAwaitApproval, "registerAwaitApproval");
function holdMs(args) {
  const wait = args?.wait_s;
  const seconds2 = typeof wait === "number" && Number.isFinite(wait) ? Math.min(50, Math.max(1, wait)) : 25;
  return seconds2 * 1e3;
}
__name(holdMs, "holdMs");
function anyInput(schema) {
  const json = /* @__PURE__ */ __name(() => schema, "json");
  return {
    "~standard": {
      version: 1,
      vendor: "adrails",
      validate: /* @__PURE__ */ __name((value) => ({ value }), "validate"),
      jsonSchema: { input: json, output: json }
    }
  };
}
__name(anyInput, "anyInput");

// dist/mcp/url-elicitation.js
import { createRequestStateCodec as createRequestStateCodec2, inputRequired as inputRequired2, inputResponse as inputResponse2 } from "@modelcontextprotocol/server";
var INPUT_KEY2 = "inbox";
var HOLD_MS = 25e3;
var inboxMessage = /* @__PURE__ */ __name((request) => `${request.message}
Open the approval inbox to approve or decline this exact ad. Nothing is sent until a person approves it there.`, "inboxMessage");
function createUrlElicitation(toolkit, server, options) {
  const codec = createRequestStateCodec2({
    key: options.key,
    ttlSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1e3))
  });
  async function answered(action, pending, ctx, holdMs2) {
    if (action !== "accept") {
      return withNote(pending, `The person did not open the approval page (${action === "decline" ? "declined" : "dismissed"} in the host). Nothing was sent; the request stays open in the inbox until ${pending.expires_at}.`);
    }
    const result2 = await holdForDecision(toolkit, pending.approval_id, ctx, holdMs2, options.progressEveryMs);
    return isPending(result2) ? withNote(result2, "The person has not decided in the approval inbox yet: nothing was sent. Call await-approval with this approval_id to wait for the decision.") : result2;
  }
  __name(answered, "answered");
  return {
    async ask(pending, request, ctx, modern) {
      if (modern) {
        return inputRequired2({
          inputRequests: {
            [INPUT_KEY2]: inputRequired2.elicitUrl({
              message: inboxMessage(request),
              url: pending.approve_url
            })
          },
          requestState: await codec.mint({ approvalId: pending.approval_id, tool: request.tool })
        });
      }
      const started = Date.now();
      let action;
      try {
        const answer = await ctx.mcpReq.elicitInput({
          mode: "url",
          message: inboxMessage(request),
          url: pending.approve_url,
          elicitationId: pending.approval_id
        }, { timeout: options.timeoutMs, signal: ctx.mcpReq.signal });
        action = answer.action;
      } catch {
        return withNote(pending, `The host did not answer the request to open the approval page. Nothing was sent; the request stays open in the inbox until ${pending.expires_at}.`);
      }
      const left = Math.max(1e3, MAX_HOLD_MS - (Date.now() - started));
      const result2 = await answered(action, pending, ctx, Math.min(HOLD_MS, left));
      if (!isPending(result2)) {
        await server.server.createElicitationCompletionNotifier(pending.approval_id)().catch(() => {
        });
      }
      return result2;
    },
    async resume(tool, ctx) {
      const state = ctx.mcpReq.requestState();
      const answer = inputResponse2(ctx.mcpReq.inputResponses, INPUT_KEY2);
      if (typeof state !== "string" || answer.kind !== "elicit")
        return void 0;
      const resumed = await codec.verify(state, ctx).catch(() => void 0);
      if (resumed === void 0 || resumed.tool !== tool)
        return void 0;
      const now = await toolkit.awaitApproval(resumed.approvalId, { waitMs: 0 });
      if (!isPending(now))
        return now;
      return answered(answer.action, now, ctx, HOLD_MS);
    }
  };
}
__name(createUrlElicitation, "createUrlElicitation");

// dist/mcp/negotiate.js
var NO_PERSON_NOTE = "This MCP host cannot ask the person to confirm (no MCP form elicitation), and this adrails MCP server has no approval inbox. Create the ad PAUSED, or have the person start `adrails inbox --redis URL` and restart `adrails mcp` with `--inbox-url URL --redis URL` (or ADRAILS_INBOX_URL and ADRAILS_REDIS_URL), or use a host with MCP form elicitation.";
var result = /* @__PURE__ */ __name((value) => ({ kind: "result", result: value }), "result");
async function negotiate(toolkit, adTool, paths, declared, sessionId, args, ctx) {
  const context = {
    signal: ctx.mcpReq.signal,
    toolCallId: String(ctx.mcpReq.id),
    // Not the transport's session: a host that reconnects after a dropped answer must get the same
    // request ids, so its retry replays instead of writing twice.
    ...sessionId === void 0 ? {} : { sessionId }
  };
  const where = sessionId === void 0 ? {} : { sessionId };
  const can = callerCan(ctx, declared);
  if (paths.url && can.modern && can.url) {
    const resumed = await paths.url.resume(adTool.name, ctx);
    if (resumed)
      return result(resumed);
  }
  const hasDesk = toolkit.options.desk !== void 0;
  if (hasDesk && !can.form) {
    const pending = await adTool.call(args, { ...context, pending: true });
    if (!isPending(pending))
      return result(pending);
    const request2 = await adTool.recorded(pending.approval_id).catch(() => null);
    if (!request2)
      return result(pending);
    if (paths.url && can.url) {
      const asked = await paths.url.ask(pending, request2, ctx, can.modern);
      return "resultType" in asked && asked.resultType === "input_required" ? { kind: "input-required", result: asked } : result(asked);
    }
    if (paths.tasks && can.tasks) {
      const task = await paths.tasks.create(pending, inboxMessage(request2)).catch(() => void 0);
      if (task)
        return { kind: "task", result: task };
    }
    return result(pending);
  }
  const request = toolkit.options.confirm !== void 0 ? null : await adTool.ask(args, where);
  if (!request)
    return result(await adTool.call(args, context));
  if (can.form)
    return form2(adTool, paths.form, request, args, context, where, ctx, declared);
  const refused = await adTool.call(args, context);
  return result("blocked" in refused && refused.blocked === "hard-confirmation" ? withNote(refused, NO_PERSON_NOTE) : refused);
}
__name(negotiate, "negotiate");
async function form2(adTool, elicitation, first, args, context, where, ctx, declared) {
  let request = first;
  const answering = /* @__PURE__ */ __name((shown, decision) => adTool.answer(shown, decision, ELICITATION_VIA), "answering");
  let asked = await elicitation.ask(request, answering, ctx, declared);
  for (let round = 0; asked.kind === "answered" && asked.answer.approved && round < 2; round++) {
    const now = await adTool.ask(args, where);
    if (now === null || seenIn(now) === seenIn(request))
      break;
    request = now;
    asked = await elicitation.ask(request, answering, ctx, declared);
  }
  if (asked.kind === "input-required")
    return { kind: "input-required", result: asked.result };
  if (asked.kind === "answered")
    return result(await adTool.call(args, { ...context, answer: asked.answer }));
  const refused = await adTool.call(args, context);
  return result("blocked" in refused && refused.blocked === "hard-confirmation" ? withNote(refused, NO_PERSON_NOTE) : refused);
}
__name(form2, "form");

// dist/mcp/tasks.js
import { randomBytes } from "node:crypto";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { z } from "zod";
var POLL_MS = 5e3;
var PREFIX = "mcp-task:";
var KEEP_AFTER_EXPIRY_MS = 36e5;
var inMemory = /* @__PURE__ */ new WeakMap();
function taskRecords(toolkit) {
  const store = toolkit.options.store;
  if (store) {
    return {
      put: /* @__PURE__ */ __name((taskId, record, ttlMs) => store.pin(PREFIX + taskId, JSON.stringify(record), ttlMs), "put"),
      get: /* @__PURE__ */ __name(async (taskId) => parse(await store.pinned(PREFIX + taskId)), "get")
    };
  }
  let map = inMemory.get(toolkit);
  if (!map) {
    map = /* @__PURE__ */ new Map();
    inMemory.set(toolkit, map);
  }
  const records = map;
  return {
    put: /* @__PURE__ */ __name(async (taskId, record, ttlMs) => {
      const now = Date.now();
      for (const [id, entry] of records)
        if (entry.until < now)
          records.delete(id);
      records.set(taskId, { record, until: now + ttlMs });
    }, "put"),
    get: /* @__PURE__ */ __name(async (taskId) => {
      const entry = records.get(taskId);
      return entry && entry.until >= Date.now() ? entry.record : void 0;
    }, "get")
  };
}
__name(taskRecords, "taskRecords");
function parse(text) {
  if (text === null)
    return void 0;
  try {
    const value = JSON.parse(text);
    return typeof value.approvalId === "string" ? value : void 0;
  } catch {
    return void 0;
  }
}
__name(parse, "parse");
var TaskParams = z.object({ taskId: z.string().min(1).max(200), requestState: z.string().optional() }).loose();
function serveTasks(toolkit, server, toCallToolResult2) {
  const records = taskRecords(toolkit);
  const ttlSeconds = /* @__PURE__ */ __name((record) => Math.max(1, Math.round((Date.parse(record.expiresAt) - Date.parse(record.createdAt)) / 1e3)), "ttlSeconds");
  const inputRequests = /* @__PURE__ */ __name((taskId, record) => ({
    [`inbox-${taskId}`]: {
      method: "elicitation/create",
      params: {
        mode: "url",
        message: record.message,
        url: record.approveUrl,
        elicitationId: record.approvalId
      }
    }
  }), "inputRequests");
  server.server.setRequestHandler("tasks/get", { params: TaskParams }, async (params) => {
    const record = await records.get(params.taskId).catch(() => void 0);
    if (!record) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");
    }
    const result2 = await toolkit.awaitApproval(record.approvalId, { waitMs: 0 });
    const base = {
      taskId: params.taskId,
      createdAt: record.createdAt,
      ttlSeconds: ttlSeconds(record),
      pollIntervalMilliseconds: POLL_MS
    };
    if (isPending(result2)) {
      return {
        ...base,
        status: "input_required",
        lastUpdatedAt: record.createdAt,
        statusMessage: `Waiting for a person to decide in the approval inbox: ${record.approveUrl} (expires ${record.expiresAt}).`,
        inputRequests: inputRequests(params.taskId, record)
      };
    }
    return {
      ...base,
      status: "completed",
      lastUpdatedAt: (/* @__PURE__ */ new Date()).toISOString(),
      result: toCallToolResult2(result2)
    };
  });
  server.server.setRequestHandler("tasks/update", { params: TaskParams }, async () => ({}));
  server.server.setRequestHandler("tasks/cancel", { params: TaskParams }, async () => ({}));
  return {
    async create(pending, message) {
      const taskId = randomBytes(24).toString("base64url");
      const createdAt = (/* @__PURE__ */ new Date()).toISOString();
      const record = {
        approvalId: pending.approval_id,
        approveUrl: pending.approve_url,
        createdAt,
        expiresAt: pending.expires_at,
        message
      };
      const ttlMs = Math.max(0, Date.parse(pending.expires_at) - Date.now()) + KEEP_AFTER_EXPIRY_MS;
      await records.put(taskId, record, ttlMs);
      return {
        resultType: "task",
        taskId,
        status: "input_required",
        statusMessage: `Waiting for a person to decide in the approval inbox: ${pending.approve_url}`,
        createdAt,
        lastUpdatedAt: createdAt,
        ttlSeconds: ttlSeconds(record),
        pollIntervalMilliseconds: POLL_MS
      };
    }
  };
}
__name(serveTasks, "serveTasks");

// dist/mcp/server.js
var DEFAULT_TTL_MS = 5 * 6e4;
var VERSION = packageVersion();
var stateKeys = /* @__PURE__ */ new WeakMap();
function createMcpServer(toolkitOrOptions, serverOptions = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const key = stateKeyFor(toolkit, serverOptions);
  const timeoutMs = serverOptions.confirmationTimeoutMs ?? toolkit.options.approvalTtlMs ?? DEFAULT_TTL_MS;
  const desk = toolkit.options.desk !== void 0;
  const { progressEveryMs } = serverOptions;
  if (progressEveryMs !== void 0 && !(progressEveryMs >= 100)) {
    throw new TypeError("createMcpServer: progressEveryMs must be at least 100 ms");
  }
  const server = new McpServer({ name: serverOptions.name ?? "adrails", version: serverOptions.version ?? VERSION }, {
    capabilities: {
      tools: serverOptions.dynamic || changes(toolkit) ? { listChanged: true } : {},
      ...desk ? { extensions: { [TASKS_EXTENSION]: {} } } : {}
    }
  });
  const paths = {
    form: createElicitation({ key, timeoutMs }),
    ...desk ? {
      url: createUrlElicitation(toolkit, server, { key, timeoutMs, progressEveryMs }),
      tasks: serveTasks(toolkit, server, (result2) => ({ ...toCallToolResult(toolkit, result2) }))
    } : {}
  };
  const awaitTool = desk ? registerAwaitApproval(server, toolkit, progressEveryMs) : void 0;
  const session = serverOptions.dynamic ? dynamicSession(server, toolkit, serverOptions.dynamic, awaitTool ? [awaitTool] : []) : void 0;
  const register = /* @__PURE__ */ __name((adTool) => {
    let toInput;
    return server.registerTool(adTool.name, {
      title: mcpTitle(adTool.name),
      description: adTool.description,
      inputSchema: anyInput2(() => providerSchema(adTool).schema),
      annotations: mcpAnnotations(adTool.definition)
    }, async (args, ctx) => {
      let result2;
      try {
        if (session && !session.has(adTool.name))
          return toCallToolResult(toolkit, session.notActive(adTool.name));
        toInput ??= providerSchema(adTool).toInput;
        const input = toInput(args);
        const outcome = await withTraceContext(ctx.mcpReq._meta, () => negotiate(toolkit, adTool, paths, server.server.getClientCapabilities(), serverOptions.sessionId, input, ctx));
        if (outcome.kind === "task")
          return outcome.result;
        if (outcome.kind === "input-required")
          return outcome.result;
        result2 = outcome.result;
      } catch {
        result2 = adapterFault(adTool.name);
      }
      return toCallToolResult(toolkit, result2);
    });
  }, "register");
  const registered = new Map(toolkit.tools.map((adTool) => [adTool.name, { adTool, tool: register(adTool) }]));
  const follow = changes(toolkit);
  if (follow && !session) {
    const stop = follow(() => {
      const now = new Map(toolkit.tools.map((adTool) => [adTool.name, adTool]));
      for (const [name, entry] of registered) {
        if (now.get(name) === entry.adTool)
          continue;
        entry.tool.remove();
        registered.delete(name);
      }
      for (const [name, adTool] of now) {
        if (!registered.has(name))
          registered.set(name, { adTool, tool: register(adTool) });
      }
    });
    const closed = server.server.onclose;
    server.server.onclose = () => {
      stop();
      closed?.();
    };
  }
  return server;
}
__name(createMcpServer, "createMcpServer");
function changes(toolkit) {
  const on = toolkit.onToolsChanged;
  return typeof on === "function" ? on.bind(toolkit) : void 0;
}
__name(changes, "changes");
function dynamicSession(server, toolkit, options, always) {
  const discovery = createToolDiscovery(toolkit, options === true ? {} : options);
  const session = discovery.session();
  server.registerTool(FIND_TOOLS, {
    title: "Find tools",
    description: discovery.tool.description,
    inputSchema: anyInput2(() => discovery.tool.inputSchema),
    annotations: { readOnlyHint: true, openWorldHint: false }
  }, async (args) => {
    let result2;
    try {
      result2 = session.find(args).result;
    } catch {
      result2 = adapterFault(FIND_TOOLS);
    }
    return toCallToolResult(toolkit, result2);
  });
  session.onChange(() => {
    void server.sendToolListChanged();
  });
  const listed = /* @__PURE__ */ new Map([
    [
      FIND_TOOLS,
      {
        name: FIND_TOOLS,
        title: "Find tools",
        description: discovery.tool.description,
        inputSchema: discovery.tool.inputSchema,
        annotations: { readOnlyHint: true, openWorldHint: false }
      }
    ]
  ]);
  for (const adTool of toolkit.tools) {
    listed.set(adTool.name, {
      name: adTool.name,
      title: mcpTitle(adTool.name),
      description: adTool.description,
      inputSchema: providerSchema(adTool).schema,
      annotations: mcpAnnotations(adTool.definition)
    });
  }
  server.server.removeRequestHandler("tools/list");
  server.server.setRequestHandler("tools/list", () => ({
    tools: [
      ...session.names().flatMap((name) => {
        const tool = listed.get(name);
        return tool ? [tool] : [];
      }),
      ...always
    ]
  }));
  return { ...session, notActive: discovery.notActive };
}
__name(dynamicSession, "dynamicSession");
function stateKeyFor(toolkit, options) {
  let key = options.stateKey ?? stateKeys.get(toolkit);
  if (key === void 0) {
    key = randomBytes2(32);
    stateKeys.set(toolkit, key);
  }
  return key;
}
__name(stateKeyFor, "stateKeyFor");
function mcpAnnotations(def) {
  const annotations = {};
  if (def.hints.readOnly)
    annotations.readOnlyHint = true;
  else {
    if (def.name !== CONFIRM_TOOL)
      annotations.destructiveHint = false;
    if (def.hints.idempotent)
      annotations.idempotentHint = true;
  }
  if (def.effect === "calculator")
    annotations.openWorldHint = false;
  return annotations;
}
__name(mcpAnnotations, "mcpAnnotations");
var PROPER = { dna: "DNA", url: "URL", meta: "Meta" };
function mcpTitle(name) {
  const words = name.split("-").map((word) => PROPER[word] ?? word);
  const title = words.join(" ");
  return title.charAt(0).toUpperCase() + title.slice(1);
}
__name(mcpTitle, "mcpTitle");
function anyInput2(schema) {
  return {
    "~standard": {
      version: 1,
      vendor: "adrails",
      validate: /* @__PURE__ */ __name((value) => ({ value }), "validate"),
      jsonSchema: { input: schema, output: schema }
    }
  };
}
__name(anyInput2, "anyInput");
function packageVersion() {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", new URL("../mcp/server.js", import.meta.url).href), "utf8"));
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
__name(packageVersion, "packageVersion");

export {
  ELICITATION_VIA,
  createMcpServer,
  mcpAnnotations,
  mcpTitle
};
