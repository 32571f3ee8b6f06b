// The official MCP conformance server scenarios that apply to a tools-only server, run against
// `adrails --sim mcp --http` (the built CLI) with @modelcontextprotocol/conformance, which needs
// Node 22 or later: set ADRAILS_NODE22 to such a node binary when `node` is older.
//
// adrails' HTTP endpoint always wants a bearer token and the conformance runner sends none, so the
// runner talks to a loopback pass-through that adds `Authorization: Bearer <token>` as a configured
// MCP host would, and forwards everything else (Host and Origin included) untouched.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, request } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const node = process.env.ADRAILS_NODE22 || process.execPath;
const runner = createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json");
const cli = join(dirname(runner), "dist", "index.js");
const token = randomBytes(24).toString("base64url");

const server = spawn(process.execPath, [join(root, "dist", "cli", "bin.js"), "--sim", "mcp", "--http"], {
  env: { ...process.env, ADRAILS_MCP_TOKEN: token, NO_COLOR: "1" },
  stdio: ["ignore", "ignore", "pipe"],
});
const upstream = new URL(await listeningUrl(server));

const proxy = createServer((req, res) => {
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, authorization: `Bearer ${token}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on("error", () => res.destroy());
  res.on("close", () => forwarded.destroy());
  req.pipe(forwarded);
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const url = `http://localhost:${(proxy.address() as AddressInfo).port}${upstream.pathname}`;

const failed: string[] = [];
try {
  for (const scenario of SCENARIOS) {
    const code = await run(node, [cli, "server", "--url", url, "--scenario", scenario]);
    if (code !== 0) failed.push(scenario);
  }
} finally {
  proxy.close();
  server.kill("SIGTERM");
}
if (failed.length > 0) {
  console.error(
    `conformance: ${failed.length} of ${SCENARIOS.length} scenarios failed: ${failed.join(", ")}`,
  );
  process.exit(1);
}
console.log(`conformance: ${SCENARIOS.length} server scenarios passed (${SCENARIOS.join(", ")}).`);

// A scenario passes when the runner exits 0 and its summary counts no failure.
function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let text = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
      process.stdout.write(chunk);
    });
    child.once("exit", (code) => resolve(code === 0 && /Passed: (\d+)\/\1, 0 failed/.test(text) ? 0 : 1));
  });
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error(`adrails mcp --http did not start:\n${text}`)), 60_000);
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
      const found = /on (http:\/\/\S+\/mcp)/.exec(text);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once("exit", () => reject(new Error(`adrails mcp --http exited:\n${text}`)));
  });
}
