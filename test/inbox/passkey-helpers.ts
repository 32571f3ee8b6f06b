import { readFileSync, writeFileSync } from "node:fs";
import type { CDPSession, Page } from "playwright-core";
import { expect } from "vitest";
import type { PasskeyEnrolment } from "../../src/guards/approval/passkey.js";
import { seeText } from "./helpers.js";

/** A Chrome DevTools Protocol virtual authenticator in a page's browser context: a platform passkey that verifies its user. */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
  /** Whether the authenticator answers at once (true) or waits, as a person reading the prompt would. */
  answer(at: boolean): Promise<void>;
  /** The credentials it holds. */
  credentials(): Promise<{ credentialId: string; signCount: number }[]>;
}

export async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId: id } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    id,
    answer: async (at) => {
      await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: id, enabled: at });
    },
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId: id })).credentials,
  };
}

/** Signs in on the page as a named approver (the token says who). */
export async function signInWithToken(page: Page, url: string, token: string, name: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Your approver token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await seeText(page.locator("#who"), name);
}

/** Enrols a passkey from the page; resolves to the export the page shows for the people file. */
export async function enrolOnPage(
  page: Page,
  label: string,
): Promise<{ enrolment: PasskeyEnrolment; command: string }> {
  await page.getByLabel("A name for the new passkey").fill(label);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const out = page.locator("#passkey-export");
  await out.waitFor({ state: "visible", timeout: 15_000 });
  const command = await out.innerText();
  const json = /^echo '(\{.*\})' \| adrails inbox people add-passkey --file people\.json$/.exec(command)?.[1];
  if (!json) throw new Error(`no enrolment in ${JSON.stringify(command)}`);
  // The command quotes the JSON for a shell: a ' in it is written '\''.
  return { enrolment: JSON.parse(json.replaceAll("'\\''", "'")) as PasskeyEnrolment, command };
}

/** Adds an enrolment to a people file, as whoever keeps the file does with the page's export. */
export function addPasskeyToFile(file: string, enrolment: PasskeyEnrolment): void {
  const people = JSON.parse(readFileSync(file, "utf8")) as {
    people: { name: string; passkeys?: unknown[] }[];
  };
  const person = people.people.find((p) => p.name === enrolment.name);
  if (!person) throw new Error(`${enrolment.name} is not in ${file}`);
  person.passkeys = [...(person.passkeys ?? []), enrolment.passkey];
  writeFileSync(file, JSON.stringify(people, null, 2));
}

/** Sets file-level members of a people file (two, requirePasskeys). */
export function editPeopleFile(file: string, members: Record<string, unknown>): void {
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), ...members }, null, 2));
}

/** A tab signed in at `base` (http://localhost:PORT or http://127.0.0.1:PORT), over HTTP: its form posts and passkeys.json. */
export async function passkeyTab(base: string, token: string, name = "") {
  const signIn = await fetch(`${base}/signin`, {
    method: "POST",
    headers: {
      origin: base,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ name, token }),
  });
  expect(signIn.status).toBe(200);
  const headers = {
    origin: base,
    accept: "application/json",
    cookie: signIn.headers.get("set-cookie")!.split(";")[0]!,
    "x-adrails-inbox-key": ((await signIn.json()) as { key: string }).key,
  };
  const post = async (path: string, form: Record<string, string>) => {
    const r = await fetch(`${base}/${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    return { status: r.status, body: (await r.json()) as Record<string, any> };
  };
  const about = async () =>
    (await (await fetch(`${base}/passkeys.json`, { headers })).json()) as Record<string, any>;
  return { post, about };
}
