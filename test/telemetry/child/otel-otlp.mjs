// An application's tracing setup as a user loads it with NODE_OPTIONS="--import ./otel.mjs": the
// SDK's batching processor and the OTLP HTTP exporter (endpoint from OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
// with no shutdown hook of its own: the CLI must flush what it holds before exiting.
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

const provider = new NodeTracerProvider({
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();
