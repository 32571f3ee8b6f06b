// The tracing setup as the tracing page shows it (docs/tracing.md): OTLP over HTTP, batched, and
// shut down on the way out so a short script's spans are sent before it exits.
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

const provider = new NodeTracerProvider({
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();
process.once("beforeExit", () => provider.shutdown());
