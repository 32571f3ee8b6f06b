import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import lockfile from "proper-lockfile";
import { adrailsHome, ensurePrivateDir, ensurePrivateFile } from "./home.js";

/** Tokens as stored: what the server sent, plus when the access token stops being valid (epoch ms). */
export type SavedTokens = StoredOAuthTokens & { expires_at?: number };

/** One connection to an MCP door: who issued it, for which resource, with which client. */
export interface ConnectionRecord {
  version: 1;
  /** The MCP endpoint adrails was pointed at. */
  mcpUrl: string;
  /** The canonical resource the tokens are bound to (RFC 8707). */
  resource: string;
  /** The authorization server's issuer. */
  issuer: string;
  client?: StoredOAuthClientInformation;
  tokens?: SavedTokens;
  discovery?: OAuthDiscoveryState;
  /** Who the connection acts as, as far as the door said. */
  subject?: string;
  /** The name the MCP server gave itself. */
  serverName?: string;
  /** A wider scope a tool asked for (403 insufficient_scope), requested at the next login. */
  wantedScope?: string;
  /**
   * Tool map declarations pinned to the door tool as first seen: `name\ndeclaration` to the
   * tool's fingerprint. A declaration applies while the tool keeps that fingerprint.
   */
  pins?: Record<string, string>;
}

/** Where one person's credentials live, with the folder's privacy kept. */
export interface CredentialStore {
  readonly dir: string;
  /** The record for this MCP endpoint (by URL or resource), if any. */
  find(mcpUrl: string): ConnectionRecord | undefined;
  read(issuer: string, resource: string): ConnectionRecord | undefined;
  write(record: ConnectionRecord): void;
  remove(record: ConnectionRecord): void;
  /** Runs `fn` holding this connection's lock, shared by every process using the folder. */
  locked<T>(record: Pick<ConnectionRecord, "issuer" | "resource">, fn: () => Promise<T>): Promise<T>;
}

/** The credential store under `ADRAILS_HOME` (see {@link adrailsHome}). */
export function credentialStore(
  options: { home?: string; env?: NodeJS.ProcessEnv; warn?: (message: string) => void } = {},
): CredentialStore {
  const home = options.home ?? adrailsHome(options.env);
  const dir = join(home, "credentials");
  const warn = options.warn ?? ((message: string) => process.stderr.write(`${message}\n`));
  let checked = false;
  const ready = () => {
    if (checked) return;
    ensurePrivateDir(home, warn);
    ensurePrivateDir(dir, warn);
    checked = true;
  };
  const fileOf = (issuer: string, resource: string) =>
    join(dir, `${createHash("sha256").update(`${issuer}\n${resource}`).digest("hex").slice(0, 32)}.json`);

  function load(file: string): ConnectionRecord | undefined {
    if (!existsSync(file)) return undefined;
    ensurePrivateFile(file, warn);
    const parsed = JSON.parse(readFileSync(file, "utf8")) as ConnectionRecord;
    return parsed?.version === 1 ? parsed : undefined;
  }

  return {
    dir,
    find(mcpUrl) {
      ready();
      const wanted = canonical(mcpUrl);
      for (const name of readdirSync(dir)
        .filter((n) => n.endsWith(".json"))
        .sort()) {
        const record = load(join(dir, name));
        if (record && (canonical(record.mcpUrl) === wanted || canonical(record.resource) === wanted))
          return record;
      }
      return undefined;
    },
    read(issuer, resource) {
      ready();
      return load(fileOf(issuer, resource));
    },
    write(record) {
      ready();
      const file = fileOf(record.issuer, record.resource);
      // A whole new file renamed over the old one: a reader never sees half a record.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      writeFileSync(temp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      renameSync(temp, file);
    },
    remove(record) {
      ready();
      rmSync(fileOf(record.issuer, record.resource), { force: true });
    },
    async locked(record, fn) {
      ready();
      const release = await lockfile.lock(fileOf(record.issuer, record.resource), {
        realpath: false,
        stale: 10_000,
        update: 2_000,
        retries: { retries: 100, minTimeout: 20, maxTimeout: 250, factor: 1.3 },
      });
      try {
        return await fn();
      } finally {
        await release();
      }
    },
  };
}

/** The URL without a trailing slash or fragment, for comparing endpoints. */
export function canonical(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.href.replace(/\/+$/, "");
  } catch {
    return url;
  }
}
