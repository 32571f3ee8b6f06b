import { format } from "node:util";

// The MCP SDK writes its own warnings with console.warn/debug (`[mcp-sdk] OAuth "invalid_grant"
// ... Cause: "<the server's text>"`), and a server's text may echo the authorization code or the
// verifier. While a sign-in runs, every console line goes through the sign-in's cleaner first.

type Method = "log" | "info" | "warn" | "error" | "debug";
const METHODS: readonly Method[] = ["log", "info", "warn", "error", "debug"];
const active = new Set<(text: string) => string>();
let originals: Record<Method, (...args: unknown[]) => void> | undefined;

/**
 * Runs `work` with the console's lines passed through `clean` (several sign-ins at once: through
 * each one's cleaner). The console is given back as it was when the last one ends.
 */
export async function withConsoleCleaned<T>(
  clean: (text: string) => string,
  work: () => Promise<T>,
): Promise<T> {
  active.add(clean);
  if (!originals) {
    const saved = {} as Record<Method, (...args: unknown[]) => void>;
    for (const method of METHODS) {
      const original = console[method];
      saved[method] = original;
      console[method] = (...args: unknown[]) => {
        let line = format(...args);
        for (const cleaner of active) line = cleaner(line);
        original.call(console, line);
      };
    }
    originals = saved;
  }
  try {
    return await work();
  } finally {
    active.delete(clean);
    if (active.size === 0 && originals) {
      for (const method of METHODS) console[method] = originals[method];
      originals = undefined;
    }
  }
}
