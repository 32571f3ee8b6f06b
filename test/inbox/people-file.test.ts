// A people file that is not right stops `adrails inbox` with exit 2 naming the entry and the key,
// before anything listens, and never quotes a token from the file.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { newApprover, PeopleFileError, parsePeople, personOfToken } from "../../src/inbox/people.js";
import { buildOnce, run } from "../cli/helpers.js";

const TOKEN = "ann-secret-token-0123456789";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const ann = { name: "Ann", token: TOKEN, accounts: ["act_1"] };
const ben = { name: "Ben", tokenSha256: "a".repeat(64), tokenLength: 32, accounts: "*" };

describe("parsePeople names what is wrong", () => {
  it.each([
    [{ people: [ann], extra: 1 }, 'Unknown key "extra"'],
    [{ people: [] }, '"people" must be a non-empty list'],
    [{ people: ["Ann"] }, "people[0] must be an object"],
    [{ people: [{ ...ann, acounts: "*" }] }, 'people[0] has an unknown key "acounts"'],
    [{ people: [{ ...ann, name: " " }] }, "people[0].name must be a name"],
    [{ people: [ann, { ...ben, name: "ann" }] }, 'people[1] ("ann"): the name "ann" appears twice'],
    [
      { people: [{ ...ann, token: "short-token" }] },
      'people[0] ("Ann").token must be at least 16 characters',
    ],
    [{ people: [{ ...ben, tokenSha256: "xyz" }] }, 'people[0] ("Ben").tokenSha256 must be the SHA-256'],
    [
      { people: [{ name: "Ann", accounts: "*" }] },
      'people[0] ("Ann") must have exactly one of "token" and "tokenSha256"',
    ],
    [{ people: [{ ...ann, accounts: [] }] }, 'people[0] ("Ann").accounts must be "*" or a non-empty list'],
    [
      { people: [ann, { ...ben, token: TOKEN, tokenSha256: undefined, tokenLength: undefined }] },
      "has the same token as someone before it",
    ],
    [{ people: [ann, ben], two: ["act_2"] }, '"two" names act_2, but only 1 person may decide for it'],
    // A hash says nothing of its token's strength: the SHA-256 of "1234" is refused without a length.
    [
      { people: [{ ...ben, tokenSha256: sha256("1234"), tokenLength: undefined }] },
      'people[0] ("Ben").tokenSha256 needs "tokenLength"',
    ],
    [{ people: [{ ...ben, tokenSha256: sha256("1234"), tokenLength: 4 }] }, "at least 16 random characters"],
    [{ people: [{ ...ben, tokenSha256: sha256(""), tokenLength: 0 }] }, "at least 16 random characters"],
  ])("%j", (file, message) => {
    const parse = () => parsePeople(JSON.parse(JSON.stringify(file)));
    expect(parse).toThrow(PeopleFileError);
    expect(parse).toThrow(message);
  });

  it("takes a right file: hashes tokens, keeps accounts and the two-person accounts", () => {
    const people = parsePeople({ people: [ann, ben], two: ["act_1"] });
    expect(people.people.map((p) => [p.name, p.accounts, p.tokenSha256.length])).toEqual([
      ["Ann", ["act_1"], 64],
      ["Ben", "*", 64],
    ]);
    expect(people.two).toEqual(["act_1"]);
  });

  it("newApprover makes a 32-character token whose entry the file takes and which signs its person in", () => {
    const { token, entry } = newApprover("Cleo", ["act_9"]);
    expect(token).toHaveLength(32);
    expect(JSON.stringify(entry)).not.toContain(token);
    const people = parsePeople({ people: [ann, entry] });
    expect(personOfToken(people, token)?.name).toBe("Cleo");
    expect(personOfToken(people, token.slice(1))).toBeUndefined();
  });
});

describe("adrails inbox --people with a bad file", { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    await buildOnce();
    dir = mkdtempSync(join(tmpdir(), "adrails-people-"));
  }, 120_000);

  it("exit 2 naming the entry, from --people and from ADRAILS_INBOX_PEOPLE; a file that is not JSON is not quoted", async () => {
    const short = join(dir, "short.json");
    writeFileSync(short, JSON.stringify({ people: [{ ...ann, token: "short-token" }] }));
    const flag = await run(["inbox", "--people", short], { env: { ADRAILS_HOME: join(dir, "home") } });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(
      `The people file --people ${short}: people[0] ("Ann").token must be at least 16 characters`,
    );

    const broken = join(dir, "broken.json");
    writeFileSync(broken, `{"people":[{"name":"Ann","token":"${TOKEN}",]}`);
    const env = await run(["inbox"], {
      env: { ADRAILS_INBOX_PEOPLE: broken, ADRAILS_HOME: join(dir, "home") },
    });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain(`The people file ADRAILS_INBOX_PEOPLE (${broken}) is not valid JSON`);
    expect(env.stderr).not.toContain(TOKEN);
    expect(env.stderr).not.toContain("ann-secret");
  });

  it("`adrails inbox people add` writes a generated token's hash and length, prints the token once, and refuses a duplicate", async () => {
    const file = join(dir, "people.json");
    const added = await run(["inbox", "people", "add", "Cleo", "--file", file, "--accounts", "act_1,act_2"]);
    expect(added.code).toBe(0);
    const token = added.stdout.trim();
    expect(token).toHaveLength(32);
    const stored = readFileSync(file, "utf8");
    expect(stored).not.toContain(token);
    const people = parsePeople(JSON.parse(stored));
    expect(personOfToken(people, token)).toMatchObject({ name: "Cleo", accounts: ["act_1", "act_2"] });
    expect(JSON.parse(stored).people[0].tokenLength).toBe(32);
    const again = await run(["inbox", "people", "add", "cleo", "--file", file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('the name "cleo" appears twice');
  });
});
