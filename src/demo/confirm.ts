import { createInterface } from "node:readline";
import type { ConfirmChannel, ConfirmDecision, ConfirmRequest } from "../types.js";
import type { Terminal } from "./terminal.js";

/** How the demo gets a person's confirmation for an ACTIVE ad. */
export interface DemoConfirm {
  /** The toolkit's confirm channel; absent without a terminal, so the guard refuses on its own. */
  channel?: ConfirmChannel;
  /** Shows a request nobody can answer (no terminal). */
  unanswerable(request: ConfirmRequest): void;
  /** How many confirmations were requested. */
  asked(): number;
}

/**
 * With an input (interactive): the person at the terminal types the confirmation text, or presses
 * Enter to refuse. Otherwise there is no channel at all, which is what an unattended agent should have.
 */
export function createDemoConfirm(
  term: Terminal,
  input: NodeJS.ReadableStream | undefined,
  out: NodeJS.WritableStream,
): DemoConfirm {
  let asked = 0;
  const show = (request: ConfirmRequest) => {
    asked++;
    term.line("");
    term.line("  ┌ A person must confirm this ACTIVE ad. The guard's request:");
    term.line(`  │ ${request.message}`);
  };
  const channel =
    (input: NodeJS.ReadableStream): ConfirmChannel =>
    async (request) => {
      term.hold();
      try {
        show(request);
        const answer = await ask(
          input,
          out,
          "  └ Type a confirmation text to launch it ACTIVE (e.g. I approve this ad), or press Enter to refuse: ",
        );
        term.line("");
        return decide(answer);
      } finally {
        term.release();
      }
    };
  return {
    ...(input ? { channel: channel(input) } : {}),
    unanswerable(request) {
      show(request);
      term.line(
        "  └ No terminal here, so there is nobody to ask and no confirmation channel: the guard refuses.",
      );
    },
    asked: () => asked,
  };
}

function decide(answer: string | null): ConfirmDecision {
  if (answer === null) return { approved: false, reason: "the terminal closed before an answer" };
  const text = answer.trim();
  if (text === "") return { approved: false, reason: "refused at the terminal" };
  return { approved: true, text };
}

/** One line from `input`, or null when it ends first. */
function ask(
  input: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  question: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    const rl = createInterface({ input, output: out, terminal: false });
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    rl.once("close", () => {
      if (!answered) resolve(null);
    });
    out.write(question);
  });
}
