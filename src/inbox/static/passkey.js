// Passkeys on the inbox page (named approvers only). Enrolment: the server gives registration
// options, the browser makes a passkey, the server checks it and hands back a line for the people
// file. Deciding: the server fixes the statement it will sign and gives its digest as the
// challenge; the person's passkey signs it here, in their browser; the decision goes with it.
// The WebAuthn calls are @simplewebauthn/browser's (webauthn.js, served by the inbox).

(() => {
  const KEY = "adrails-inbox-key";
  const HEADER = "x-adrails-inbox-key";
  const lib = globalThis.SimpleWebAuthnBrowser;
  let about = null;

  const $ = (id) => document.getElementById(id);
  const headers = (extra) => ({
    accept: "application/json",
    [HEADER]: sessionStorage.getItem(KEY) || "",
    ...extra,
  });

  async function post(path, fields) {
    const response = await fetch(path, {
      method: "POST",
      headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams(fields),
    });
    const body = await response.json().catch(() => ({ message: `The inbox answered ${response.status}.` }));
    return { status: response.status, ok: response.ok && body.ok !== false, body };
  }

  /** What the server says about this person's passkeys; shows the passkey section. */
  async function load() {
    const response = await fetch("passkeys.json", { headers: headers({}), cache: "no-store" }).catch(
      () => null,
    );
    about = response?.ok ? await response.json().catch(() => null) : null;
    const section = $("passkeys");
    if (!section) return about;
    section.hidden = !about?.enabled || !lib;
    if (section.hidden) return about;
    const n = about.passkeys;
    $("passkeys-status").textContent = about.problem
      ? about.problem
      : n === 0
        ? "You have no passkey in the people file: your approvals carry the inbox's signature only. Add one to sign each approval on your own device."
        : `You have ${n} passkey${n === 1 ? "" : "s"} in the people file: each approval asks your device to sign it.`;
    $("passkey-enrol").hidden = Boolean(about.problem);
    return about;
  }

  async function enrol(form) {
    const button = form.querySelector("button");
    const result = $("passkey-result");
    const out = $("passkey-export");
    button.disabled = true;
    out.hidden = true;
    try {
      const asked = await post("enrol-options", {});
      if (!asked.ok) {
        result.textContent = asked.body.message;
        return;
      }
      result.textContent = "Follow your browser's prompt to make the passkey...";
      const response = await lib.startRegistration({ optionsJSON: asked.body.options });
      const done = await post("enrol", { response: JSON.stringify(response), label: form.label.value });
      result.textContent = done.body.message;
      if (done.ok) {
        out.textContent = done.body.command;
        out.hidden = false;
      }
    } catch (error) {
      result.textContent = `No passkey was made: ${error?.message || "the browser refused"}. Nothing was changed.`;
    } finally {
      button.disabled = false;
    }
  }

  /**
   * The fields of a decision form, with this person's passkey assertion over the decision when
   * they decide with one; or `{ message, final }` when the decision cannot go.
   */
  async function prove(fields, say) {
    if (!about) await load();
    if (!about?.enabled || !about.passkeys) return { fields };
    if (about.problem) return { message: about.problem, final: false };
    const asked = await post("challenge", fields);
    if (!asked.ok) return { message: asked.body.message, final: [404, 409, 410].includes(asked.status) };
    say("Confirm with your passkey: follow your browser's prompt.");
    try {
      const assertion = await lib.startAuthentication({ optionsJSON: asked.body.options });
      fields.set("assertion", JSON.stringify(assertion));
      return { fields };
    } catch (error) {
      return {
        message: `Not recorded: your passkey did not sign (${error?.message || "the browser refused"}). Try again.`,
        final: false,
      };
    }
  }

  document.addEventListener("submit", (event) => {
    if (event.target?.id !== "passkey-enrol") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    enrol(event.target);
  });

  globalThis.adrailsPasskeys = lib ? { prove, load } : undefined;
  // A tab that signed in before (a reload) shows its passkeys at once.
  if (lib && sessionStorage.getItem(KEY)) load();
})();
