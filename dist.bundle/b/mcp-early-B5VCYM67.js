import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/mcp-early.js
import { readFileSync } from "node:fs";
import { PassThrough, Writable } from "node:stream";
var EARLY_ID = "adrails-early-initialize";
var EARLY_FORMS = [["mcp"], ["--sim", "mcp"], ["mcp", "--sim"]];
var LOAD_AFTER_MS = 150;
function earlyAnswers(argv, env) {
  if (!EARLY_FORMS.some((form) => form.length === argv.length && form.every((arg, i) => arg === argv[i]))) {
    return void 0;
  }
  if ((env.ADRAILS_VIA ?? "rest") !== "rest" || (env.ADRAILS_REDIS_URL ?? "") !== "")
    return void 0;
  if ((env.ADRAILS_INBOX_URL ?? "") !== "")
    return void 0;
  if ((env.ADRAILS_RULES ?? "") !== "")
    return void 0;
  try {
    const prelisted = JSON.parse(readFileSync(new URL("../mcp/prelisted.json", new URL("../cli/mcp-early.js", import.meta.url).href), "utf8"));
    return prelisted.versions && Array.isArray(prelisted.lists) ? prelisted : void 0;
  } catch {
    return void 0;
  }
}
__name(earlyAnswers, "earlyAnswers");
function serveEarly(answers, run) {
  const input = new PassThrough();
  let ready = false;
  input.on("newListener", (event) => {
    if (event === "data")
      ready = true;
  });
  let version;
  let buffer = "";
  let loaded = false;
  let timer;
  let settle;
  const exit = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const load = /* @__PURE__ */ __name(() => {
    clearTimeout(timer);
    if (loaded)
      return;
    loaded = true;
    run({ stdin: input, stdout: dropEarlyAnswer(), stderr: process.stderr, env: process.env }).then(settle.resolve, settle.reject);
  }, "load");
  const reply = /* @__PURE__ */ __name((id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}
`), "reply");
  const early = /* @__PURE__ */ __name((line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return false;
    }
    if (message === null || typeof message !== "object" || message.jsonrpc !== "2.0")
      return false;
    const params = message.params ?? {};
    if (typeof params !== "object" || "_meta" in params)
      return false;
    if (message.method === "initialize" && version === void 0 && message.id !== void 0) {
      const requested = params.protocolVersion;
      const known = typeof requested === "string" ? answers.versions[requested] : void 0;
      if (!known)
        return false;
      version = requested;
      reply(message.id, known.initialize);
      input.write(`${JSON.stringify({ ...message, id: EARLY_ID })}
`);
      timer = setTimeout(load, LOAD_AFTER_MS);
      return true;
    }
    if (message.method === "notifications/initialized" && version !== void 0) {
      input.write(`${line}
`);
      return true;
    }
    if (message.method === "tools/list" && version !== void 0 && message.id !== void 0) {
      if (Object.keys(params).length > 0)
        return false;
      reply(message.id, answers.lists[answers.versions[version].list]);
      load();
      return true;
    }
    return false;
  }, "early");
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    if (ready) {
      input.write(chunk);
      return;
    }
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0 && !ready; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (line.trim() === "" || early(line))
        continue;
      input.write(`${line}
`);
      load();
    }
    if (ready && buffer !== "") {
      input.write(buffer);
      buffer = "";
    }
  });
  process.stdin.once("end", () => {
    if (buffer !== "")
      input.write(buffer);
    buffer = "";
    input.end();
    load();
  });
  return exit;
}
__name(serveEarly, "serveEarly");
function dropEarlyAnswer() {
  let buffer = "";
  return new Writable({
    write(chunk, _encoding, done) {
      buffer += chunk.toString();
      let out = "";
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end + 1);
        buffer = buffer.slice(end + 1);
        if (!line.includes(EARLY_ID) || !isEarlyAnswer(line))
          out += line;
      }
      if (out === "")
        done();
      else
        process.stdout.write(out, () => done());
    }
  });
}
__name(dropEarlyAnswer, "dropEarlyAnswer");
function isEarlyAnswer(line) {
  try {
    return JSON.parse(line).id === EARLY_ID;
  } catch {
    return false;
  }
}
__name(isEarlyAnswer, "isEarlyAnswer");
export {
  earlyAnswers,
  serveEarly
};
