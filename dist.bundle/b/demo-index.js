import {
  startSimulator
} from "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import {
  createAdTools
} from "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import {
  redact
} from "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/demo/confirm.js
import { createInterface } from "node:readline";
function createDemoConfirm(term, input, out) {
  let asked = 0;
  const show = /* @__PURE__ */ __name((request) => {
    asked++;
    term.line("");
    term.line("  \u250C A person must confirm this ACTIVE ad. The guard's request:");
    term.line(`  \u2502 ${request.message}`);
  }, "show");
  const channel = /* @__PURE__ */ __name((input2) => async (request) => {
    term.hold();
    try {
      show(request);
      const answer = await ask(input2, out, "  \u2514 Type a confirmation text to launch it ACTIVE (e.g. I approve this ad), or press Enter to refuse: ");
      term.line("");
      return decide(answer);
    } finally {
      term.release();
    }
  }, "channel");
  return {
    ...input ? { channel: channel(input) } : {},
    unanswerable(request) {
      show(request);
      term.line("  \u2514 No terminal here, so there is nobody to ask and no confirmation channel: the guard refuses.");
    },
    asked: /* @__PURE__ */ __name(() => asked, "asked")
  };
}
__name(createDemoConfirm, "createDemoConfirm");
function decide(answer) {
  if (answer === null)
    return { approved: false, reason: "the terminal closed before an answer" };
  const text = answer.trim();
  if (text === "")
    return { approved: false, reason: "refused at the terminal" };
  return { approved: true, text };
}
__name(decide, "decide");
function ask(input, out, question) {
  return new Promise((resolve) => {
    const rl = createInterface({ input, output: out, terminal: false });
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    rl.once("close", () => {
      if (!answered)
        resolve(null);
    });
    out.write(question);
  });
}
__name(ask, "ask");

// dist/demo/script.js
var DEMO_PRODUCT = "Trailhead 2 waterproof hiking boots, light enough for fast hikes and grippy on wet rock; free returns for 60 days.";
var DEMO_IMAGE_URL = "https://cdn.northwind-outdoor.example/creatives/trailhead-2-hero.jpg";
var DEMO_LANDING_URL = "https://northwind-outdoor.example/trailhead-2";
var DEMO_SYSTEM_PROMPT = `You are a media buyer's assistant with guarded tools for the Ad Analysis and Creative Service.
Work through this goal one step at a time, reading every tool result before the next call:
1. List the ad accounts and use the first one.
2. Read its results per ad set for the last 7 days; pick the ad set with the lowest CPA.
3. Check the account's health and its fatigue alerts.
4. Write ad copy (objective Leads, tone Bold) from this product description: ${DEMO_PRODUCT}
5. Save the image ${DEMO_IMAGE_URL} to the creative library.
6. Create the ad with push-creative, status PAUSED, in that ad set: that image, the first headline and primary text of the copy, website_url ${DEMO_LANDING_URL}.
7. There is no tool that activates an existing ad, so launching means creating it with status ACTIVE: try that once with the same fields. A person must confirm it; if it is refused, do not retry, say so.
8. Generate a small creative matrix for the account: angles pain and gain, hooks question and bold claim.
A result with ok "partial" (HTTP 207) is not a success: report what was applied and what failed, and never repeat the whole call.
Finish with a short summary for the person: the ads created and their status, what was refused and why.`;
var DEMO_USER_PROMPT = "Refresh the Trailhead 2 ads: check how the account is doing, write new copy, stage the ad, and launch it if I confirm.";
var usage = /* @__PURE__ */ __name(() => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: void 0, cacheWrite: void 0 },
  outputTokens: { total: 0, text: 0, reasoning: void 0 }
}), "usage");
function toolResultsIn(prompt) {
  const seen = [];
  for (const message of prompt) {
    if (message?.role !== "tool" || !Array.isArray(message.content))
      continue;
    for (const part of message.content) {
      if (part?.type !== "tool-result")
        continue;
      const output = part.output;
      const text = typeof output?.value === "string" ? output.value : JSON.stringify(output?.value ?? null);
      seen.push({ toolName: String(part.toolName), value: parse(text), text });
    }
  }
  return seen;
}
__name(toolResultsIn, "toolResultsIn");
function parse(text) {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}
__name(parse, "parse");
function nextScriptedTurn(prompt) {
  const turn = prompt.filter((m) => m?.role === "assistant").length;
  const results = toolResultsIn(prompt);
  const last = /* @__PURE__ */ __name((name) => [...results].reverse().find((r) => r.toolName === name), "last");
  const all = /* @__PURE__ */ __name((name) => results.filter((r) => r.toolName === name), "all");
  let callIndex = 0;
  const call = /* @__PURE__ */ __name((toolName, input) => ({
    type: "tool-call",
    toolCallId: `demo_${turn}_${callIndex++}`,
    toolName,
    input: JSON.stringify(input)
  }), "call");
  const say = /* @__PURE__ */ __name((text) => ({ type: "text", text }), "say");
  const act = /* @__PURE__ */ __name((...content) => ({
    content,
    finishReason: { unified: "tool-calls", raw: void 0 },
    usage: usage(),
    warnings: []
  }), "act");
  const account = pickAccount(last("list-accounts"));
  const adset = pickAdset(last("results"));
  const copy = pickCopy(last("ad-copy"));
  const ad = {
    account_id: account.id,
    adset_id: adset.id,
    image_url: DEMO_IMAGE_URL,
    website_url: DEMO_LANDING_URL,
    headline: copy.headline,
    primary_text: copy.primaryText,
    ad_name: "Trailhead 2 | fresh copy"
  };
  switch (turn) {
    case 0:
      return act(say("First, the ad accounts this key can reach."), call("list-accounts", {}));
    case 1:
      return act(say(`Using ${account.name} (${account.id}). Reading last week's results per ad set.`), call("results", { account_id: account.id, level: "adset", date_preset: "last_7d" }));
    case 2:
      return act(say(`Lowest CPA: ${adset.name} (${adset.cpa}). Checking the account's health and ad fatigue.`), call("health", { account_id: account.id }), call("fatigue-alerts", { account_id: account.id }));
    case 3:
      return act(say(`${describeHealth(last("health"))}; ${describeFatigue(last("fatigue-alerts"))}. Fresh copy is due.`), call("ad-copy", { description: DEMO_PRODUCT, objective: "Leads", tone: "Bold" }));
    case 4:
      return act(say(`Headline: "${copy.headline}". Saving the hero image to the creative library.`), call("save-creative", { image_url: DEMO_IMAGE_URL, prompt: "Trailhead 2 hero shot" }));
    case 5:
      return act(say("Creating the ad PAUSED first, so nothing spends yet."), call("push-creative", { ...ad, status: "PAUSED" }));
    case 6:
      return act(say(`${describePush(last("push-creative"))}. No tool activates an existing ad, so launching means creating it ACTIVE; that needs a person's confirmation.`), call("push-creative", { ...ad, ad_name: "Trailhead 2 | fresh copy | live", status: "ACTIVE" }));
    case 7:
      return act(say(`${describeLaunch(last("push-creative"))}. Next, a small creative matrix (2 angles x 2 hooks).`), call("creative-matrix", {
        account_id: account.id,
        angles: ["pain", "gain"],
        hooks: ["question", "bold claim"]
      }));
    default:
      return {
        content: [say(finalSummary(all("push-creative"), last("creative-matrix")))],
        finishReason: { unified: "stop", raw: void 0 },
        usage: usage(),
        warnings: []
      };
  }
}
__name(nextScriptedTurn, "nextScriptedTurn");
function pickAccount(seen) {
  const first = seen?.value?.data?.accounts?.[0];
  if (first && typeof first.id === "string")
    return { id: first.id, name: String(first.name ?? first.id) };
  const id = /act_\d+/.exec(seen?.text ?? "")?.[0] ?? "act_unknown";
  return { id, name: id };
}
__name(pickAccount, "pickAccount");
function pickAdset(seen) {
  const rows = seen?.value?.data?.rows ?? [];
  const priced = rows.filter((r) => typeof r.id === "string" && typeof r.cpa === "number");
  const best = priced.sort((a, b) => a.cpa - b.cpa)[0] ?? rows[0];
  const currency = seen?.value?.data?.currency ?? "";
  return {
    id: best?.id ?? "unknown",
    name: best?.name ?? "the first ad set",
    cpa: typeof best?.cpa === "number" ? `CPA ${best.cpa} ${currency}`.trim() : "CPA unknown"
  };
}
__name(pickAdset, "pickAdset");
function pickCopy(seen) {
  const data = seen?.value?.data;
  return {
    headline: data?.headlines?.[0] ?? "Trailhead 2: waterproof, light, grippy",
    primaryText: data?.primary_texts?.[0] ?? DEMO_PRODUCT
  };
}
__name(pickCopy, "pickCopy");
function describeHealth(seen) {
  const data = seen?.value?.data;
  if (!data)
    return "Health could not be read";
  return `Health ${data.score} (${String(data.rating).replace(/_/g, " ")}), weakest: ${String(data.weakest_component).replace(/_/g, " ")}`;
}
__name(describeHealth, "describeHealth");
function describeFatigue(seen) {
  const alerts = seen?.value?.data?.alerts ?? [];
  const fatigued = alerts.filter((a) => a.verdict === "fatigued").length;
  return `${fatigued} fatigued ad${fatigued === 1 ? "" : "s"}, ${alerts.length - fatigued} at risk`;
}
__name(describeFatigue, "describeFatigue");
function describePush(seen) {
  const v = seen?.value;
  if (v?.ok === true)
    return `Ad ${v.data?.ad_id} created ${v.data?.status}`;
  return `The PAUSED ad was not created (${v?.error ?? "no readable result"})`;
}
__name(describePush, "describePush");
function describeLaunch(seen) {
  const v = seen?.value;
  if (v?.ok === true)
    return `A person confirmed it: ad ${v.data?.ad_id} is ${v.data?.status}`;
  if (v?.blocked)
    return "The launch was refused before anything was sent; I will not retry it";
  return `The launch failed (${v?.error ?? "no readable result"}); I will not retry it`;
}
__name(describeLaunch, "describeLaunch");
function finalSummary(pushes, matrix) {
  const lines = [];
  const [paused, launch] = pushes;
  lines.push(`${describePush(paused)} in the best ad set, with the new copy.`);
  if (launch?.value?.ok === true) {
    lines.push(`You confirmed the launch, so ad ${launch.value.data?.ad_id} is ACTIVE and can spend now.`);
  } else if (launch?.value?.blocked) {
    lines.push("The ACTIVE launch was refused because no person confirmed it; nothing was sent. Confirm it yourself to go live.");
  } else if (launch) {
    lines.push(`The ACTIVE launch failed: ${launch.value?.error ?? "no readable result"}.`);
  }
  const m = matrix?.value;
  if (m?.ok === "partial") {
    const failed = m.failed ?? [];
    const which = failed.map((f) => `${f.angle} x ${f.hook}`).join(", ");
    lines.push(`The creative matrix only partly worked (207): ${m.applied?.length ?? 0} creatives made, ${failed.length} failed (${which}). I did not repeat the whole call, which would duplicate what was made; the failed cells can be retried on their own.`);
  } else if (m?.ok === true) {
    lines.push(`The creative matrix made ${m.data?.creatives?.length ?? 0} creatives.`);
  } else if (matrix) {
    lines.push(`The creative matrix failed: ${m?.error ?? "no readable result"}.`);
  }
  return lines.join(" ");
}
__name(finalSummary, "finalSummary");

// dist/demo/terminal.js
var FRAMES = ["\u280B", "\u2819", "\u2839", "\u2838", "\u283C", "\u2834", "\u2826", "\u2827", "\u2807", "\u280F"];
var TICK_MS = 100;
var SHOW_AFTER_MS = 250;
function createTerminal(out, redact2) {
  const tty = out.isTTY === true;
  const running = /* @__PURE__ */ new Map();
  let nextId = 0;
  let frame = 0;
  let timer;
  let drawn = false;
  let held = false;
  const write = /* @__PURE__ */ __name((text) => out.write(redact2(text)), "write");
  const clear = /* @__PURE__ */ __name(() => {
    if (drawn)
      write("\r\x1B[2K");
    drawn = false;
  }, "clear");
  const draw = /* @__PURE__ */ __name(() => {
    if (!tty || held || running.size === 0)
      return;
    const since = Math.min(...[...running.values()].map((r) => r.since));
    if (Date.now() - since < SHOW_AFTER_MS)
      return;
    const labels = [...running.values()].map((r) => r.label).join(", ");
    const elapsed = ((Date.now() - since) / 1e3).toFixed(1);
    clear();
    write(`${FRAMES[frame % FRAMES.length]} ${labels} ${elapsed}s`);
    drawn = true;
    frame++;
  }, "draw");
  const sync = /* @__PURE__ */ __name(() => {
    if (tty && !held && running.size > 0 && timer === void 0) {
      timer = setInterval(draw, TICK_MS);
      timer.unref?.();
      draw();
    } else if ((held || running.size === 0) && timer !== void 0) {
      clearInterval(timer);
      timer = void 0;
      clear();
    }
  }, "sync");
  return {
    tty,
    line(text = "") {
      clear();
      write(`${text}
`);
      draw();
    },
    begin(label, announce2 = false) {
      const id = nextId++;
      const since = Date.now();
      running.set(id, { label, since });
      if (!tty && announce2) {
        write(`  \u2026 ${label}
`);
      }
      sync();
      return () => {
        running.delete(id);
        sync();
        if (running.size > 0)
          draw();
        return Date.now() - since;
      };
    },
    hold() {
      held = true;
      sync();
    },
    release() {
      held = false;
      sync();
    },
    close() {
      running.clear();
      sync();
    }
  };
}
__name(createTerminal, "createTerminal");

// dist/demo/transcript.js
function shorten(text, max) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max)
    return flat;
  return `${flat.slice(0, Math.max(0, max - 1))}\u2026`;
}
__name(shorten, "shorten");
function createRedactor(secrets) {
  const known = secrets.filter((s) => typeof s === "string" && s.length >= 8);
  return (text) => known.reduce((out, secret) => redact(out, secret), redact(text));
}
__name(createRedactor, "createRedactor");
function formatArgs(input, max = 140) {
  const text = typeof input === "string" ? input : JSON.stringify(input ?? {});
  return shorten(text, max);
}
__name(formatArgs, "formatArgs");
function formatDecisions(event) {
  if (!event)
    return "(no audit event)";
  if (event.decisions.length === 0)
    return "(no guard decided anything)";
  const mark = { allow: "\u2713", modify: "\u270E", refuse: "\u2717" };
  const parts = event.decisions.map((d) => `${d.guard} ${mark[d.decision]}${d.detail ? ` ${d.detail}` : ""}`);
  if (event.requestId)
    parts.push(`request id ${event.requestId}`);
  return parts.join(" \xB7 ");
}
__name(formatDecisions, "formatDecisions");
function formatOutcome(result) {
  if (result.ok === true)
    return `${result.status} ok`;
  if (result.ok === "partial") {
    return `207 partial: ${result.applied.length} applied, ${result.failed.length} failed`;
  }
  if ("blocked" in result)
    return `blocked by the ${result.blocked} guard, nothing sent`;
  return result.status === null ? "no answer from the service" : `${result.status} error`;
}
__name(formatOutcome, "formatOutcome");
function highlights(result) {
  const out = [];
  if (result.ok !== true) {
    if ("error" in result)
      out.push(["error", result.error]);
    if ("hint" in result)
      out.push(["hint", result.hint]);
  }
  if (result.note)
    out.push(["note", result.note]);
  return out;
}
__name(highlights, "highlights");

// dist/demo/index.js
var DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
var MAX_STEPS = 16;
var READ_CHARS = 180;
async function runDemo(options = {}) {
  const out = options.out ?? process.stdout;
  const env = options.env ?? process.env;
  const interactive = options.interactive ?? process.stdin.isTTY === true;
  const loaded = await loadAiSdk();
  if (!loaded) {
    out.write("The adrails demo runs an agent with the Vercel AI SDK, which is not installed.\nInstall it next to adrails, then run the demo again:\n\n  npm install ai\n");
    return 1;
  }
  let sim;
  let term = createTerminal(out, createRedactor([env.OPENAI_API_KEY, env.ADRAILS_API_KEY]));
  try {
    sim = await startSimulator();
    term = createTerminal(out, createRedactor([env.OPENAI_API_KEY, env.ADRAILS_API_KEY, ...Object.values(sim.keys)]));
    const input = interactive ? options.input ?? process.stdin : void 0;
    return await session(loaded, sim, term, { env, input, out });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    term.line(`
The demo stopped: ${message}`);
    return 1;
  } finally {
    term.close();
    await sim?.close();
  }
}
__name(runDemo, "runDemo");
async function loadAiSdk() {
  try {
    const ai = await import("ai");
    const { aiSdkTools } = await import("./adapters-ai-sdk.js");
    return { ai, aiSdkTools };
  } catch (error) {
    if (isMissingPackage(error, "ai"))
      return null;
    throw error;
  }
}
__name(loadAiSdk, "loadAiSdk");
function isMissingPackage(error, name) {
  const e = error;
  return (e?.code === "ERR_MODULE_NOT_FOUND" || e?.code === "MODULE_NOT_FOUND") && typeof e.message === "string" && e.message.includes(`'${name}'`);
}
__name(isMissingPackage, "isMissingPackage");
async function session(loaded, sim, term, opts) {
  const { ai, aiSdkTools } = loaded;
  const events = /* @__PURE__ */ new Map();
  const confirm = createDemoConfirm(term, opts.input, opts.out);
  const toolkit = createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    ...confirm.channel ? { confirm: confirm.channel } : {},
    onEvent: /* @__PURE__ */ __name((event) => {
      if (event.toolCallId)
        events.set(event.toolCallId, event);
    }, "onEvent")
  });
  const real = Boolean(opts.env.OPENAI_API_KEY);
  const model = real ? await openAiModel(opts.env) : await scriptedModel();
  if (!model) {
    term.line("OPENAI_API_KEY is set, but @ai-sdk/openai is not installed: npm install @ai-sdk/openai");
    return 1;
  }
  const modelName = real ? `${opts.env.ADRAILS_DEMO_MODEL ?? DEFAULT_OPENAI_MODEL} (OpenAI)` : "a scripted model";
  sim.control.fault({ kind: "partial", tool: "creative-matrix" });
  term.line("adrails demo: an AI SDK agent with guarded tools, against the in-process simulator");
  term.line(`  service   ${sim.url} (simulator, Pro plan demo key)`);
  term.line(`  model     ${modelName}${real ? "" : "; set OPENAI_API_KEY to use a real one (ADRAILS_DEMO_MODEL picks it)"}`);
  term.line(`  confirm   ${opts.input ? "you will be asked before any ad goes ACTIVE" : "no terminal: an ACTIVE launch will be refused"}`);
  if (opts.env.ADRAILS_API_KEY || opts.env.ADRAILS_BASE_URL) {
    term.line("  note      ADRAILS_API_KEY / ADRAILS_BASE_URL are ignored: the demo never writes to a real account");
  }
  term.line("");
  term.line(`user \u203A ${DEMO_USER_PROMPT}`);
  const tools = watchTools(aiSdkTools(toolkit, { approval: "callback" }), toolkit, events, term, confirm);
  const results = [];
  const watched = ai.wrapLanguageModel({
    model,
    middleware: announce(term, real)
  });
  await ai.generateText({
    model: watched,
    system: DEMO_SYSTEM_PROMPT,
    prompt: DEMO_USER_PROMPT,
    tools,
    stopWhen: ai.stepCountIs(MAX_STEPS),
    onStepFinish: /* @__PURE__ */ __name((step) => {
      for (const part of step.toolResults)
        results.push({ tool: part.toolName, result: part.output });
    }, "onStepFinish")
  });
  const leaked = [...results, ...events.values()].some((item) => JSON.stringify(item).includes(sim.apiKey));
  return summary(sim, term, results, { real, leaked, approvalsAsked: confirm.asked() });
}
__name(session, "session");
async function scriptedModel() {
  const { MockLanguageModelV3 } = await import("ai/test");
  return new MockLanguageModelV3({
    provider: "adrails-demo",
    modelId: "scripted",
    doGenerate: /* @__PURE__ */ __name(async (options) => nextScriptedTurn(options.prompt), "doGenerate")
  });
}
__name(scriptedModel, "scriptedModel");
async function openAiModel(env) {
  try {
    const { createOpenAI } = await import("@ai-sdk/openai");
    const openai = createOpenAI({
      apiKey: env.OPENAI_API_KEY,
      ...env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}
    });
    return openai(env.ADRAILS_DEMO_MODEL ?? DEFAULT_OPENAI_MODEL);
  } catch (error) {
    if (isMissingPackage(error, "@ai-sdk/openai"))
      return null;
    throw error;
  }
}
__name(openAiModel, "openAiModel");
function announce(term, real) {
  return {
    specificationVersion: "v3",
    wrapGenerate: /* @__PURE__ */ __name(async ({ doGenerate }) => {
      const done = term.begin("the model is thinking", real);
      const result = await doGenerate();
      done();
      const calls = result.content.filter((part) => part.type === "tool-call");
      for (const part of result.content) {
        if (part.type === "text" && part.text.trim() !== "" && calls.length > 0)
          term.line(`
model \u203A ${part.text}`);
      }
      if (calls.length === 0) {
        const text = result.content.map((part) => part.type === "text" ? part.text : "").join("");
        if (text.trim() !== "")
          term.line(`
model \u203A ${text}`);
      }
      for (const part of calls)
        if (part.type === "tool-call")
          term.line(`  \u2192 ${part.toolName} ${formatArgs(part.input)}`);
      return result;
    }, "wrapGenerate")
  };
}
__name(announce, "announce");
function watchTools(tools, toolkit, events, term, confirm) {
  const watched = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    if (!execute)
      continue;
    const long = toolkit.get(name)?.definition.effect === "workflow";
    watched[name] = {
      ...tool,
      execute: /* @__PURE__ */ __name(async (input, options) => {
        const request = confirm.channel ? null : toolkit.get(name)?.confirmationRequest(input);
        if (request)
          confirm.unanswerable(request);
        const done = term.begin(`${name} running`, long);
        const result = await execute(input, options);
        const ms = done();
        term.line(`  \u2190 ${name}: ${formatOutcome(result)} (${ms} ms)`);
        term.line(`     guard  ${formatDecisions(events.get(options.toolCallId))}`);
        term.line(`     read   ${shorten(toolkit.toModelText(result), READ_CHARS)}`);
        for (const [label, text] of highlights(result))
          term.line(`     ${label.padEnd(6)} ${text}`);
        return result;
      }, "execute")
    };
  }
  return watched;
}
__name(watchTools, "watchTools");
function summary(sim, term, results, info) {
  const ads = sim.control.ads();
  const requests = sim.control.requests().filter((r) => r.tool !== null);
  const partials = results.filter((r) => r.result.ok === "partial");
  const blocked = results.filter((r) => r.result.ok === false && "blocked" in r.result);
  term.line("");
  term.line("Summary");
  term.line(`  ads created: ${ads.length}`);
  for (const ad of ads) {
    term.line(`    ${ad.status.padEnd(6)} ad ${ad.ad_id} "${ad.name}" in ad set ${ad.adset_id} (${ad.created_by})`);
  }
  const active = ads.filter((ad) => ad.status === "ACTIVE");
  term.line(active.length > 0 ? `  ACTIVE: ${active.length}, each confirmed by a person at the terminal` : "  ACTIVE: none. Going live needs a person's confirmation, and nothing unconfirmed was sent");
  for (const p of partials) {
    if (p.result.ok !== "partial")
      continue;
    term.line(`  partial write: ${p.tool} 207, ${p.result.applied.length} applied, ${p.result.failed.length} failed; the model was told not to repeat the whole call`);
  }
  term.line(`  tool calls: ${results.length} (${blocked.length} blocked by a guard); requests the service received: ${requests.length}`);
  if (info.leaked) {
    term.line("\nThe API key appeared in a tool result or an audit event (redacted above). This is a bug.");
    return 1;
  }
  term.line("  The API key appeared nowhere: not in this transcript, the tool results or the audit events.");
  if (info.real)
    return 0;
  const problems = [];
  if (!ads.some((ad) => ad.status === "PAUSED" && ad.created_by === "push-creative"))
    problems.push("no PAUSED ad");
  if (active.length > 0 && info.approvalsAsked === 0)
    problems.push("an ACTIVE ad nobody confirmed");
  if (info.approvalsAsked !== 1)
    problems.push(`the person was asked ${info.approvalsAsked} times, not once`);
  if (partials.length !== 1)
    problems.push("no partial write shown");
  if (requests.filter((r) => r.tool === "creative-matrix").length !== 1)
    problems.push("the matrix was repeated");
  if (problems.length > 0) {
    term.line(`
The scripted session did not go as intended: ${problems.join("; ")}.`);
    return 1;
  }
  return 0;
}
__name(summary, "summary");
export {
  runDemo
};
