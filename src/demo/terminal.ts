const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const TICK_MS = 100;
// Quick steps never flash a spinner.
const SHOW_AFTER_MS = 250;

/**
 * The demo's output: transcript lines, plus progress for steps that take a while. On a TTY the
 * progress is a spinner with the elapsed time, redrawn under the transcript; when piped it is a
 * plain line, so logs stay readable.
 */
export interface Terminal {
  readonly tty: boolean;
  line(text?: string): void;
  /** Marks a step as running; `announce` prints a plain line for it when not on a TTY. */
  begin(label: string, announce?: boolean): () => number;
  /** Stops drawing the spinner, e.g. while a person types an answer. */
  hold(): void;
  release(): void;
  close(): void;
}

export function createTerminal(out: NodeJS.WritableStream, redact: (text: string) => string): Terminal {
  const tty = (out as { isTTY?: boolean }).isTTY === true;
  const running = new Map<number, { label: string; since: number }>();
  let nextId = 0;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  let drawn = false;
  let held = false;

  const write = (text: string) => out.write(redact(text));
  const clear = () => {
    if (drawn) write("\r\x1b[2K");
    drawn = false;
  };
  const draw = () => {
    if (!tty || held || running.size === 0) return;
    const since = Math.min(...[...running.values()].map((r) => r.since));
    if (Date.now() - since < SHOW_AFTER_MS) return;
    const labels = [...running.values()].map((r) => r.label).join(", ");
    const elapsed = ((Date.now() - since) / 1000).toFixed(1);
    clear();
    write(`${FRAMES[frame % FRAMES.length]} ${labels} ${elapsed}s`);
    drawn = true;
    frame++;
  };
  const sync = () => {
    if (tty && !held && running.size > 0 && timer === undefined) {
      timer = setInterval(draw, TICK_MS);
      timer.unref?.();
      draw();
    } else if ((held || running.size === 0) && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
      clear();
    }
  };

  return {
    tty,
    line(text = "") {
      clear();
      write(`${text}\n`);
      draw();
    },
    begin(label, announce = false) {
      const id = nextId++;
      const since = Date.now();
      running.set(id, { label, since });
      if (!tty && announce) {
        write(`  … ${label}\n`);
      }
      sync();
      return () => {
        running.delete(id);
        sync();
        if (running.size > 0) draw();
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
    },
  };
}
