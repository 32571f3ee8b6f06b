import type { DoorTool } from "./catalog.js";

/** A tools/list page: the tools and the cursor of the next page, if any. */
export interface ToolPage {
  tools: DoorTool[];
  nextCursor?: string;
}

/**
 * The door's live catalog. Adding or removing a tool bumps its version, which makes cursors of
 * the old list invalid (a client lists again from the start), and tells the listeners, which
 * send `notifications/tools/list_changed`.
 */
export class ToolRegistry {
  private tools: DoorTool[];
  private version = 1;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: DoorTool[],
    readonly pageSize: number,
  ) {
    this.tools = [...initial];
  }

  get(name: string): DoorTool | undefined {
    return this.tools.find((t) => t.name === name);
  }

  names(): string[] {
    return this.tools.map((t) => t.name);
  }

  /** One page; throws RangeError for a cursor this list did not give out. */
  page(cursor: string | undefined): ToolPage {
    let offset = 0;
    if (cursor !== undefined) {
      const parsed = decodeCursor(cursor);
      if (!parsed || parsed.v !== this.version || parsed.o > this.tools.length) {
        throw new RangeError("Invalid or stale cursor: the tool list changed; list again without a cursor");
      }
      offset = parsed.o;
    }
    const end = offset + this.pageSize;
    const tools = this.tools.slice(offset, end);
    return end < this.tools.length ? { tools, nextCursor: encodeCursor(this.version, end) } : { tools };
  }

  /** Adds a tool, or replaces the one with its name. */
  add(tool: DoorTool): void {
    this.tools = [...this.tools.filter((t) => t.name !== tool.name), tool];
    this.changed();
  }

  /** Removes a tool; false when there was none by that name. */
  remove(name: string): boolean {
    const before = this.tools.length;
    this.tools = this.tools.filter((t) => t.name !== name);
    if (this.tools.length === before) return false;
    this.changed();
    return true;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

function encodeCursor(v: number, o: number): string {
  return Buffer.from(JSON.stringify({ v, o })).toString("base64url");
}

function decodeCursor(cursor: string): { v: number; o: number } | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Number.isInteger(value?.v) && Number.isInteger(value?.o) && value.o >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
