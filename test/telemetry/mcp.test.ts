import { randomBytes } from "node:crypto";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { SpanStatusCode } from "@opentelemetry/api";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startMcpHttpServer } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { accept, connectClient, type Env, type Era, push, SENTENCE, startEnv } from "../mcp/helpers.js";
import { expectNoneOf, registerTracing } from "./otel.js";

// The SDK's own MCP Client calls tools with a W3C traceparent in the request's _meta: the host's
// trace continues into adrails, the tool span's parent is the host's span.

const tracing = registerTracing();
let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => {
  env.sim.control.reset();
  tracing.reset();
});

function serve(apiKey?: string) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const toolkit = env.toolkit(apiKey ? { apiKey } : {});
  const handle = serveStdio(() => createMcpServer(toolkit), { transport: serverSide });
  return { clientSide, handle };
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

describe.each<Era>(["2025-11-25", "2026-07-28"])("MCP server, protocol %s", (era) => {
  it("a traceparent in _meta makes the tool span a child of the host's span, in the host's trace", async () => {
    const { clientSide, handle } = serve();
    const connected = await connectClient(clientSide, era);
    const traceId = hex(16);
    const hostSpan = hex(8);
    try {
      const result = await connected.client.callTool({
        name: "list-accounts",
        arguments: {},
        _meta: { traceparent: `00-${traceId}-${hostSpan}-01` },
      });
      expect(result.isError).toBe(false);
    } finally {
      await connected.close();
      await handle.close();
    }
    const [span] = tracing.toolSpans("list-accounts");
    expect(span!.spanContext().traceId).toBe(traceId);
    expect(span!.parentSpanContext?.spanId).toBe(hostSpan);
    expect(span!.parentSpanContext?.isRemote).toBe(true);
    expect(span!.attributes["gen_ai.tool.call.id"]).toBeDefined();
    expect(tracing.childrenOf(span!).map((s) => s.attributes["http.response.status_code"])).toEqual([200]);
  });

  it("an elicited approval is an event on the span; a 401 is an error; nothing secret is recorded", async () => {
    const good = serve();
    const connected = await connectClient(good.clientSide, era);
    try {
      if (era !== "2026-07-28") {
        connected.person.answers.push(accept(SENTENCE));
        const pushed = await connected.client.callTool({
          name: "push-creative",
          arguments: push(env, { status: "ACTIVE" }),
          _meta: { traceparent: `00-${hex(16)}-${hex(8)}-01` },
        });
        expect(pushed.isError).toBe(false);
      }
    } finally {
      await connected.close();
      await good.handle.close();
    }
    const revoked = serve(env.sim.keys.revoked);
    const refused = await connectClient(revoked.clientSide, era);
    try {
      const result = await refused.client.callTool({ name: "list-accounts", arguments: {} });
      expect(result.isError).toBe(true);
    } finally {
      await refused.close();
      await revoked.handle.close();
    }
    const [denied] = tracing.toolSpans("list-accounts");
    expect(denied!.status.code).toBe(SpanStatusCode.ERROR);
    expect(denied!.attributes["error.type"]).toBe("401");
    if (era !== "2026-07-28") {
      const [pushed] = tracing.toolSpans("push-creative");
      expect(pushed!.status.code).toBe(SpanStatusCode.UNSET);
      const approval = pushed!.events.find((e) => e.name === "adrails.approval");
      expect(approval?.attributes?.["adrails.approval.answer"]).toBe("given");
    }
    expectNoneOf(tracing.spans(), [env.sim.apiKey, env.sim.keys.revoked, SENTENCE, "Summer gear", env.adset]);
  });
});

describe("MCP over Streamable HTTP", () => {
  it("the host's trace continues over HTTP, and the bearer token is in no span", async () => {
    const token = `mcp-token-${hex(16)}`;
    const server = await startMcpHttpServer(env.toolkit(), { token });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const connected = await connectClient(transport, "2025-11-25");
    const traceId = hex(16);
    try {
      const result = await connected.client.callTool({
        name: "list-accounts",
        arguments: {},
        _meta: { traceparent: `00-${traceId}-${hex(8)}-01` },
      });
      expect(result.isError).toBe(false);
    } finally {
      await connected.close();
      await server.close();
    }
    const [span] = tracing.toolSpans("list-accounts");
    expect(span!.spanContext().traceId).toBe(traceId);
    expectNoneOf(tracing.spans(), [token, env.sim.apiKey]);
  });
});
