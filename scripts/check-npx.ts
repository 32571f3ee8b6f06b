// What every MCP host row of the README runs, from the packed tarball in empty folders:
// `npx -y --package=<tarball> adrails --sim mcp` must answer `initialize` and `tools/list` with every
// tool, and `adrails mcp` with no key must still start and say in a tool result what to set.
// Run after `npm run build`: npx tsx scripts/check-npx.ts (part of CI). Needs the npm registry
// (or a warm npm cache) for the package's dependencies.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { offeredTools } from "../src/tools/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const expectedTools = offeredTools.length;
const work = mkdtempSync(join(tmpdir(), "adrails-npx-"));
const problems: string[] = [];

function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith("ADRAILS_") || name.startsWith("npm_")) continue;
    env[name] = value;
  }
  return env;
}

async function session(label: string, args: string[], check: (client: Client) => Promise<void>) {
  const folder = mkdtempSync(join(work, "empty-"));
  const started = Date.now();
  const transport = new StdioClientTransport({
    command: "npx",
    args: ["-y", `--package=${tarball}`, "adrails", ...args],
    cwd: folder,
    env: cleanEnv(),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "check-npx", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: 120_000 });
    await check(client);
    console.log(`ok: ${label} (${Date.now() - started} ms)`);
  } catch (error) {
    problems.push(`${label}: ${(error as Error).message}\n--- stderr ---\n${stderr}`);
  } finally {
    await client.close().catch(() => {});
  }
}

const packed = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
) as { filename: string }[];
const tarball = join(work, packed[0]!.filename);

try {
  await session("npx -y adrails --sim mcp: initialize, tools/list", ["--sim", "mcp"], async (client) => {
    const version = client.getServerVersion();
    if (version?.name !== "adrails") throw new Error(`initialize named ${JSON.stringify(version)}`);
    const { tools } = await client.listTools();
    if (tools.length !== expectedTools)
      throw new Error(`tools/list gave ${tools.length}, not ${expectedTools}`);
    const answer = await client.callTool({ name: "list-accounts", arguments: {} });
    if (answer.isError) throw new Error(`list-accounts on the simulator: ${JSON.stringify(answer.content)}`);
  });
  await session("npx -y adrails mcp with no key: a result says what to set", ["mcp"], async (client) => {
    const { tools } = await client.listTools();
    if (tools.length !== expectedTools)
      throw new Error(`tools/list gave ${tools.length}, not ${expectedTools}`);
    const answer = await client.callTool({ name: "list-accounts", arguments: {} });
    const text = JSON.stringify(answer.content);
    if (!answer.isError || !text.includes("ADRAILS_API_KEY")) throw new Error(`the answer was ${text}`);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`check-npx: ${problems.length} problem(s):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("check-npx: the packed tarball serves MCP through npx from empty folders.");
