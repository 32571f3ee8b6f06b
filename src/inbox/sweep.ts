import type { InboxItem, InboxQueue } from "./types.js";

/** How much of the waiting list one sweep reads: the first page and `pages` more, `size` items each. */
export interface SweepPaging {
  size: number;
  pages: number;
}

/** The default: at most 1,000 waiting requests read per sweep, whatever their number. */
export const SWEEP_PAGING: SweepPaging = { size: 200, pages: 4 };
/** Items a sweep reads from a queue without pages of its own (its newest). */
const LIST_LIMIT = 2000;

/**
 * A sweep that reaches every waiting request with bounded work. Each sweep reads page 1 of the
 * fair order, where the oldest requests (the first to expire) are, the `size` newest items, and
 * `pages` pages from a cursor that moves on and wraps around (after ending requests, up to `pages`
 * more: at most (2 * pages + 2) * size items of the waiting list a sweep). With `n` waiting, every one is read within
 * ceil(n / (size * pages)) sweeps while the list holds still; one that requests arriving or ended
 * elsewhere move past the cursor is read on the next turn. `end` closes an item that ran out or
 * lost its agent (true when it did); `watch` is shown every item read. Items in `shown` (a page a
 * person looks at) are ended first.
 */
export function pagedSweep(
  queue: InboxQueue,
  paging: SweepPaging,
  end: (item: InboxItem) => Promise<boolean>,
  watch: (items: InboxItem[]) => Promise<void>,
): (shown?: readonly InboxItem[]) => Promise<number> {
  const size = Math.max(1, Math.floor(paging.size));
  const pages = Math.max(1, Math.floor(paging.pages));
  // The next page of the rotation (page 1 is read every sweep), and the pages it stepped back.
  let cursor = 2;
  let back = 0;

  async function read(): Promise<{ pending: InboxItem[]; history: InboxItem[]; moved: number }> {
    if (!queue.page) {
      const items = await queue.list(LIST_LIMIT);
      return { pending: items.filter((i) => i.state === "pending"), history: [], moved: 0 };
    }
    const head = await queue.page({ pending: 1, history: 1, size });
    // The newest too, whatever their place in the fair order: a request just asked in another
    // process is notified at once, and a foreign entry in the store is found and set aside.
    const newest = await queue.list(size);
    const pending = [...head.pending.items, ...newest.filter((i) => i.state === "pending")];
    const history = [...head.history.items, ...newest.filter((i) => i.state !== "pending")];
    const last = head.pending.pages;
    if (cursor > last) cursor = 2;
    const moved = Math.min(pages + back, last - 1);
    for (let i = 0; i < moved; i++) {
      // The history pages a read brings anyway are the next newest: decisions other inbox
      // processes took reach the notifications too.
      const page = await queue.page({ pending: cursor, history: i + 2, size });
      pending.push(...page.pending.items);
      history.push(...page.history.items);
      cursor = cursor >= last ? 2 : cursor + 1;
    }
    return { pending, history, moved };
  }

  return async (shown = []) => {
    const { pending, history, moved } = await read();
    const seen = new Set<string>();
    const items: InboxItem[] = [];
    for (const item of [...shown, ...pending, ...history]) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    let closed = 0;
    for (const item of items) {
      if (item.state !== "pending") continue;
      try {
        if (await end(item)) closed += 1;
      } catch {
        // One item the store will not close now does not stop the others: the next sweep tries again.
      }
    }
    // Requests ended move the ones after them up the list: the next sweep steps back over as many
    // and reads that many pages more, so none slips past the cursor and it still moves on.
    back = Math.min(Math.ceil(closed / size), pages, moved);
    cursor = Math.max(2, cursor - back);
    await watch(items);
    return closed;
  };
}
