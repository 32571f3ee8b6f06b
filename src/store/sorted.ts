/**
 * Strings kept in sorted order, for the memory store's indexes: insert, remove and reading a page
 * after a key cost O(log n) plus what is moved or read, as a sorted set's lex range does in Redis.
 */
export class SortedKeys {
  private readonly keys: string[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** The position of the first key greater than `key` (`inclusive`: not less than). */
  private bound(key: string, inclusive: boolean): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid]!;
      if (k < key || (!inclusive && k === key)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(key: string): void {
    // Keys mostly come in order (asked now): appending is the common case.
    const last = this.keys[this.keys.length - 1];
    if (last === undefined || last < key) {
      this.keys.push(key);
      return;
    }
    const at = this.bound(key, true);
    if (this.keys[at] !== key) this.keys.splice(at, 0, key);
  }

  delete(key: string): void {
    const at = this.bound(key, true);
    if (this.keys[at] === key) this.keys.splice(at, 1);
  }

  /** Keys after `after` (all when undefined), in order; the caller may delete the key it was given. */
  *from(after: string | undefined): Generator<string> {
    let at = after === undefined ? 0 : this.bound(after, false);
    while (at < this.keys.length) {
      const key = this.keys[at]!;
      yield key;
      // The caller may have deleted `key` meanwhile: go on after it, wherever it was.
      at = this.bound(key, false);
    }
  }
}
