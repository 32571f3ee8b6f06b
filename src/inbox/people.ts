import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { PasskeyCredential, PasskeyPolicy } from "../guards/approval/passkey.js";
import { approvalsNeeded, mayDecide } from "../guards/approval/verify.js";
import { PeopleFileError, parsePasskeyPolicy, parsePasskeys } from "./people-passkeys.js";

export { PeopleFileError };

/** One named approver of a people file. */
export interface Person {
  name: string;
  /** SHA-256 of the person's token, lower-case hex. */
  tokenSha256: string;
  /** The accounts this person may decide for, or "*" for all. */
  accounts: "*" | readonly string[];
  /** The token itself when the file gave it: kept out of pages and the audit. */
  token?: string;
  /** The person's passkeys: with any, each of their approvals counts only with an assertion by one. */
  passkeys?: readonly PasskeyCredential[];
}

/**
 * Who may sign in to the inbox and decide what: `{ "people": [...], "two": ["act_..."] }`.
 * Requests on the accounts in `two` need approvals from two different people. The passkey members
 * (`rp`, `userVerification`, `requirePasskeys`) are described in guards/approval/passkey.ts.
 */
export interface People extends PasskeyPolicy {
  people: readonly Person[];
  two: "*" | readonly string[];
}

/** The shortest token a person may sign in with (a hash alone cannot show it: `tokenLength` says it). */
export const MIN_TOKEN = 16;
const PERSON_KEYS = new Set(["name", "token", "tokenSha256", "tokenLength", "accounts", "passkeys"]);
const FILE_KEYS = new Set(["people", "two", "rp", "userVerification", "requirePasskeys"]);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function accountList(value: unknown, where: string): "*" | string[] {
  if (value === "*") return "*";
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((a) => typeof a === "string" && a.trim() !== "")
  ) {
    throw new PeopleFileError(`${where} must be "*" or a non-empty list of account ids (e.g. ["act_1001"]).`);
  }
  return value.map((a: string) => a.trim());
}

/** Checks a parsed people file; throws a {@link PeopleFileError} naming what is wrong. */
export function parsePeople(value: unknown): People {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PeopleFileError('The people file must be a JSON object: { "people": [...], "two": [...] }.');
  }
  for (const key of Object.keys(value)) {
    if (!FILE_KEYS.has(key))
      throw new PeopleFileError(
        `Unknown key "${key}": a people file has "people", "two", "rp", "userVerification" and "requirePasskeys".`,
      );
  }
  const raw = (value as { people?: unknown }).people;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new PeopleFileError(
      '"people" must be a non-empty list of { "name", "token" or "tokenSha256", "accounts" }.',
    );
  }
  const people: Person[] = [];
  const credentials = new Map<string, string>();
  const names = new Set<string>();
  const hashes = new Set<string>();
  raw.forEach((entry: unknown, index) => {
    const at = `people[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      throw new PeopleFileError(
        `${at} must be an object with "name", "token" or "tokenSha256", and "accounts".`,
      );
    }
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (!PERSON_KEYS.has(key)) {
        throw new PeopleFileError(
          `${at} has an unknown key "${key}" (allowed: name, token, tokenSha256, tokenLength, accounts, passkeys).`,
        );
      }
    }
    if (typeof e.name !== "string" || e.name.trim() === "" || e.name.length > 80) {
      throw new PeopleFileError(`${at}.name must be a name of 1 to 80 characters.`);
    }
    const name = e.name.trim();
    const label = `${at} (${JSON.stringify(name)})`;
    if (names.has(name.toLowerCase()))
      throw new PeopleFileError(`${label}: the name "${name}" appears twice.`);
    names.add(name.toLowerCase());
    if ((e.token === undefined) === (e.tokenSha256 === undefined)) {
      throw new PeopleFileError(`${label} must have exactly one of "token" and "tokenSha256".`);
    }
    if (e.token !== undefined && (typeof e.token !== "string" || e.token.length < MIN_TOKEN)) {
      throw new PeopleFileError(`${label}.token must be at least ${MIN_TOKEN} characters.`);
    }
    if (
      e.tokenSha256 !== undefined &&
      (typeof e.tokenSha256 !== "string" || !/^[0-9a-f]{64}$/i.test(e.tokenSha256))
    ) {
      throw new PeopleFileError(
        `${label}.tokenSha256 must be the SHA-256 of the token in hex (64 characters).`,
      );
    }
    // A hash hides how guessable its token is: it is taken only with the token's length, as
    // written by newApprover (a generated token), and that length must be enough.
    if (
      e.tokenSha256 !== undefined &&
      (typeof e.tokenLength !== "number" || !Number.isInteger(e.tokenLength) || e.tokenLength < MIN_TOKEN)
    ) {
      throw new PeopleFileError(
        `${label}.tokenSha256 needs "tokenLength": the length of the token (at least ${MIN_TOKEN} random characters). Make a new token and entry with newApprover() (adrails inbox people) if you do not know it.`,
      );
    }
    if (e.token !== undefined && e.tokenLength !== undefined) {
      throw new PeopleFileError(`${label}.tokenLength goes with "tokenSha256" only.`);
    }
    const tokenSha256 =
      typeof e.token === "string" ? sha256(e.token) : (e.tokenSha256 as string).toLowerCase();
    if (hashes.has(tokenSha256))
      throw new PeopleFileError(`${label} has the same token as someone before it.`);
    hashes.add(tokenSha256);
    const passkeys =
      e.passkeys === undefined ? [] : parsePasskeys(e.passkeys, `${label}.passkeys`, credentials);
    people.push({
      name,
      tokenSha256,
      accounts: accountList(e.accounts, `${label}.accounts`),
      ...(typeof e.token === "string" ? { token: e.token } : {}),
      ...(passkeys.length > 0 ? { passkeys } : {}),
    });
  });
  const rawTwo = (value as { two?: unknown }).two;
  const two = rawTwo === undefined ? [] : accountList(rawTwo, '"two"');
  const listed = two === "*" ? [] : two;
  for (const account of listed) {
    const deciders = people.filter((p) => mayDecide(p, account)).length;
    if (deciders < 2) {
      throw new PeopleFileError(
        `"two" names ${account}, but only ${deciders} person may decide for it: the two-person rule needs at least two.`,
      );
    }
  }
  if (two === "*" && people.length < 2) {
    throw new PeopleFileError(
      '"two" is "*", but the file names one person: the two-person rule needs at least two.',
    );
  }
  return { people, two, ...parsePasskeyPolicy(value as Record<string, unknown>, accountList) };
}

/** The person whose token this is, or undefined. Compares every entry in constant time. */
export function personOfToken(people: People, token: string): Person | undefined {
  const given = Buffer.from(sha256(token), "hex");
  let found: Person | undefined;
  for (const person of people.people) {
    if (timingSafeEqual(given, Buffer.from(person.tokenSha256, "hex")) && !found) found = person;
  }
  return found;
}

// The approval model's rules of who may decide, and how many must: one room for them.
export { approvalsNeeded, mayDecide };

/**
 * A new approver's entry for a people file, with a generated token (32 random characters): the
 * token is shown to the person once; the file keeps only its SHA-256 and length.
 */
export function newApprover(
  name: string,
  accounts: "*" | readonly string[],
): {
  token: string;
  entry: { name: string; tokenSha256: string; tokenLength: number; accounts: "*" | string[] };
} {
  const token = randomBytes(24).toString("base64url");
  return {
    token,
    entry: {
      name,
      tokenSha256: sha256(token),
      tokenLength: token.length,
      accounts: accounts === "*" ? "*" : [...accounts],
    },
  };
}
