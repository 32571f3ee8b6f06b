import { esc } from "./render.js";

// Shown to a named approver once the page knows passkeys work here (passkey.js).
const PASSKEYS = `<section id="passkeys" aria-labelledby="passkeys-h" hidden><h2 id="passkeys-h">Your passkeys</h2>
<p id="passkeys-status"></p>
<form id="passkey-enrol"><label for="passkey-label">A name for the new passkey (e.g. your device)</label>
<input id="passkey-label" name="label" type="text" maxlength="80" autocomplete="off">
<button type="submit" class="secondary">Add a passkey</button></form>
<p id="passkey-result" role="status"></p>
<pre id="passkey-export" hidden></pre></section>`;

/**
 * The one HTML page the inbox serves, the same for everyone: a sign-in form and an empty inbox.
 * It holds no item and no secret, so a process that got the session cookie learns nothing from
 * it; the page's script signs in, keeps the session key in this tab, and loads the items with it.
 */
export function renderShell(title: string, options: { people?: boolean; refreshMs?: number } = {}): string {
  // With named approvers each person has their own token, and the token says who they are.
  const signInText = options.people
    ? "Sign in with your own approver token (given to you by whoever runs <code>adrails inbox</code>). It says who you are: your decisions are recorded under the name it belongs to. Each browser tab signs in on its own."
    : "Sign in with the inbox token (printed once by <code>adrails inbox</code>, or set as ADRAILS_INBOX_TOKEN). Each browser tab signs in on its own.";
  const nameField = options.people
    ? ""
    : `<label for="name">Your name (recorded with each decision)</label>
<input id="name" name="name" type="text" required maxlength="80" autocomplete="name">
`;
  const tokenLabel = options.people ? "Your approver token" : "Inbox token";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<link rel="stylesheet" href="inbox.css">${options.people ? '<script src="webauthn.js" defer></script><script src="passkey.js" defer></script>' : ""}<script type="module" src="inbox.js"></script></head>
<body${options.refreshMs === undefined ? "" : ` data-refresh-ms="${Math.round(options.refreshMs)}"`}><noscript><p class="error">The approval inbox needs JavaScript: it keeps its session key in this tab, so that no other page or port can act with your cookie.</p></noscript>
<main class="signin" id="signin" aria-labelledby="signin-h" hidden><h1 id="signin-h">${esc(title)}</h1>
<p>${signInText}</p>
<p class="error" id="signin-error" role="alert" hidden></p>
<form method="post" action="signin" id="signin-form">${nameField}<label for="token">${tokenLabel}</label><input id="token" name="token" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button></form></main>
<div id="inbox" hidden><header><h1>${esc(title)}</h1>
<p class="who">Signed in as <span id="who"></span></p>
<button type="button" id="signout" class="secondary">Sign out</button></header>
<main><p id="connection" class="error" role="alert" hidden></p>${options.people ? PASSKEYS : ""}
<div id="announce" class="visually-hidden" role="status" aria-live="polite"></div>
<section aria-labelledby="pending-h"><h2 id="pending-h">Waiting for a decision (<span id="pending-count">0</span>)</h2>
<p class="empty" id="pending-empty">Nothing is waiting.</p>
<div id="pending" class="list"></div>
<nav class="pager" id="pending-pager" aria-label="Pages of waiting requests" hidden></nav></section>
<section aria-labelledby="unreadable-h" id="unreadable-section" hidden><h2 id="unreadable-h">Unreadable items in the store (<span id="unreadable-count">0</span>)</h2>
<div id="unreadable" class="list"></div></section>
<section aria-labelledby="history-h"><h2 id="history-h">History</h2>
<div id="history" class="list"></div>
<nav class="pager" id="history-pager" aria-label="Pages of history" hidden></nav></section></main></div>
<div id="full" class="full" hidden role="dialog" aria-modal="true" aria-labelledby="full-h"><h2 id="full-h">Full value</h2><pre id="full-text"></pre><button type="button" id="full-close">Close</button></div>
</body></html>`;
}
