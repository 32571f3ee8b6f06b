/** The part of the authorization server's storage connections need. */
export interface GrantStore {
  hasGrant(grantId: string): boolean;
  revokeGrant(grantId: string): void;
}

/** A connected app: one OAuth client a person has authorized (spec 2.9). */
export interface Connection {
  userId: string;
  clientId: string;
  clientName: string;
  grantId: string;
  connectedAt: string;
}

/** Spec section 8: OAuth connections per identity. */
export const MAX_CONNECTIONS = 10;

/**
 * The connected apps of every person. A connection lives as long as its grant: a refresh token
 * used twice, a revoked refresh token or a removal ends the grant, and with it the connection.
 */
export class Connections {
  private readonly byUser = new Map<string, Map<string, Connection>>();

  constructor(private readonly store: GrantStore) {}

  /** The live connections of one person, oldest first. */
  list(userId: string): Connection[] {
    const mine = this.byUser.get(userId);
    if (!mine) return [];
    for (const [clientId, c] of mine) if (!this.store.hasGrant(c.grantId)) mine.delete(clientId);
    return [...mine.values()].map((c) => ({ ...c }));
  }

  /** Every live connection, by person. */
  all(): Connection[] {
    return [...this.byUser.keys()].flatMap((userId) => this.list(userId));
  }

  /**
   * Whether one more authorization of `clientId` fits: reauthorizing a connected client replaces
   * its connection, so only a new client can hit the limit.
   */
  canConnect(userId: string, clientId: string): boolean {
    const live = this.list(userId);
    return live.some((c) => c.clientId === clientId) || live.length < MAX_CONNECTIONS;
  }

  /** Records a new grant, ending the client's previous connection and every token it had. */
  connect(connection: Connection): void {
    let mine = this.byUser.get(connection.userId);
    if (!mine) {
      mine = new Map();
      this.byUser.set(connection.userId, mine);
    }
    const previous = mine.get(connection.clientId);
    if (previous && previous.grantId !== connection.grantId) this.store.revokeGrant(previous.grantId);
    mine.set(connection.clientId, { ...connection });
  }

  /** Removes a connected app (its row in the app): its tokens answer 401 from now on. */
  remove(userId: string, clientId: string): boolean {
    const mine = this.byUser.get(userId);
    const found = mine?.get(clientId);
    if (!found) return false;
    mine?.delete(clientId);
    const live = this.store.hasGrant(found.grantId);
    this.store.revokeGrant(found.grantId);
    return live;
  }

  /** The connection a grant belongs to, if it is still live. */
  byGrant(grantId: string): Connection | undefined {
    if (!this.store.hasGrant(grantId)) return undefined;
    for (const mine of this.byUser.values()) {
      for (const c of mine.values()) if (c.grantId === grantId) return { ...c };
    }
    return undefined;
  }
}
