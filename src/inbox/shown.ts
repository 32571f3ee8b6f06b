import { shownRequest } from "../guards/approval/request.js";
import type { ConfirmRequest } from "../types.js";
import type { InboxItem, InboxQueue } from "./types.js";

/** Every signed statement an item carries: the approvals so far and the decision. */
export function statementsOf(item: InboxItem): string[] {
  const all = [...(item.approvals ?? []).map((a) => a.sig), item.decision?.sig];
  return [...new Set(all.filter((s): s is string => typeof s === "string"))];
}

/**
 * The queue, with every item it gives shown as its payload says (see `shownRequest`): the page,
 * the notifications and the signatures all see the request the agent would send, whatever else
 * an item in the store was edited to say. An item with no payload to show keeps what it says and
 * cannot be decided.
 */
export function showingPayloads(queue: InboxQueue): InboxQueue {
  const show = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(show);
    if (value === null || typeof value !== "object") return value;
    const item = value as Partial<InboxItem> & { items?: unknown };
    if (Array.isArray(item.items)) return { ...item, items: item.items.map(show) };
    if (item.request && typeof item.state === "string") {
      const shown = shownRequest(item.request);
      return shown ? { ...item, request: shown } : { ...item, request: withoutPayload(item.request) };
    }
    return value;
  };
  return new Proxy(queue, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        const out = member.apply(target, args);
        return out instanceof Promise ? out.then(show) : out;
      };
    },
  });
}

/** A request whose payload cannot be shown: it keeps its words, and no decision can be signed. */
function withoutPayload(request: ConfirmRequest): ConfirmRequest {
  const { payload: _none, ...rest } = request;
  return rest;
}
