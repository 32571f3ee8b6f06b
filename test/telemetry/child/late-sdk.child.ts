import { createRequire } from "node:module";
import { startSimulator } from "../../../src/sim/index.js";
import { createAdTools } from "../../../src/toolkit.js";

// A process where the API is installed but nothing registered with it yet: calls do not load it.
// An SDK registered later is picked up by the next call.

const require = createRequire(import.meta.url);
const apiLoaded = () => Object.keys(require.cache).some((path) => path.includes("@opentelemetry/api/"));

const sim = await startSimulator();
try {
  const toolkit = createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url });
  const before = apiLoaded();
  const first = await toolkit.call("list-accounts", {}, { toolCallId: "c1" });
  const afterUntraced = apiLoaded();
  // The SDK itself loads the API: imported only now.
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import(
    "@opentelemetry/sdk-trace-base"
  );
  const exporter = new InMemorySpanExporter();
  const { trace } = await import("@opentelemetry/api");
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  const second = await toolkit.call("list-accounts", {}, { toolCallId: "c2" });
  process.stdout.write(
    `${JSON.stringify({
      before,
      afterUntraced,
      answered: [first.ok, second.ok],
      spans: exporter.getFinishedSpans().map((span) => span.name),
    })}\n`,
  );
} finally {
  await sim.close();
}
