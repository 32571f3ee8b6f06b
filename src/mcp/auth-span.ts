import { loadOtel, otelApi, tracerOf } from "../client/telemetry.js";
import type { CallerPlace } from "./auth-callers.js";

/**
 * Runs one tool call of a signed-in caller in a `tools/call {tool}` server span naming them
 * (`enduser.id` is the token's subject), so the call's `execute_tool` span and its attempts sit
 * under who asked. Without an OpenTelemetry SDK registered, runs `fn` alone.
 */
export async function withCallerSpan<T>(place: CallerPlace, tool: string, fn: () => Promise<T>): Promise<T> {
  const known = otelApi();
  const otel = known === undefined ? await loadOtel() : known;
  if (!otel) return fn();
  const span = tracerOf(otel).startSpan(`tools/call ${tool}`, {
    kind: otel.SpanKind.SERVER,
    attributes: {
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": tool,
      "enduser.id": place.caller.subject,
      ...(place.client ? { "adrails.mcp.client": place.client } : {}),
      ...(place.tenant ? { "adrails.tenant": place.tenant.name } : {}),
    },
  });
  if (!span.isRecording()) return fn();
  try {
    return await otel.context.with(otel.trace.setSpan(otel.context.active(), span), fn);
  } finally {
    span.end();
  }
}
