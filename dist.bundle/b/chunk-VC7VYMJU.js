import {
  listAllTools
} from "./chunk-BBLTUFYI.js";
import {
  LOGIN_HINT,
  UpstreamError
} from "./chunk-KG4KSYSB.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/wire.js
import { Client, InsufficientScopeError, ProtocolError, SdkHttpError, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
function createMcpWire(options) {
  const names = /* @__PURE__ */ new Map();
  let connected;
  function connect() {
    if (!connected) {
      connected = (async () => {
        const client = new Client({ name: "adrails", version: "1" });
        client.setNotificationHandler("notifications/tools/list_changed", () => options.onListChanged?.());
        const transport = new StreamableHTTPClientTransport(new URL(options.mcpUrl), {
          authProvider: options.auth,
          ...options.fetch ? { fetch: options.fetch } : {}
        });
        await client.connect(transport);
        return client;
      })();
      connected.catch(() => {
        connected = void 0;
      });
    }
    return connected;
  }
  __name(connect, "connect");
  async function call(tool, body, opts = {}) {
    const started = Date.now();
    const base = { tool, attempts: 1 };
    const done = /* @__PURE__ */ __name((value) => ({ ...base, ...value, durationMs: Date.now() - started }), "done");
    try {
      const client = await connect();
      const result = await client.callTool({ name: names.get(tool) ?? tool, arguments: body }, { signal: opts.signal, timeout: opts.timeoutMs ?? options.timeoutMs ?? 3e5 });
      return done(outcomeOf(result));
    } catch (error) {
      return done(failureOf(error, options));
    }
  }
  __name(call, "call");
  return {
    call,
    async listTools(signal) {
      return listAllTools(await connect(), signal);
    },
    setName(tool, doorName) {
      names.set(tool, doorName);
    },
    rateLimit: /* @__PURE__ */ __name(() => ({ enabled: false, limit: 0, windowMs: 0, available: 0, queued: 0 }), "rateLimit"),
    writeBudget: /* @__PURE__ */ __name(async () => ({ limit: 0, used: 0, remaining: 0, resetAt: null }), "writeBudget"),
    async close() {
      const pending = connected;
      connected = void 0;
      if (pending)
        await (await pending.catch(() => void 0))?.close();
    }
  };
}
__name(createMcpWire, "createMcpWire");
function outcomeOf(result) {
  const text = result.content?.filter((block) => block.type === "text").map((block) => block.text).join("\n");
  const structured = result.structuredContent;
  const status = typeof structured?.status === "number" ? structured.status : void 0;
  if (structured && status !== void 0 && ("data" in structured || "error" in structured)) {
    return statusOutcome(status, structured, result.isError === true);
  }
  let data = structured;
  if (data === void 0 && text !== void 0 && text !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (result.isError) {
    const error = typeof data?.error === "string" ? data.error : text || "the tool reported an error";
    return { kind: "soft-error", status: 200, error, data };
  }
  return { kind: "success", status: 200, data: data ?? null };
}
__name(outcomeOf, "outcomeOf");
function statusOutcome(status, body, isError) {
  const data = body.data;
  const error = typeof body.error === "string" ? body.error : typeof data?.error === "string" ? data.error : void 0;
  if (status === 207)
    return { kind: "partial", status: 207, data, partial: data?.partial ?? data };
  if (status === 200 && error !== void 0)
    return { kind: "soft-error", status: 200, error, data };
  if (status === 200 && !isError)
    return { kind: "success", status: 200, data: data ?? null };
  return {
    kind: "http-error",
    status: status === 200 ? 502 : status,
    error: error ?? "the tool reported an error",
    shape: "wrapped",
    ...typeof body.upgrade_url === "string" ? { upgradeUrl: body.upgrade_url } : {},
    ...Array.isArray(body.accounts) ? { accounts: body.accounts } : {},
    ...typeof body.retry_after_s === "number" ? { retryAfterS: body.retry_after_s } : {},
    body
  };
}
__name(statusOutcome, "statusOutcome");
function failureOf(error, options) {
  const httpError = /* @__PURE__ */ __name((status, message2) => ({
    kind: "http-error",
    status,
    error: message2,
    shape: "bare",
    body: { error: message2 }
  }), "httpError");
  if (error instanceof UpstreamError) {
    if (error.kind === "login-needed")
      return httpError(401, `${error.message} ${LOGIN_HINT}`);
    return { kind: "network-error", status: null, error: `${error.message} ${error.hint}`, cause: "config" };
  }
  if (error instanceof InsufficientScopeError) {
    const scope = error.requiredScope;
    options.onWiderScope?.(scope);
    return httpError(401, `This tool needs a wider permission${scope ? ` (scope ${scope})` : ""} than the sign-in grants. Run \`adrails login\` to grant it.`);
  }
  if (error instanceof UnauthorizedError || error instanceof SdkHttpError && error.status === 401) {
    return httpError(401, `The service no longer accepts this sign-in. ${LOGIN_HINT}`);
  }
  if (error instanceof SdkHttpError)
    return httpError(error.status ?? 502, error.message);
  if (error instanceof ProtocolError) {
    const status = error.code === -32602 ? 400 : error.code === -32601 ? 404 : 502;
    return httpError(status, `The MCP door refused the call: ${error.message}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  const aborted = error instanceof Error && error.name === "AbortError";
  return { kind: "network-error", status: null, error: message, cause: aborted ? "aborted" : "connection" };
}
__name(failureOf, "failureOf");

export {
  createMcpWire
};
