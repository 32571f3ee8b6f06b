import { createInterface } from "node:readline";
import type { ConfirmChannel, ConfirmRequest } from "../types.js";
import type { CliIO, Output } from "./output.js";
import type { Spinner } from "./spinner.js";

const NEGATIVE = /^(n|no|nope|cancel|abort|stop|quit|q|deny|refuse|don'?t|do not)\b/i;

/** Why a typed answer does not count as a confirmation, or null when it does. */
export function rejectAnswer(answer: string): string | null {
  const text = answer.trim();
  if (text === "") return "nothing was typed";
  if (NEGATIVE.test(text)) return `the answer was ${JSON.stringify(text)}`;
  if (text.split(/\s+/).length < 2) {
    return `a confirmation sentence is needed, not the single word ${JSON.stringify(text)}`;
  }
  return null;
}

/**
 * The CLI's human channel for hard confirmation of an ACTIVE ad:
 * - `--confirm-text`, written by the person on the command line, is the confirmation;
 * - else on a terminal the person reads the request and types a confirmation sentence;
 * - else there is no channel, and the toolkit refuses the call (nothing is sent).
 * There is never a default answer.
 */
export function createCliConfirm(
  io: CliIO,
  output: Output,
  options: { confirmText?: string; spinner?: Spinner },
): ConfirmChannel | undefined {
  const { confirmText, spinner } = options;
  if (confirmText !== undefined) {
    // Written before the request existed: it cannot have seen that an identical ad is (or may be)
    // live, so the toolkit refuses it for such a request, and the person is told why.
    return (request) => {
      if (request.previousLive || request.possiblyLive) {
        output.info(`Not confirmed by --confirm-text: ${request.message}`);
      } else {
        output.info(`Confirmed by --confirm-text: ${request.message}`);
      }
      return { approved: true, text: confirmText, channel: "cli", prewritten: true };
    };
  }
  if (io.stdin.isTTY !== true || io.stderr.isTTY !== true) return undefined;
  return async (request) => {
    spinner?.stop();
    try {
      io.stderr.write(`${describe(request, output)}\n`);
      const answer = await ask(io, "> ");
      const problem = answer === null ? "the prompt was closed" : rejectAnswer(answer);
      if (problem !== null) {
        io.stderr.write(`Not confirmed (${problem}); nothing will be sent.\n`);
        return { approved: false, reason: problem, channel: "cli" };
      }
      return { approved: true, text: answer!.trim(), channel: "cli" };
    } finally {
      spinner?.start();
    }
  };
}

function describe(request: ConfirmRequest, output: Output): string {
  const s = output.errStyle;
  const { summary } = request;
  if (!("adset_id" in summary)) {
    return [
      s.bold(s.yellow(`The tool ${summary.tool} needs a person's approval before it runs.`)),
      output.clean(request.message),
      `  ${"approval".padEnd(13)}valid until ${new Date(request.expiresAt).toLocaleTimeString()}`,
      "Type a sentence approving this exact call, or press Enter to refuse.",
    ].join("\n");
  }
  const rows: [string, string | undefined][] = [
    ["account", summary.account_id],
    ["ad set", summary.adset_id],
    ["media", summary.media],
    ["destination", summary.destination],
    ["headline", summary.headline],
    ["primary text", summary.primary_text],
  ];
  const lines = [
    s.bold(s.yellow("This ad would be created ACTIVE: it can start spending money at once.")),
    output.clean(request.message),
    ...rows.filter(([, v]) => v !== undefined).map(([k, v]) => `  ${k.padEnd(13)}${output.clean(v!)}`),
    `  ${"approval".padEnd(13)}valid until ${new Date(request.expiresAt).toLocaleTimeString()}`,
    "Type a sentence confirming that this ad may go live now (it is sent to the service as the",
    "confirmation), or press Enter to refuse.",
  ];
  return lines.join("\n");
}

/** One line from the terminal, or null if the person closed the prompt (Ctrl-C, Ctrl-D). */
function ask(io: CliIO, question: string): Promise<string | null> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
    let answered = false;
    rl.on("SIGINT", () => rl.close());
    rl.on("close", () => {
      if (answered) return;
      io.stderr.write("\n");
      resolve(null);
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}
