import {
  redact
} from "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/output.js
var CliError = class extends Error {
  static {
    __name(this, "CliError");
  }
  exitCode;
  hint;
  details;
  constructor(message, exitCode, hint, details = {}) {
    super(message);
    this.exitCode = exitCode;
    this.hint = hint;
    this.details = details;
  }
};
function colorEnabled(stream, env) {
  if (env.NO_COLOR !== void 0 && env.NO_COLOR !== "")
    return false;
  if (env.FORCE_COLOR !== void 0 && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0")
    return true;
  return stream.isTTY === true && env.TERM !== "dumb";
}
__name(colorEnabled, "colorEnabled");
function createStyle(enabled) {
  const wrap = /* @__PURE__ */ __name((open, close) => (text) => enabled ? `\x1B[${open}m${text}\x1B[${close}m` : text, "wrap");
  return {
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22)
  };
}
__name(createStyle, "createStyle");
var Output = class {
  static {
    __name(this, "Output");
  }
  io;
  json;
  outStyle;
  errStyle;
  secrets = [];
  constructor(io, json) {
    this.io = io;
    this.json = json;
    this.outStyle = createStyle(!json && colorEnabled(io.stdout, io.env));
    this.errStyle = createStyle(!json && colorEnabled(io.stderr, io.env));
  }
  /** A credential that must never be printed, whatever its shape. */
  secret(value) {
    if (value)
      this.secrets.push(value);
  }
  clean(text) {
    let out = text;
    for (const secret of this.secrets)
      out = redact(out, secret);
    return redact(out);
  }
  /** A result as JSON on stdout. */
  result(value) {
    this.io.stdout.write(`${this.clean(JSON.stringify(value, null, 2))}
`);
  }
  /** Human text on stdout. */
  line(text = "") {
    this.io.stdout.write(`${this.clean(text)}
`);
  }
  /** Human progress or advice on stderr; silent under --json, where stdout says it all. */
  info(text) {
    if (!this.json)
      this.io.stderr.write(`${this.clean(text)}
`);
  }
  /** A warning on stderr: a line, or `{"warning": ...}` under --json. */
  warn(text) {
    if (this.json)
      this.io.stderr.write(`${this.clean(JSON.stringify({ warning: text }))}
`);
    else
      this.io.stderr.write(`${this.errStyle.yellow("adrails: warning:")} ${this.clean(text)}
`);
  }
  /** An error on stderr: `adrails: error: ...` with a hint, or one JSON object under --json. */
  error(error) {
    if (this.json) {
      const body = {
        ok: false,
        error: error.message,
        ...error.hint ? { hint: error.hint } : {},
        ...error.details,
        exit_code: error.exitCode
      };
      this.io.stderr.write(`${this.clean(JSON.stringify(body))}
`);
      return;
    }
    const s = this.errStyle;
    let text = `${s.red("adrails: error:")} ${error.message}`;
    if (error.hint)
      text += `
${s.dim("hint:")} ${error.hint}`;
    this.io.stderr.write(`${this.clean(text)}
`);
  }
  /** Writes to stdout without redaction: only for the simulator's own demo keys. */
  unredacted(text) {
    this.io.stdout.write(`${text}
`);
  }
};

export {
  CliError,
  Output
};
