/**
 * The client the official MCP conformance suite runs (`conformance client --command ...`): it is
 * `adrails login`, with this driver playing the person, whose browser follows the authorization
 * address and whose consent the test server gives at once. After signing in, the person lists the
 * tools and runs the first one with their approval (it is a tool adrails does not know); when the
 * door asks for a wider scope, the person signs in again, as adrails says to.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { playBrowser } from "./browser.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const serverUrl = process.argv[process.argv.length - 1]!;
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Record<string, string>;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ADRAILS_HOME: mkdtempSync(join(tmpdir(), "adrails-conformance-")),
  ADRAILS_MCP_URL: serverUrl,
  // The Client ID Metadata Document the suite's servers expect; used only where a server supports it.
  ADRAILS_CLIENT_METADATA_URL: "https://conformance-test.local/client-metadata.json",
  ...(context.client_id ? { ADRAILS_OAUTH_CLIENT_ID: context.client_id } : {}),
  ...(context.client_secret ? { ADRAILS_OAUTH_CLIENT_SECRET: context.client_secret } : {}),
};

function adrails(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/cli/bin.ts"), ...args], {
      env,
      cwd: root,
    });
    let stdout = "";
    let stderr = "";
    const browsing: Promise<void>[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of chunk.toString().split("\n")) {
        if (/^https?:\/\/\S+$/.test(line.trim())) browsing.push(playBrowser(line.trim()).catch(() => {}));
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", async (code) => {
      await Promise.all(browsing);
      process.stderr.write(`$ adrails ${args.join(" ")} -> ${code}\n${stderr}`);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

const signedIn = await adrails(["login", "--no-browser"]);
if (signedIn.code !== 0) process.exit(signedIn.code);
const listed = await adrails(["tools", "--via", "mcp", "--json"]);
if (listed.code !== 0) process.exit(listed.code);
const first = (JSON.parse(listed.stdout) as { name: string }[])[0];
if (first) {
  const run = () =>
    adrails([
      "call",
      first.name,
      "{}",
      "--via",
      "mcp",
      "--confirm-text",
      "I approve this call in the conformance run",
    ]);
  let called = await run();
  if (called.code === 3 && /wider permission/.test(called.stderr)) {
    const again = await adrails(["login", "--no-browser"]);
    if (again.code !== 0) process.exit(again.code);
    called = await run();
  }
  process.exit(called.code);
}
