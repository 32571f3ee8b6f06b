import { context, trace, SpanKind } from "@opentelemetry/api";
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ExportResultCode } from "@opentelemetry/core";
class Drop implements SpanExporter { export(s: ReadableSpan[], d: (r: { code: ExportResultCode }) => void) { d({ code: ExportResultCode.SUCCESS }); } shutdown() { return Promise.resolve(); } }
new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new Drop())] }).register();
const tracer = trace.getTracer("x");
async function one() {
  const parent = context.active();
  const span = tracer.startSpan("execute_tool x", { kind: SpanKind.INTERNAL, attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "x", "gen_ai.tool.type": "function", "gen_ai.tool.call.id": "c1" } }, parent);
  await context.with(trace.setSpan(parent, span), async () => {
    const p2 = context.active();
    const s2 = tracer.startSpan("POST /x", { kind: SpanKind.CLIENT, attributes: { "http.request.method": "POST", "server.address": "127.0.0.1", "server.port": 1234, "url.path": "/x", "adrails.attempt": 1 } }, p2);
    await context.with(trace.setSpan(p2, s2), async () => {});
    s2.setAttributes({ "http.response.status_code": 200, "adrails.rate_limit.remaining": 5 });
    s2.end();
  });
  span.setAttributes({ "adrails.outcome": "ok", "adrails.status": 200, "adrails.request_id": "abc", "adrails.guard.decisions": ["validation:allow", "request-id:modify"] });
  span.end();
}
for (let r = 0; r < 5; r++) {
  const N = 20000; const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < N; i++) await one();
  const c = process.cpuUsage(c0);
  console.log(`us/call wall ${((performance.now() - t0) * 1000 / N).toFixed(1)} cpu ${((c.user + c.system) / N).toFixed(1)}`);
}
