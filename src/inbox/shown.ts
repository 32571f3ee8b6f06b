import { approvalPasskey } from "../guards/approval/passkey-approval.js";
import { openStatement } from "../guards/approval/proof.js";
import { shownRequest } from "../guards/approval/request.js";
import { type ApprovalAuthority, mayDecide, verifyDecision } from "../guards/approval/verify.js";
import type { ConfirmRequest } from "../types.js";
import type { InboxItem, InboxQueue, ItemDecision } from "./types.js";

/** Every signed statement an item carries: the approvals so far and the decision. */
export function statementsOf(item: InboxItem): string[] {
  const all = [...(item.approvals ?? []).map((a) => a.sig), item.decision?.sig, item.unverifiedDecision?.sig];
  return [...new Set(all.filter((s): s is string => typeof s === "string"))];
}

/**
 * The approvals recorded on an item that hold for its ask of its payload: signed with the inbox's
 * key for this request, ask, payload and account, by someone the people file lets decide there,
 * with their passkey's assertion where one is needed; one per person and per passkey, the first.
 * The page and the two-person rule both count only these: an approval written into the store by
 * anything but the inbox stands for nobody.
 */
export async function heldApprovals(
  item: InboxItem,
  authority: ApprovalAuthority,
): Promise<{ held: ItemDecision[]; ignored: number }> {
  const recorded = Array.isArray(item.approvals) ? item.approvals : [];
  if (recorded.length === 0) return { held: [], ignored: 0 };
  const keys = await authority.keys();
  const people = authority.people;
  const account = item.request.account ?? null;
  const held: ItemDecision[] = [];
  const devices = new Set<string>();
  for (const approval of recorded) {
    const opened = await openStatement(keys, approval?.sig);
    const c = opened?.claims;
    if (
      !opened ||
      !c ||
      c.decision !== "approve" ||
      c.who !== approval.by ||
      c.request !== item.request.id ||
      c.tool !== item.request.tool ||
      c.asked !== item.request.askedAt ||
      c.fingerprint !== item.request.fingerprint ||
      c.account !== account ||
      held.some((h) => h.by === c.who) ||
      (people && !people.people.some((p) => p.name === c.who && mayDecide(p, account)))
    )
      continue;
    const passkey = await approvalPasskey(opened, people, account, undefined);
    if ("problem" in passkey) continue;
    if (passkey.credential !== undefined) {
      if (devices.has(passkey.credential)) continue;
      devices.add(passkey.credential);
    }
    held.push(approval);
  }
  return { held, ignored: recorded.length - held.length };
}

/**
 * Whether the decision recorded on a closed item is one the inbox signed: its statements, checked
 * as an agent's verifier checks them (this ask, this payload, this account, people who may decide
 * there, their passkeys), decide what the item says was decided. For the page and the agents'
 * wait, which then never repeat what a store writer put in a decision's words.
 */
export async function decisionHolds(item: InboxItem, authority: ApprovalAuthority): Promise<boolean> {
  const d = item.decision;
  if (!d) return true;
  const r = item.request;
  if (typeof r.payload !== "string") return false;
  const verdict = await verifyDecision(
    { kind: "statements", statements: statementsOf(item), via: "inbox" },
    // As of the ask: a decision that held when made still holds in the history after expiry.
    {
      request: r.id,
      tool: r.tool,
      payload: r.payload,
      account: r.account ?? null,
      askedAt: r.askedAt,
      now: r.askedAt,
    },
    { authority, shared: true, maxTtlMs: Math.max(0, r.expiresAt - r.askedAt) },
  );
  return d.approved === true ? verdict.ok : !verdict.ok && verdict.declined === true;
}

/**
 * The queue, with every item it gives shown as its payload says (see `shownRequest`) and with only
 * the approvals that hold for it (see {@link heldApprovals}; `ignoredApprovals` counts the rest):
 * the page, the notifications, the signatures and the two-person rule all see the request the
 * agent would send and the approvals the inbox signed for it, whatever else an item in the store
 * was edited to say. An item with no payload to show keeps what it says and cannot be decided.
 */
export function showingPayloads(queue: InboxQueue, authority: ApprovalAuthority): InboxQueue {
  const show = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(show));
    if (value === null || typeof value !== "object") return value;
    const item = value as Partial<InboxItem> & Record<string, unknown>;
    if (item.request && typeof item.state === "string") {
      const shown = shownRequest(item.request);
      const { ignoredApprovals: _planted, unverifiedDecision: _said, ...rest } = item as InboxItem;
      let asShown: InboxItem = { ...rest, request: shown ?? withoutPayload(item.request) };
      if (asShown.decision && !(await decisionHolds(asShown, authority))) {
        const { decision: unsigned, ...undecided } = asShown;
        const sig = typeof unsigned?.sig === "string" ? unsigned.sig : undefined;
        asShown = { ...undecided, unverifiedDecision: sig === undefined ? {} : { sig } };
      }
      if (!Array.isArray(item.approvals)) return asShown;
      const { held, ignored } = await heldApprovals(asShown, authority);
      return { ...asShown, approvals: held, ...(ignored > 0 ? { ignoredApprovals: ignored } : {}) };
    }
    // A page of lists (QueuePage, QueueListPage): the items inside them.
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(item))
      out[key] = member !== null && typeof member === "object" ? await show(member) : member;
    return out;
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
