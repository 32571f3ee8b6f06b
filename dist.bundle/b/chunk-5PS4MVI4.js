import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/home.js
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
var CredentialsPermissionError = class extends Error {
  static {
    __name(this, "CredentialsPermissionError");
  }
};
function adrailsHome(env = process.env) {
  if (env.ADRAILS_HOME && env.ADRAILS_HOME.trim() !== "")
    return env.ADRAILS_HOME;
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== "" ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(config, "adrails");
}
__name(adrailsHome, "adrailsHome");
function ensurePrivateDir(dir, warn) {
  mkdirSync(dir, { recursive: true, mode: 448 });
  ensureOwned(dir);
  narrow(dir, 448, "folder", warn);
}
__name(ensurePrivateDir, "ensurePrivateDir");
function ensureOwned(dir) {
  if (process.platform === "win32" || typeof process.getuid !== "function")
    return;
  const owner = statSync(dir).uid;
  const me = process.getuid();
  if (owner !== me) {
    throw new CredentialsPermissionError(`The credentials folder ${dir} belongs to another user (uid ${owner}; adrails runs as uid ${me}), so adrails will not keep sign-ins there. Use a folder of your own: set ADRAILS_HOME, or run: chown ${me} ${dir}`);
  }
}
__name(ensureOwned, "ensureOwned");
function ensurePrivateFile(file, warn) {
  narrow(file, 384, "file", warn);
}
__name(ensurePrivateFile, "ensurePrivateFile");
function narrow(path, mode, kind, warn) {
  if (process.platform === "win32")
    return;
  const current = statSync(path).mode & 511;
  if ((current & ~mode) === 0)
    return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    throw new CredentialsPermissionError(`The credentials ${kind} ${path} can be read by others (mode ${octal(current)}) and adrails could not make it private: ${error.message}. Run: chmod ${octal(mode)} ${path}`);
  }
  if ((statSync(path).mode & 511 & ~mode) !== 0) {
    throw new CredentialsPermissionError(`The credentials ${kind} ${path} can be read by others (mode ${octal(current)}) and stays so. Run: chmod ${octal(mode)} ${path}`);
  }
  warn(`The credentials ${kind} ${path} could be read by others (mode ${octal(current)}); adrails made it private (${octal(mode)}).`);
}
__name(narrow, "narrow");
var octal = /* @__PURE__ */ __name((mode) => `0${mode.toString(8)}`, "octal");

export {
  CredentialsPermissionError,
  adrailsHome,
  ensurePrivateDir,
  ensurePrivateFile
};
