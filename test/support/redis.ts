import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { createClient } from "redis";

/** The one command that makes the Redis suites runnable. */
export const INSTALL_REDIS = "apt-get install -y redis-server";

/** A real redis-server on a free loopback port, with nothing saved to disk. */
export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (as a crash would look to clients). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Empties it. */
  flush(): Promise<void>;
}

function redisServerPath(): string {
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error(
      `redis-server is not installed, and the Redis suites need a real one. Install it: ${INSTALL_REDIS}`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function ping(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 200, reconnectStrategy: false } });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.close().catch(() => {});
  }
}

/** Starts redis-server for a test file; fails loudly (never skips) when it is not installed. */
export async function startRedis(): Promise<TestRedis & { close(): Promise<void> }> {
  const bin = redisServerPath();
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async () => {
    const proc = spawn(
      bin,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    child = proc;
    let exited = false;
    proc.once("exit", () => {
      exited = true;
    });
    for (let i = 0; i < 200; i++) {
      if (exited) throw new Error(`redis-server exited at start on port ${port}`);
      if (await ping(url)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`redis-server did not answer PING on port ${port}`);
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGKILL");
    });
  };
  const flush = async () => {
    const client = createClient({ url });
    client.on("error", () => {});
    await client.connect();
    await client.flushAll();
    await client.close();
  };
  await start();
  return { url, port, start, stop, flush, close: stop };
}

/**
 * `client` behind a wrapper that notes the first word of every command it sends in `sent`: the
 * round trips a store makes (a batched script is one), where MONITOR counts every command run.
 */
export function countingClient<T extends object>(client: T, sent: string[]): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "sendCommand" && typeof value === "function")
        return (...args: unknown[]) => {
          sent.push(String((args[0] as unknown[])[0]));
          return value.apply(target, args);
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
