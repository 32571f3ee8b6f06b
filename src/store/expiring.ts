import { StoreError } from "./types.js";

/** The most entries one map of the memory store holds. */
export const MEMORY_MAX_ENTRIES = 100_000;

/**
 * A map whose entries expire and whose size is bounded. When full of live entries, a map that
 * may forget makes room by dropping its oldest entry; one whose loss could let a change be sent
 * twice (used approvals, refusal generations, pins) refuses the new entry instead, so the call
 * fails closed rather than forgetting.
 */
export class ExpiringMap<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly what: string,
    private readonly forgetOldest: boolean,
    private readonly max = MEMORY_MAX_ENTRIES,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, until: number, now = Date.now()): void {
    if (!this.entries.has(key) && this.entries.size >= this.max) this.makeRoom(now);
    // Re-inserted, so insertion order stays the order of last writes.
    this.entries.delete(key);
    this.entries.set(key, { value, until });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every expired entry. */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }

  private makeRoom(now: number): void {
    this.sweep(now);
    if (this.entries.size < this.max) return;
    if (this.forgetOldest) {
      this.entries.delete(this.entries.keys().next().value!);
      return;
    }
    throw new StoreError(
      "memory",
      `The memory store holds ${this.max} live ${this.what}, its limit, and forgetting one could let a change be sent twice. Nothing was sent.`,
      `Nothing was sent. Tell the user this process holds too many open ${this.what}; use a shared store (Redis) or restart it once no change is in doubt.`,
    );
  }
}
