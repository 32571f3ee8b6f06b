import { redact } from "../client/redact.js";
import type { ExitCode } from "./exit-codes.js";

/** The streams and environment the command runs with; tests and embedders can pass their own. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** A failure the command reports and ends with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
    /** Extra machine-readable fields for `--json` (status, blocked, ...). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** ANSI styling that is a no-op where colour is not wanted. */
export interface Style {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

/** Colour only on a terminal, never with NO_COLOR (any non-empty value) or TERM=dumb; FORCE_COLOR forces it. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true && env.TERM !== "dumb";
}

export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text;
  return {
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}

/**
 * Where everything the command says goes: results to stdout, messages and errors to stderr.
 * With `json`, every line is JSON. Every write passes through key redaction.
 */
export class Output {
  readonly outStyle: Style;
  readonly errStyle: Style;
  private readonly secrets: string[] = [];

  constructor(
    readonly io: CliIO,
    readonly json: boolean,
  ) {
    this.outStyle = createStyle(!json && colorEnabled(io.stdout, io.env));
    this.errStyle = createStyle(!json && colorEnabled(io.stderr, io.env));
  }

  /** A credential that must never be printed, whatever its shape. */
  secret(value: string | undefined): void {
    if (value) this.secrets.push(value);
  }

  clean(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = redact(out, secret);
    return redact(out);
  }

  /** A result as JSON on stdout. */
  result(value: unknown): void {
    this.io.stdout.write(`${this.clean(JSON.stringify(value, null, 2))}\n`);
  }

  /** Human text on stdout. */
  line(text = ""): void {
    this.io.stdout.write(`${this.clean(text)}\n`);
  }

  /** Human progress or advice on stderr; silent under --json, where stdout says it all. */
  info(text: string): void {
    if (!this.json) this.io.stderr.write(`${this.clean(text)}\n`);
  }

  /** A warning on stderr: a line, or `{"warning": ...}` under --json. */
  warn(text: string): void {
    if (this.json) this.io.stderr.write(`${this.clean(JSON.stringify({ warning: text }))}\n`);
    else this.io.stderr.write(`${this.errStyle.yellow("adrails: warning:")} ${this.clean(text)}\n`);
  }

  /** An error on stderr: `adrails: error: ...` with a hint, or one JSON object under --json. */
  error(error: CliError): void {
    if (this.json) {
      const body = {
        ok: false,
        error: error.message,
        ...(error.hint ? { hint: error.hint } : {}),
        ...error.details,
        exit_code: error.exitCode,
      };
      this.io.stderr.write(`${this.clean(JSON.stringify(body))}\n`);
      return;
    }
    const s = this.errStyle;
    let text = `${s.red("adrails: error:")} ${error.message}`;
    if (error.hint) text += `\n${s.dim("hint:")} ${error.hint}`;
    this.io.stderr.write(`${this.clean(text)}\n`);
  }

  /** Writes to stdout without redaction: only for the simulator's own demo keys. */
  unredacted(text: string): void {
    this.io.stdout.write(`${text}\n`);
  }
}
