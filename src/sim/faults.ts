/** What the next matching answers should suffer. */
export type FaultKind = "503" | "429" | "latency" | "drop" | "timeout-after-write" | "partial" | "interrupt";

/** A fault to inject into the next `count` matching requests (default 1). */
export interface FaultSpec {
  kind: FaultKind;
  /** How many requests it hits. Default 1. */
  count?: number;
  /** 429: the Retry-After seconds. Default 1. */
  retryAfterS?: number;
  /** latency: the delay. timeout-after-write: how long the applied write's answer is held before the connection is dropped (default 0). */
  ms?: number;
  /** Only requests to this tool. Default: any tool the fault can apply to. */
  tool?: string;
}

interface Pending extends FaultSpec {
  left: number;
}

/** Faults before any work: they apply to every tool. */
export const EARLY_FAULTS: readonly FaultKind[] = ["503", "429", "latency", "drop"];

/** A FIFO of injected faults; each request takes at most one fault of the kinds it asks for. */
export class FaultQueue {
  private pending: Pending[] = [];

  add(spec: FaultSpec): void {
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new RangeError("fault count must be a positive integer");
    this.pending.push({ ...spec, left: count });
  }

  /** Takes the first pending fault of one of `kinds` that matches `tool`, if any. */
  take(tool: string, kinds: readonly FaultKind[]): FaultSpec | undefined {
    const fault = this.pending.find(
      (f) => kinds.includes(f.kind) && (f.tool === undefined || f.tool === tool),
    );
    if (!fault) return undefined;
    fault.left--;
    if (fault.left === 0) this.pending = this.pending.filter((f) => f !== fault);
    const { left: _left, ...spec } = fault;
    return spec;
  }

  clear(): void {
    this.pending = [];
  }

  list(): FaultSpec[] {
    return this.pending.map(({ left, ...spec }) => ({ ...spec, count: left }));
  }
}
