// `npm test`'s pretest: the suites start a real redis-server and drive Debian's chromium, and fail
// (never skip) without them. Say so once, before any test runs, with the command that fixes it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const SYSTEM_PACKAGES =
  "The test suite needs two system packages: redis-server and chromium (Debian: apt-get install -y redis-server chromium).";

const has = (command) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const missing = [];
if (!has("redis-server")) missing.push("redis-server");
// The browser tests launch /usr/bin/chromium (test/inbox/helpers.ts).
if (!existsSync("/usr/bin/chromium")) missing.push("chromium");
if (missing.length > 0) {
  console.error(`${SYSTEM_PACKAGES} Missing: ${missing.join(", ")}.`);
  process.exit(1);
}
