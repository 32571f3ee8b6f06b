import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ClientOptions, createClient, type Outcome } from "../../src/client/index.js";
import { memoryStore } from "../../src/store/index.js";
import { type FixtureServer, startFixtureServer } from "./fixture-server.js";

const issuedKeys: string[] = [];
const outcomes: Outcome[] = [];
let counter = 0;

/** A fresh, key-shaped secret; every one is scanned for at the end of the file. */
export function newKey(): string {
  const key = `adk_test${++counter}_S3cr3t-${Math.random().toString(36).slice(2, 10)}`;
  issuedKeys.push(key);
  return key;
}

/** Remembers a secret that is not key-shaped so the scan looks for it too. */
export function rememberKey(key: string): string {
  issuedKeys.push(key);
  return key;
}

/** Starts one fixture server for the file and resets it before each test. */
export function useFixture(): { server: FixtureServer } {
  const ref = {} as { server: FixtureServer };
  beforeAll(async () => {
    ref.server = await startFixtureServer();
  });
  beforeEach(() => ref.server.reset());
  afterAll(() => ref.server.close());
  return ref;
}

/** A client with its own key and store whose every outcome is kept for the redaction scan. */
export function trackedClient(server: FixtureServer, options: ClientOptions = {}) {
  const client = createClient({
    apiKey: newKey(),
    baseUrl: server.url,
    rateLimit: false,
    store: memoryStore(),
    ...options,
  });
  return {
    ...client,
    call: async (...args: Parameters<typeof client.call>) => {
      const outcome = await client.call(...args);
      outcomes.push(outcome);
      return outcome;
    },
  };
}

/** Records an outcome produced without trackedClient. */
export function track(outcome: Outcome): Outcome {
  outcomes.push(outcome);
  return outcome;
}

/** Declares, as the file's last test, the scan of every outcome the file produced for every key it used. */
export function scanOutcomesForKeys(): void {
  describe("redaction scan", () => {
    it("no outcome of this file contains an API key", () => {
      expect(outcomes.length).toBeGreaterThan(0);
      const text = JSON.stringify(outcomes);
      for (const key of issuedKeys) expect(text).not.toContain(key);
      expect(text).not.toMatch(/adk_(?!\*\*\*)[A-Za-z0-9_-]/);
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
