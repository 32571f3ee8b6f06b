import type { SavedTokens } from "./store.js";

/**
 * Who a connection acts as, from what the server chose to say: an OpenID `id_token`'s claims, a
 * token response's `user`/`email`. Never a token.
 */
export function subjectOf(tokens: SavedTokens | undefined): string | undefined {
  const extra = (tokens ?? {}) as Record<string, unknown>;
  for (const key of ["email", "user", "username", "sub"]) {
    if (typeof extra[key] === "string" && extra[key] !== "") return extra[key] as string;
  }
  if (typeof extra.id_token === "string") {
    try {
      const payload = JSON.parse(
        Buffer.from(extra.id_token.split(".")[1] ?? "", "base64url").toString("utf8"),
      );
      for (const key of ["email", "preferred_username", "name", "sub"]) {
        if (typeof payload?.[key] === "string") return payload[key];
      }
    } catch {
      // Not a JWT: say nothing rather than guess.
    }
  }
  return undefined;
}
