import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMcpHttpServer } from "../../src/mcp/http.js";
import { type Env, startEnv } from "../mcp/helpers.js";
import { startIdp, type TestIdp } from "../mcp/idp.js";
import { expectNoneOf, registerTracing } from "./otel.js";

// A signed-in caller of the remote MCP server (issue 44): each tool call is a `tools/call {tool}`
// server span naming the token's subject, with the call's execute_tool span under it; the access
// token is in no span.

const tracing = registerTracing();
let env: Env;
let idp: TestIdp;
let resource = "";
beforeAll(async () => {
  env = await startEnv();
  idp = await startIdp(() => resource, { dana: { name: "Dana Planner" } });
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await env?.close();
});

it("a signed-in caller's tool call is traced under a span naming them", async () => {
  const server = await startMcpHttpServer(env.options(), { auth: { issuer: idp.issuer } });
  resource = server.url;
  const token = await idp.mint({ sub: "dana", name: "Dana Planner" });
  const client = new Client({ name: "trace-test", version: "1.0.0" });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    tracing.reset();
    const result = await client.callTool({ name: "list-accounts", arguments: {} });
    expect(result.isError).toBe(false);
  } finally {
    await client.close();
    await server.close();
  }
  const caller = tracing.spans().find((s) => s.name === "tools/call list-accounts");
  expect(caller?.attributes["enduser.id"]).toBe("dana");
  expect(caller?.attributes["adrails.mcp.client"]).toBe("trace-test");
  const [tool] = tracing.toolSpans("list-accounts");
  expect(tool!.parentSpanContext?.spanId).toBe(caller!.spanContext().spanId);
  expectNoneOf(tracing.spans(), [token, env.sim.apiKey]);
});
