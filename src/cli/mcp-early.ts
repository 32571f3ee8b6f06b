import { readFileSync } from "node:fs";
import module from "node:module";
import { PassThrough, Writable } from "node:stream";
import type { Prelisted } from "../mcp/prelist.js";
import type { CliIO } from "./output.js";

// `adrails mcp` on stdio answers a host's opening exchange (`initialize`, `tools/list`) from the
// answers the build recorded (dist/mcp/prelisted.json), while the server itself loads: zod, the MCP
// SDK and 52 tool schemas take most of a cold start. The server still sees the whole exchange: the
// initialize request is handed to it under an id of ours, and its answer to that id is dropped.
// Only the plain invocations qualify (their tool list is the default toolkit's); anything else
// starts the usual way.

const EARLY_ID = "adrails-early-initialize";
const EARLY_FORMS = [["mcp"], ["--sim", "mcp"], ["mcp", "--sim"]];
// Loading blocks the event loop while modules evaluate, so it starts once the list is answered
// (hosts ask right after initialize), or after this long for a host that does not ask.
const LOAD_AFTER_MS = 150;

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/** The recorded answers when `argv` is a plain `adrails mcp` over stdio with a REST door, else undefined. */
export function earlyAnswers(argv: readonly string[], env: NodeJS.ProcessEnv): Prelisted | undefined {
  if (!EARLY_FORMS.some((form) => form.length === argv.length && form.every((arg, i) => arg === argv[i]))) {
    return undefined;
  }
  if ((env.ADRAILS_VIA ?? "rest") !== "rest" || (env.ADRAILS_REDIS_URL ?? "") !== "") return undefined;
  // An inbox lists await-approval too, and without Redis ends the start with exit 2.
  if ((env.ADRAILS_INBOX_URL ?? "") !== "") return undefined;
  // A rules file is checked before anything is answered: a bad one ends the start with exit 2.
  if ((env.ADRAILS_RULES ?? "") !== "") return undefined;
  try {
    const prelisted = JSON.parse(
      readFileSync(new URL("../mcp/prelisted.json", import.meta.url), "utf8"),
    ) as Prelisted;
    return prelisted.versions && Array.isArray(prelisted.lists) ? prelisted : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads process.stdin, answers what `answers` covers, and starts the server (`run`, given the
 * streams it must use) on the first message it does not cover. Resolves to `run`'s exit code.
 */
export function serveEarly(answers: Prelisted, run: (io: CliIO) => Promise<number>): Promise<number> {
  const input = new PassThrough();
  let ready = false;
  input.on("newListener", (event) => {
    if (event === "data") ready = true;
  });
  let version: string | undefined;
  let buffer = "";
  let loaded = false;
  let timer: NodeJS.Timeout | undefined;
  let settle: { resolve(code: number): void; reject(error: unknown): void } | undefined;
  const exit = new Promise<number>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const load = () => {
    clearTimeout(timer);
    if (loaded) return;
    loaded = true;
    run({ stdin: input, stdout: dropEarlyAnswer(), stderr: process.stderr, env: process.env }).then(
      settle!.resolve,
      settle!.reject,
    );
  };
  const reply = (id: unknown, result: unknown) =>
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

  const early = (line: string): boolean => {
    let message: Message;
    try {
      message = JSON.parse(line) as Message;
    } catch {
      return false;
    }
    if (message === null || typeof message !== "object" || message.jsonrpc !== "2.0") return false;
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (typeof params !== "object" || "_meta" in params) return false;
    if (message.method === "initialize" && version === undefined && message.id !== undefined) {
      const requested = params.protocolVersion;
      const known = typeof requested === "string" ? answers.versions[requested] : undefined;
      if (!known) return false;
      version = requested as string;
      reply(message.id, known.initialize);
      input.write(`${JSON.stringify({ ...message, id: EARLY_ID })}\n`);
      timer = setTimeout(load, LOAD_AFTER_MS);
      return true;
    }
    if (message.method === "notifications/initialized" && version !== undefined) {
      input.write(`${line}\n`);
      return true;
    }
    if (message.method === "tools/list" && version !== undefined && message.id !== undefined) {
      if (Object.keys(params).length > 0) return false;
      reply(message.id, answers.lists[answers.versions[version]!.list]);
      load();
      return true;
    }
    return false;
  };

  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    if (ready) {
      input.write(chunk);
      return;
    }
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0 && !ready; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (line.trim() === "" || early(line)) continue;
      input.write(`${line}\n`);
      load();
    }
    if (ready && buffer !== "") {
      input.write(buffer);
      buffer = "";
    }
  });
  process.stdin.once("end", () => {
    if (buffer !== "") input.write(buffer);
    buffer = "";
    input.end();
    load();
  });
  return exit;
}

/** process.stdout for the server, without its answer to the initialize request already answered. */
function dropEarlyAnswer(): Writable {
  let buffer = "";
  let flushed = false;
  // Node writes its compile cache (enabled in bin.ts) only when the process exits, and a host may
  // end its server with SIGKILL: the next session then compiles everything again. Once the first
  // answer (the first tools/call, after the whole server loaded) is out, the cache is written.
  const flushCompileCache = () => {
    if (flushed) return;
    flushed = true;
    setImmediate(() => (module as { flushCompileCache?: () => void }).flushCompileCache?.());
  };
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      buffer += chunk.toString();
      let out = "";
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end + 1);
        buffer = buffer.slice(end + 1);
        if (!line.includes(EARLY_ID) || !isEarlyAnswer(line)) out += line;
      }
      if (out === "") done();
      else
        process.stdout.write(out, () => {
          flushCompileCache();
          done();
        });
    },
  });
}

function isEarlyAnswer(line: string): boolean {
  try {
    return (JSON.parse(line) as Message).id === EARLY_ID;
  } catch {
    return false;
  }
}
