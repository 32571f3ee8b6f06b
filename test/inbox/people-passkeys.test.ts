// The people file's passkey members: parsed with messages that name the entry and the key, and
// `adrails inbox people add-passkey` adding what the inbox page's enrolment exports.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PeopleFileError, parsePeople } from "../../src/inbox/people.js";
import { buildOnce, run } from "../cli/helpers.js";
import { softAuthenticator } from "../support/passkey.js";

const key = softAuthenticator({ label: "Ann's key" }).credential;
const other = softAuthenticator().credential;
const ann = { name: "Ann", token: "ann-secret-token-0123456789", accounts: "*" };
const ben = { name: "Ben", token: "ben-secret-token-0123456789", accounts: ["act_1"] };

describe("parsePeople reads passkeys and names what is wrong", () => {
  it.each([
    [{ people: [{ ...ann, passkeys: {} }] }, 'people[0] ("Ann").passkeys must be a list'],
    [{ people: [{ ...ann, passkeys: [{ id: key.id }] }] }, 'people[0] ("Ann").passkeys[0].publicKey must be'],
    [{ people: [{ ...ann, passkeys: [{ ...key, id: "not base64url!" }] }] }, ".passkeys[0].id must be"],
    [{ people: [{ ...ann, passkeys: [{ ...key, counter: -1 }] }] }, ".passkeys[0].counter must be"],
    [{ people: [{ ...ann, passkeys: [{ ...key, extra: 1 }] }] }, '.passkeys[0] has an unknown key "extra"'],
    [
      {
        people: [
          { ...ann, passkeys: [key] },
          { ...ben, passkeys: [key] },
        ],
      },
      `credential ${key.id} is already listed at people[0] ("Ann").passkeys[0]`,
    ],
    [{ people: [ann], rp: { id: "127.0.0.1" } }, '"rp.id" must be the host name'],
    [{ people: [ann], rp: { id: "localhost", origins: ["https://elsewhere.example"] } }, '"rp.origins"'],
    [{ people: [ann], userVerification: "always" }, '"userVerification" must be "required" or "preferred"'],
    [{ people: [ann], requirePasskeys: [] }, '"requirePasskeys" must be "*" or a non-empty list'],
  ])("%j", (file, message) => {
    const parse = () => parsePeople(JSON.parse(JSON.stringify(file)));
    expect(parse).toThrow(PeopleFileError);
    expect(parse).toThrow(message);
  });

  it("takes a right file: each person's passkeys, the relying party, user verification, the required accounts", () => {
    const people = parsePeople({
      people: [{ ...ann, passkeys: [key, other] }, ben],
      rp: { id: "inbox.example.com", origins: ["https://inbox.example.com"] },
      userVerification: "required",
      requirePasskeys: ["act_1"],
    });
    expect(people.people[0]!.passkeys).toEqual([key, other]);
    expect(people.people[1]!.passkeys).toBeUndefined();
    expect(people.rp).toEqual({ id: "inbox.example.com", origins: ["https://inbox.example.com"] });
    expect(people.userVerification).toBe("required");
    expect(people.requirePasskeys).toEqual(["act_1"]);
  });
});

describe("adrails inbox people add-passkey", { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    await buildOnce();
    dir = mkdtempSync(join(tmpdir(), "adrails-passkeys-"));
  }, 150_000);

  it("adds the page's export to its person, from a file or stdin, and refuses what does not hold", async () => {
    const file = join(dir, "people.json");
    writeFileSync(file, JSON.stringify({ people: [ann, ben] }));
    const exported = join(dir, "ann-passkey.json");
    writeFileSync(exported, JSON.stringify({ name: "Ann", passkey: key }));
    const added = await run(["inbox", "people", "add-passkey", exported, "--file", file]);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain(`Added passkey ${key.id} (Ann's key) to Ann`);
    expect(parsePeople(JSON.parse(readFileSync(file, "utf8"))).people[0]!.passkeys).toEqual([key]);

    const piped = await run(["inbox", "people", "add-passkey", "--file", file, "--name", "ben"], {
      input: JSON.stringify({ name: "Ann", passkey: other }),
    });
    expect(piped.code).toBe(0);
    expect(parsePeople(JSON.parse(readFileSync(file, "utf8"))).people[1]!.passkeys).toEqual([other]);

    // The same credential again, a public key that is not COSE, a person the file does not name.
    const again = await run(["inbox", "people", "add-passkey", exported, "--file", file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("is already listed");
    const garbage = {
      ...softAuthenticator().credential,
      publicKey: Buffer.alloc(64, 7).toString("base64url"),
    };
    const bad = await run(["inbox", "people", "add-passkey", "--file", file], {
      input: JSON.stringify({ name: "Ann", passkey: garbage }),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("passkey.publicKey: it is not a COSE public key");
    const nobody = await run(["inbox", "people", "add-passkey", "--file", file], {
      input: JSON.stringify({ name: "Zed", passkey: softAuthenticator().credential }),
    });
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('names nobody called "Zed"');
    // Nothing refused was written.
    const kept = parsePeople(JSON.parse(readFileSync(file, "utf8")));
    expect(kept.people.map((p) => p.passkeys?.length)).toEqual([1, 1]);
  });
});
