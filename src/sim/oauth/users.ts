import type { KeyLabel } from "../world.js";

/** A person who can sign in at the door's authorization server. */
export interface DoorUser {
  /** The OAuth subject: the label of the demo identity this person is (pro, agency, ...). */
  id: DoorUserId;
  email: string;
  name: string;
  /** The simulator's own test password, the same for everyone; not a secret. */
  password: string;
}

/** The identities a person can sign in as: every demo identity but the key-only failure cases. */
export type DoorUserId = Exclude<KeyLabel, "revoked" | "expired">;

export const DOOR_USER_IDS: readonly DoorUserId[] = [
  "pro",
  "agency",
  "free",
  "viewer",
  "unconnected",
  "deactivated",
];

/** The simulator's test password for every door user. */
export const TEST_PASSWORD = "simulator";

const NAMES: Record<DoorUserId, string> = {
  pro: "Pat Pro (owner, Pro plan)",
  agency: "Ada Agency (owner, Agency plan)",
  free: "Fay Free (owner, Free plan)",
  viewer: "Vic Viewer (Client Viewer, agency workspace)",
  unconnected: "Uma Unconnected (Pro plan, no ad account)",
  deactivated: "Dee Deactivated (deactivated account)",
};

/** The door's test users, by id; each is the demo identity of the same label. */
export function doorUsers(): Map<string, DoorUser> {
  return new Map(
    DOOR_USER_IDS.map((id) => [
      id,
      { id, email: `${id}@sim.adrails.test`, name: NAMES[id], password: TEST_PASSWORD },
    ]),
  );
}

/** The user with this email or id, if any. */
export function findUser(users: ReadonlyMap<string, DoorUser>, login: string): DoorUser | undefined {
  const wanted = login.trim().toLowerCase();
  return users.get(wanted) ?? [...users.values()].find((u) => u.email === wanted);
}
