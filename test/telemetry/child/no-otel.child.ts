import { createMcpServer } from "../../../src/mcp/server.js";
import { startSimulator } from "../../../src/sim/index.js";
import { createAdTools } from "../../../src/toolkit.js";

// Run with the OpenTelemetry API hidden: every path that would trace still answers.

const hidden = await import("@opentelemetry/api").then(
  () => false,
  () => true,
);
const sim = await startSimulator();
try {
  const toolkit = createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    confirm: () => ({ approved: false, reason: "not now" }),
    telemetry: { recordValues: true },
  });
  const listed = await toolkit.call("list-accounts", {}, { toolCallId: "c1" });
  const refused = await toolkit.call("push-creative", { status: "ACTIVE" } as Record<string, unknown>);
  const server = createMcpServer(toolkit);
  process.stdout.write(
    `${JSON.stringify({ hidden, listed: listed.ok, refused: refused.ok, server: typeof server.connect })}\n`,
  );
} finally {
  await sim.close();
}
