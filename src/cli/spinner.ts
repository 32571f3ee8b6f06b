/** A progress line with elapsed time, for calls that can take minutes. */
export interface Spinner {
  /** Shows the line (again); the elapsed time counts from the first start. */
  start(): void;
  /** Clears the line; start() shows it again. */
  stop(): void;
}

const FRAMES = ["|", "/", "-", "\\"];

/**
 * A spinner on a terminal; nothing at all when the stream is not a TTY (piped, CI logs), under
 * --json, or with TERM=dumb. The line appears only after `delayMs`, so quick calls never flash it.
 */
export function createSpinner(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  label: string,
  options: { enabled: boolean; delayMs?: number; intervalMs?: number },
): Spinner {
  if (!options.enabled || stream.isTTY !== true) return { start() {}, stop() {} };
  const delayMs = options.delayMs ?? 1000;
  const intervalMs = options.intervalMs ?? 100;
  let startedAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let frame = 0;
  let shown = false;

  const draw = () => {
    const seconds = Math.floor((Date.now() - (startedAt ?? Date.now())) / 1000);
    const glyph = FRAMES[frame++ % FRAMES.length];
    stream.write(`\r\x1b[K${glyph} ${label} ${seconds} s`);
    shown = true;
  };

  return {
    start() {
      startedAt ??= Date.now();
      if (timer) return;
      const wait = Math.max(0, startedAt + delayMs - Date.now());
      timer = setTimeout(() => {
        draw();
        timer = setInterval(draw, intervalMs);
        timer.unref();
      }, wait);
      timer.unref();
    },
    stop() {
      clearTimeout(timer);
      clearInterval(timer);
      timer = undefined;
      if (shown) stream.write("\r\x1b[K");
      shown = false;
    },
  };
}
