import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/people.js
import { createHash, timingSafeEqual } from "node:crypto";
var PeopleFileError = class extends Error {
  static {
    __name(this, "PeopleFileError");
  }
};
var MIN_TOKEN = 16;
var PERSON_KEYS = /* @__PURE__ */ new Set(["name", "token", "tokenSha256", "accounts"]);
var FILE_KEYS = /* @__PURE__ */ new Set(["people", "two"]);
var sha256 = /* @__PURE__ */ __name((text) => createHash("sha256").update(text).digest("hex"), "sha256");
function accountList(value, where) {
  if (value === "*")
    return "*";
  if (!Array.isArray(value) || value.length === 0 || !value.every((a) => typeof a === "string" && a.trim() !== "")) {
    throw new PeopleFileError(`${where} must be "*" or a non-empty list of account ids (e.g. ["act_1001"]).`);
  }
  return value.map((a) => a.trim());
}
__name(accountList, "accountList");
function parsePeople(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PeopleFileError('The people file must be a JSON object: { "people": [...], "two": [...] }.');
  }
  for (const key of Object.keys(value)) {
    if (!FILE_KEYS.has(key))
      throw new PeopleFileError(`Unknown key "${key}": a people file has "people" and "two".`);
  }
  const raw = value.people;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new PeopleFileError('"people" must be a non-empty list of { "name", "token" or "tokenSha256", "accounts" }.');
  }
  const people = [];
  const names = /* @__PURE__ */ new Set();
  const hashes = /* @__PURE__ */ new Set();
  raw.forEach((entry, index) => {
    const at = `people[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      throw new PeopleFileError(`${at} must be an object with "name", "token" or "tokenSha256", and "accounts".`);
    }
    const e = entry;
    for (const key of Object.keys(e)) {
      if (!PERSON_KEYS.has(key)) {
        throw new PeopleFileError(`${at} has an unknown key "${key}" (allowed: name, token, tokenSha256, accounts).`);
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
    if (e.token === void 0 === (e.tokenSha256 === void 0)) {
      throw new PeopleFileError(`${label} must have exactly one of "token" and "tokenSha256".`);
    }
    if (e.token !== void 0 && (typeof e.token !== "string" || e.token.length < MIN_TOKEN)) {
      throw new PeopleFileError(`${label}.token must be at least ${MIN_TOKEN} characters.`);
    }
    if (e.tokenSha256 !== void 0 && (typeof e.tokenSha256 !== "string" || !/^[0-9a-f]{64}$/i.test(e.tokenSha256))) {
      throw new PeopleFileError(`${label}.tokenSha256 must be the SHA-256 of the token in hex (64 characters).`);
    }
    const tokenSha256 = typeof e.token === "string" ? sha256(e.token) : e.tokenSha256.toLowerCase();
    if (hashes.has(tokenSha256))
      throw new PeopleFileError(`${label} has the same token as someone before it.`);
    hashes.add(tokenSha256);
    people.push({
      name,
      tokenSha256,
      accounts: accountList(e.accounts, `${label}.accounts`),
      ...typeof e.token === "string" ? { token: e.token } : {}
    });
  });
  const rawTwo = value.two;
  const two = rawTwo === void 0 ? [] : accountList(rawTwo, '"two"');
  const listed = two === "*" ? [] : two;
  for (const account of listed) {
    const deciders = people.filter((p) => mayDecide(p, account)).length;
    if (deciders < 2) {
      throw new PeopleFileError(`"two" names ${account}, but only ${deciders} person may decide for it: the two-person rule needs at least two.`);
    }
  }
  if (two === "*" && people.length < 2) {
    throw new PeopleFileError('"two" is "*", but the file names one person: the two-person rule needs at least two.');
  }
  return { people, two };
}
__name(parsePeople, "parsePeople");
function personOfToken(people, token) {
  const given = Buffer.from(sha256(token), "hex");
  let found;
  for (const person of people.people) {
    if (timingSafeEqual(given, Buffer.from(person.tokenSha256, "hex")) && !found)
      found = person;
  }
  return found;
}
__name(personOfToken, "personOfToken");
function mayDecide(person, account) {
  if (person.accounts === "*")
    return true;
  return account !== void 0 && person.accounts.includes(account);
}
__name(mayDecide, "mayDecide");
function approvalsNeeded(people, account) {
  if (!people)
    return 1;
  if (people.two === "*")
    return 2;
  return account !== void 0 && people.two.includes(account) ? 2 : 1;
}
__name(approvalsNeeded, "approvalsNeeded");

export {
  PeopleFileError,
  parsePeople,
  personOfToken,
  mayDecide,
  approvalsNeeded
};
