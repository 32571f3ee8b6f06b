/** A fixed window counter per key: the request rate limit (spec section 8). */
export class FixedWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request; `allowed` is false once the window holds `limit` requests. */
  hit(key: string, now = Date.now()): { allowed: boolean; remaining: number; resetS: number } {
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const allowed = w.count < this.limit;
    if (allowed) w.count++;
    const resetS = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    return { allowed, remaining: Math.max(0, this.limit - w.count), resetS };
  }

  /** The current window without counting a request. */
  peek(key: string, now = Date.now()): { remaining: number; resetS: number } {
    const w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs) {
      return { remaining: this.limit, resetS: Math.max(1, Math.ceil(this.windowMs / 1000)) };
    }
    return {
      remaining: Math.max(0, this.limit - w.count),
      resetS: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)),
    };
  }

  clear(): void {
    this.windows.clear();
  }
}

/** A sliding window of writes per ad account: the write budget (spec section 8). */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.events.set(key, kept);
    return kept;
  }

  /** Seconds until a slot frees up, or 0 when one is free now. */
  waitS(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
  }

  record(key: string, now = Date.now()): void {
    this.recent(key, now).push(now);
  }

  used(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  clear(): void {
    this.events.clear();
  }
}
