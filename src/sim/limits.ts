/** How the simulator writes X-RateLimit-Reset: seconds until the reset, or the reset as epoch seconds; whole seconds, rounded up or down. */
export interface ResetFormat {
  /** Default "seconds". */
  reset?: "seconds" | "epoch";
  /** Default "up". */
  rounding?: "up" | "down";
}

/** What one request of a window saw: `resetS` for Retry-After, `reset` for X-RateLimit-Reset. */
export interface WindowHit {
  remaining: number;
  resetS: number;
  reset: number;
}

/** A fixed window counter per key: the request rate limit (spec section 8). */
export class FixedWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly format: ResetFormat = {},
  ) {}

  /** Counts one request; `allowed` is false once the window holds `limit` requests. */
  hit(key: string, now = Date.now()): WindowHit & { allowed: boolean } {
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const allowed = w.count < this.limit;
    if (allowed) w.count++;
    return {
      allowed,
      remaining: Math.max(0, this.limit - w.count),
      ...this.resetOf(w.start + this.windowMs, now),
    };
  }

  /** The current window without counting a request. */
  peek(key: string, now = Date.now()): WindowHit {
    const w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs) {
      return { remaining: this.limit, ...this.resetOf(now + this.windowMs, now) };
    }
    return { remaining: Math.max(0, this.limit - w.count), ...this.resetOf(w.start + this.windowMs, now) };
  }

  private resetOf(resetAt: number, now: number): { resetS: number; reset: number } {
    const round = this.format.rounding === "down" ? Math.floor : Math.ceil;
    const resetS = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const reset =
      this.format.reset === "epoch" ? round(resetAt / 1000) : Math.max(0, round((resetAt - now) / 1000));
    return { resetS, reset };
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
