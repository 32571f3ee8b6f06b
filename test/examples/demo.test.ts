import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runDemo } from "../../src/demo/index.js";
import { nextScriptedTurn } from "../../src/demo/script.js";
import { createTerminal } from "../../src/demo/terminal.js";
import { createRedactor, formatDecisions, formatOutcome, shorten } from "../../src/demo/transcript.js";

/** A stream that keeps what is written; `tty` makes it look like a terminal. */
function capture(tty = false) {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as Writable & { isTTY?: boolean };
  if (tty) stream.isTTY = true;
  return { stream, text: () => text };
}

async function demo(options: { interactive?: boolean; answer?: string; env?: NodeJS.ProcessEnv } = {}) {
  const out = capture();
  const input = new PassThrough();
  if (options.answer !== undefined) input.end(`${options.answer}\n`);
  const code = await runDemo({
    interactive: options.interactive ?? false,
    out: out.stream,
    env: options.env ?? {},
    input,
  });
  return { code, text: out.text() };
}

describe("runDemo without a terminal (CI)", () => {
  it("runs the whole session, shows the refusal and the partial write, and exits 0", async () => {
    const { code, text } = await demo();
    expect(code, text).toBe(0);
    const calls = [...text.matchAll(/^ {2}→ (\S+)/gm)].map((m) => m[1]);
    expect(calls).toEqual([
      "list-accounts",
      "results",
      "health",
      "fatigue-alerts",
      "ad-copy",
      "save-creative",
      "push-creative",
      "push-creative",
      "creative-matrix",
    ]);
    // The guard's decisions, from the audit events.
    expect(text).toContain("hard-confirmation ✓ not ACTIVE: created PAUSED");
    expect(text).toMatch(/request-id ✎ injected request_id · request id adr_[0-9a-f]+/);
    expect(text).toContain("← push-creative: blocked by the hard-confirmation guard, nothing sent");
    expect(text).toContain("hard-confirmation ✗ no confirmation channel is configured");
    expect(text).toContain("No terminal here, so there is nobody to ask");
    // What the model read, and the 207 reported as such.
    expect(text).toMatch(/read {3}\{"ok":true,"status":200,"data":\{"accounts":\[/);
    expect(text).toContain("← creative-matrix: 207 partial: 2 applied, 2 failed");
    expect(text).toContain("do not repeat it");
    expect(text).toMatch(/model › .*I did not repeat the whole call/);
    // The summary.
    expect(text).toMatch(/ads created: 1\n {4}PAUSED ad \d+ "Trailhead 2 \| fresh copy"/);
    expect(text).toContain("ACTIVE: none");
    expect(text).toContain("tool calls: 9 (1 blocked by a guard); requests the service received: 8");
    expect(text).toContain("The API key appeared nowhere");
  });

  it("never prints a key, and prints no terminal control codes when piped", async () => {
    const { text } = await demo({
      env: { OPENAI_API_KEY: "", ADRAILS_API_KEY: "adk_notarealkey1234567890" },
    });
    expect(text).not.toMatch(/adk_[A-Za-z0-9]{8,}/);
    expect(text).not.toContain("\x1b[");
    expect(text).not.toContain("\r");
    expect(text).toContain("ADRAILS_API_KEY / ADRAILS_BASE_URL are ignored");
  });

  it("announces long steps with a plain line when piped", async () => {
    const { text } = await demo();
    expect(text).toContain("  … creative-matrix running\n");
  });
});

describe("runDemo at a terminal", () => {
  it("sends the person's confirmation text and creates the ACTIVE ad", async () => {
    const { code, text } = await demo({ interactive: true, answer: "I approve this ad" });
    expect(code, text).toBe(0);
    expect(text).toContain("A person must confirm this ACTIVE ad");
    expect(text).toContain("Type a confirmation text to launch it ACTIVE");
    expect(text).toContain("hard-confirmation ✓ approved by a person via confirm");
    expect(text).toMatch(/ads created: 2/);
    expect(text).toMatch(/ACTIVE ad \d+ "Trailhead 2 \| fresh copy \| live"/);
    expect(text).toContain("ACTIVE: 1, each confirmed by a person at the terminal");
  });

  it("an empty answer refuses the launch; nothing is sent", async () => {
    const { code, text } = await demo({ interactive: true, answer: "" });
    expect(code, text).toBe(0);
    expect(text).toContain("hard-confirmation ✗ a person declined: refused at the terminal");
    expect(text).toContain("ACTIVE: none");
    expect(text).toContain("requests the service received: 8");
  });

  it("a terminal that closes without an answer counts as a refusal", async () => {
    const out = capture();
    const input = new PassThrough();
    input.end();
    const code = await runDemo({ interactive: true, out: out.stream, env: {}, input });
    expect(code, out.text()).toBe(0);
    expect(out.text()).toContain("the terminal closed before an answer");
  });
});

describe("runDemo with OPENAI_API_KEY", () => {
  it("drives the same tools with a real model client, here against a local OpenAI-compatible server", async () => {
    const seen: { auth?: string; body: any }[] = [];
    // Answers like the Responses API: first a list-accounts call, then text once a result came back.
    const server = createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw);
      seen.push({ auth: req.headers.authorization, body });
      const answered = (body.input as { type?: string }[]).some(
        (item) => item.type === "function_call_output",
      );
      const output = answered
        ? [
            {
              type: "message",
              role: "assistant",
              id: "msg_1",
              content: [{ type: "output_text", text: "You have 3 accounts.", annotations: [] }],
            },
          ]
        : [{ type: "function_call", id: "fc_1", call_id: "call_1", name: "list-accounts", arguments: "{}" }];
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          id: `resp_${seen.length}`,
          created_at: 1,
          model: body.model,
          output,
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const secret = "sk-test-not-a-real-key-0123456789";
      const { code, text } = await demo({
        env: {
          OPENAI_API_KEY: secret,
          OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
          ADRAILS_DEMO_MODEL: "gpt-test",
        },
      });
      expect(code, text).toBe(0);
      expect(text).toContain("model     gpt-test (OpenAI)");
      expect(text).toContain("→ list-accounts {}");
      expect(text).toContain("model › You have 3 accounts.");
      expect(text).toContain("  … the model is thinking\n");
      expect(text).not.toContain(secret);
      expect(seen).toHaveLength(2);
      expect(seen[0]?.auth).toBe(`Bearer ${secret}`);
      expect(seen[0]?.body.model).toBe("gpt-test");
      expect(seen[0]?.body.tools).toHaveLength(52);
      expect(JSON.stringify(seen[0]?.body.input)).toContain("media buyer's assistant");
    } finally {
      server.close();
    }
  });
});

describe("the scripted model", () => {
  it("opens with list-accounts and takes its ids from what it read", () => {
    const first = nextScriptedTurn([{ role: "user", content: [] }]);
    expect(first.content.find((p) => p.type === "tool-call")).toMatchObject({ toolName: "list-accounts" });

    const accounts = JSON.stringify({
      ok: true,
      status: 200,
      data: { accounts: [{ id: "act_42", name: "Acme" }] },
    });
    const second = nextScriptedTurn([
      { role: "user", content: [] },
      { role: "assistant", content: [] },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolName: "list-accounts", output: { type: "text", value: accounts } },
        ],
      },
    ]);
    const call = second.content.find((p) => p.type === "tool-call");
    expect(call?.toolName).toBe("results");
    expect(JSON.parse(call?.input)).toMatchObject({ account_id: "act_42", level: "adset" });
  });

  it("still finds the account id in a result cut short by the cap", () => {
    const cut = `{"ok":true,"status":200,"data":{"accounts":[{"id":"act_777","name":"Ac …[truncated by adrails]`;
    const turn = nextScriptedTurn([
      { role: "assistant", content: [] },
      {
        role: "tool",
        content: [{ type: "tool-result", toolName: "list-accounts", output: { type: "text", value: cut } }],
      },
    ]);
    const call = turn.content.find((p) => p.type === "tool-call");
    expect(JSON.parse(call?.input).account_id).toBe("act_777");
  });
});

describe("transcript helpers", () => {
  it("redacts known secrets and anything shaped like a key", () => {
    const redact = createRedactor(["sk-openai-secret-value", undefined]);
    expect(redact("a sk-openai-secret-value b adk_abcdefghijklmnop c")).toBe("a adk_*** b adk_*** c");
    // Encoded forms too, through the client's one redaction.
    const encoded = Buffer.from("sk-openai-secret-value").toString("base64");
    expect(redact(`x ${encoded} y`)).not.toContain(encoded);
  });

  it("shortens to one line with a visible cut", () => {
    expect(shorten("a\n  b", 10)).toBe("a b");
    expect(shorten("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("formats guard decisions and outcomes", () => {
    expect(
      formatDecisions({
        tool: "push-creative",
        requestId: "adr_1",
        decisions: [
          { guard: "validation", decision: "allow" },
          { guard: "hard-confirmation", decision: "refuse", detail: "no channel" },
        ],
        status: null,
        ok: false,
        durationMs: 1,
      }),
    ).toBe("validation ✓ · hard-confirmation ✗ no channel · request id adr_1");
    expect(formatDecisions(undefined)).toBe("(no audit event)");
    expect(formatOutcome({ ok: "partial", status: 207, applied: [1], failed: [2, 3], note: "n" })).toBe(
      "207 partial: 1 applied, 2 failed",
    );
    expect(formatOutcome({ ok: false, status: 409, error: "e", hint: "h", retryable: false })).toBe(
      "409 error",
    );
  });
});

describe("the demo terminal", () => {
  it("draws a spinner with the elapsed time on a TTY, only for steps that take a while", async () => {
    const out = capture(true);
    const term = createTerminal(out.stream, (t) => t);
    const quick = term.begin("quick step");
    quick();
    expect(out.text()).toBe("");
    const slow = term.begin("slow step");
    await new Promise((resolve) => setTimeout(resolve, 400));
    term.line("a transcript line");
    slow();
    term.close();
    expect(out.text()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] slow step 0\.\ds/);
    // The spinner is cleared before a transcript line and after the step.
    expect(out.text()).toContain("\r\x1b[2Ka transcript line\n");
    expect(out.text().endsWith("\r\x1b[2K")).toBe(true);
  });

  it("prints a plain line for announced steps when piped, and nothing else", async () => {
    const out = capture(false);
    const term = createTerminal(out.stream, (t) => t);
    const done = term.begin("creative-matrix running", true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    done();
    term.begin("quiet step")();
    expect(out.text()).toBe("  … creative-matrix running\n");
  });
});
