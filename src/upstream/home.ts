import { chmodSync, mkdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** A credentials folder or file whose permissions could not be made private. */
export class CredentialsPermissionError extends Error {}

/**
 * Where adrails keeps OAuth credentials: `ADRAILS_HOME`, else `$XDG_CONFIG_HOME/adrails`, else
 * `~/.config/adrails`.
 */
export function adrailsHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ADRAILS_HOME && env.ADRAILS_HOME.trim() !== "") return env.ADRAILS_HOME;
  const config =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== ""
      ? env.XDG_CONFIG_HOME
      : join(homedir(), ".config");
  return join(config, "adrails");
}

/**
 * Makes sure `dir` exists and only its owner can use it (0700). Wider permissions are narrowed,
 * and `warn` says so; a folder that cannot be narrowed is refused.
 */
export function ensurePrivateDir(dir: string, warn: (message: string) => void): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  ensureOwned(dir);
  narrow(dir, 0o700, "folder", warn);
}

/**
 * Refuses a folder owned by another user, root included: its owner could read or swap the
 * credentials (and root must not write tokens into a folder someone else controls).
 */
function ensureOwned(dir: string): void {
  if (process.platform === "win32" || typeof process.getuid !== "function") return;
  const owner = statSync(dir).uid;
  const me = process.getuid();
  if (owner !== me) {
    throw new CredentialsPermissionError(
      `The credentials folder ${dir} belongs to another user (uid ${owner}; adrails runs as uid ${me}), so adrails will not keep sign-ins there. Use a folder of your own: set ADRAILS_HOME, or run: chown ${me} ${dir}`,
    );
  }
}

/** Narrows an existing credentials file to 0600 when it is wider, saying so through `warn`. */
export function ensurePrivateFile(file: string, warn: (message: string) => void): void {
  narrow(file, 0o600, "file", warn);
}

function narrow(path: string, mode: number, kind: string, warn: (message: string) => void): void {
  if (process.platform === "win32") return;
  const current = statSync(path).mode & 0o777;
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    throw new CredentialsPermissionError(
      `The credentials ${kind} ${path} can be read by others (mode ${octal(current)}) and adrails could not make it private: ${(error as Error).message}. Run: chmod ${octal(mode)} ${path}`,
    );
  }
  if ((statSync(path).mode & 0o777 & ~mode) !== 0) {
    throw new CredentialsPermissionError(
      `The credentials ${kind} ${path} can be read by others (mode ${octal(current)}) and stays so. Run: chmod ${octal(mode)} ${path}`,
    );
  }
  warn(
    `The credentials ${kind} ${path} could be read by others (mode ${octal(current)}); adrails made it private (${octal(mode)}).`,
  );
}

const octal = (mode: number) => `0${mode.toString(8)}`;
