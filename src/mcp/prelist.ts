import { writeFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { createAdTools } from "../toolkit.js";
import { serveMcpStdio } from "./stdio.js";

/**
 * What `adrails mcp` answers to `initialize` and `tools/list`, per protocol version a 2025-era
 * client may ask for. Written at build time, so that the CLI answers a host's opening exchange
 * while the server itself (zod, the MCP SDK, 52 tool schemas) is still loading.
 */
export interface Prelisted {
  /** Per protocol version: the initialize result and which of `lists` tools/list answers. */
  versions: Record<string, { initialize: unknown; list: number }>;
  /** The distinct tools/list results (one, unless a version lists differently). */
  lists: unknown[];
}

/** Asks a real `serveMcpStdio` server (the default toolkit) the opening exchange once per version. */
export async function prelist(): Promise<Prelisted> {
  const toolkit = createAdTools({ apiKey: "adk_prelist", baseUrl: "http://127.0.0.1:1" });
  const versions: Prelisted["versions"] = {};
  const lists: string[] = [];
  for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const served = serveMcpStdio(toolkit, { stdin, stdout });
    const answers = answersOf(stdout);
    const send = (message: object) => stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "prelist", version: "1" } },
    });
    const initialize = await answers(1);
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list" });
    const toolsList = await answers(2);
    await served.close();
    const list = JSON.stringify(toolsList);
    if (!lists.includes(list)) lists.push(list);
    versions[version] = { initialize, list: lists.indexOf(list) };
  }
  return { versions, lists: lists.map((list) => JSON.parse(list)) };
}

/** Writes {@link prelist}'s answers as JSON (the build calls it for dist/mcp/prelisted.json). */
export async function writePrelisted(path: string): Promise<void> {
  writeFileSync(path, `${JSON.stringify(await prelist())}\n`);
}

function answersOf(stdout: PassThrough): (id: number) => Promise<unknown> {
  const results = new Map<number, unknown>();
  const waiting = new Map<number, (result: unknown) => void>();
  let buffer = "";
  stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      const message = JSON.parse(buffer.slice(0, end)) as { id?: number; result?: unknown; error?: unknown };
      buffer = buffer.slice(end + 1);
      if (typeof message.id !== "number") continue;
      if (message.error !== undefined) throw new Error(`prelist: ${JSON.stringify(message.error)}`);
      results.set(message.id, message.result);
      waiting.get(message.id)?.(message.result);
    }
  });
  return (id) =>
    results.has(id) ? Promise.resolve(results.get(id)) : new Promise((resolve) => waiting.set(id, resolve));
}
