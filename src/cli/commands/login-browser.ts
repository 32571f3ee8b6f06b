import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The browser opened for one sign-in; `close` removes what it left on disk. */
export interface OpenedBrowser {
  /** What the opener was given: the redirect file, never the sign-in address. */
  readonly opened: string;
  close(): void;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * Opens a browser on `start` without putting it on a command line: every user of the machine can
 * read a command line (/proc/<pid>/cmdline, ps), and whoever opens the one-time start address
 * first signs in in the person's place. The opener gets a file in a private folder (0700, the file
 * 0600) that redirects to it. Best effort: the person can always use the printed address
 * (undefined when no such file can be written: then no browser is opened).
 * `browser` is the `BROWSER` variable (another opener), else xdg-open, open or explorer.
 */
export function openBrowser(start: string, browser: string | undefined): OpenedBrowser | undefined {
  let dir: string | undefined;
  let file: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "adrails-login-"));
    file = join(dir, "sign-in.html");
    const href = escapeHtml(start);
    writeFileSync(
      file,
      `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${href}"><title>adrails sign-in</title><p>Continuing to the sign-in… <a href="${href}">Continue</a></p>`,
      { mode: 0o600, flag: "wx" },
    );
  } catch {
    // No private file (a read-only temporary folder): no browser rather than a command line.
    if (dir) rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const own = dir;
  const windows = process.platform === "win32";
  const opened = windows ? file : pathToFileURL(file).href;
  const command =
    browser && browser.trim() !== ""
      ? browser.trim()
      : process.platform === "darwin"
        ? "open"
        : windows
          ? "explorer"
          : "xdg-open";
  try {
    const child = spawn(command, [opened], { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // No browser here: the address is printed.
  }
  return { opened, close: () => rmSync(own, { recursive: true, force: true }) };
}
