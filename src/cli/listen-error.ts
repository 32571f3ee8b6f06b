import { EXIT } from "./exit-codes.js";
import { CliError } from "./output.js";

/**
 * Why `adrails sim`, `inbox` or `mcp --http` could not listen, and what to do, or undefined when
 * the error is not about the address (the caller rethrows it).
 */
export function listenError(
  error: NodeJS.ErrnoException,
  port: number | undefined,
  host?: string,
): CliError | undefined {
  const where = host ? `${host}:${port ?? 0}` : `port ${port ?? 0}`;
  switch (error.code) {
    case "EADDRINUSE":
      return new CliError(
        `Port ${port} is already in use (EADDRINUSE): another program, perhaps another adrails, listens on ${where}.`,
        EXIT.usage,
        "Pick another port with --port <n>, or leave --port out to get a free one (the address is printed at start).",
      );
    case "EACCES":
      return new CliError(
        `Not allowed to listen on ${where} (EACCES): ports under 1024 need extra privileges.`,
        EXIT.usage,
        "Pick a port of 1024 or above with --port <n>, or leave --port out to get a free one.",
      );
    case "EADDRNOTAVAIL":
      return new CliError(
        `Cannot listen on ${where} (EADDRNOTAVAIL): no network interface of this machine has that address.`,
        EXIT.usage,
        "Pass a --host this machine has, or leave it out for 127.0.0.1.",
      );
    default:
      return undefined;
  }
}
