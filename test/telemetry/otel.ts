import { metrics } from "@opentelemetry/api";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { expect } from "vitest";
import { secretForms } from "../../src/client/redact.js";

// The real OpenTelemetry SDK as an application registers it: NodeTracerProvider.register() installs
// the async-hooks context manager (AsyncLocalStorage) and the W3C propagator; spans go to an
// in-memory exporter, metrics to an in-memory reader.

export interface Tracing {
  exporter: InMemorySpanExporter;
  spans(): ReadableSpan[];
  /** Spans named `execute_tool {tool}`. */
  toolSpans(tool?: string): ReadableSpan[];
  /** The children of a span. */
  childrenOf(span: ReadableSpan): ReadableSpan[];
  /** The points of one instrument, collected now. */
  points(name: string): Promise<Point[]>;
  reset(): void;
}

export function registerTracing(): Tracing {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  const spans = () => exporter.getFinishedSpans();
  return {
    exporter,
    spans,
    toolSpans: (tool) =>
      spans().filter((s) => (tool ? s.name === `execute_tool ${tool}` : s.name.startsWith("execute_tool "))),
    childrenOf: (span) => spans().filter((s) => s.parentSpanContext?.spanId === span.spanContext().spanId),
    points: async (name) => (await collectPoints(reader)).get(name) ?? [],
    reset: () => exporter.reset(),
  };
}

/** One metric data point. */
export type Point = { attributes: Record<string, unknown>; value: unknown };

async function collectPoints(reader: PeriodicExportingMetricReader): Promise<Map<string, Point[]>> {
  const { resourceMetrics } = await reader.collect();
  const byName = new Map<string, Point[]>();
  for (const scope of resourceMetrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      const points = metric.dataPoints.map((p) => ({
        attributes: p.attributes as Record<string, unknown>,
        value: p.value,
      }));
      byName.set(metric.descriptor.name, [...(byName.get(metric.descriptor.name) ?? []), ...points]);
    }
  }
  return byName;
}

/** Everything a span exports, as JSON text: name, attributes, events, status, links, ids. */
export function exported(spans: readonly ReadableSpan[]): string {
  return JSON.stringify(
    spans.map((s) => ({
      name: s.name,
      attributes: s.attributes,
      events: s.events,
      status: s.status,
      links: s.links,
      resource: s.resource.attributes,
      scope: s.instrumentationScope,
    })),
  );
}

/** Fails when any exported span data holds one of the secrets, in any spelling the redactor knows. */
export function expectNoneOf(spans: readonly ReadableSpan[], secrets: readonly string[]): void {
  const text = exported(spans);
  expect(spans.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    const forms = secret.startsWith("adk_") ? secretForms(secret) : [secret];
    for (const form of forms) expect(text, `span data holds ${form.slice(0, 12)}…`).not.toContain(form);
    expect(text).not.toContain(Buffer.from(secret).toString("base64"));
  }
}
