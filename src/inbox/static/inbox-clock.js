// The countdown of waiting requests.

// The server's clock decides expiry: the page counts down from it (the Date header of each
// answer), not from this computer's clock.
let skewMs = 0;
const SOON_MS = 60_000;
// The inbox takes a decision only until 1 s before expiry (the agent must still have time to take
// it): the countdown ends there.
const LAST_MS = 1000;

function left(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${two(Math.floor((s % 3600) / 60))} min left`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${two(s % 60)} s left`;
  return `${s} s left`;
}

export function tick() {
  const now = Date.now() + skewMs;
  for (const el of document.querySelectorAll(".time-left[data-expires]")) {
    const ms = Number(el.dataset.expires) - LAST_MS - now;
    const article = el.closest("article");
    if (ms > 0) {
      const text = left(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("soon", ms <= SOON_MS);
      continue;
    }
    if (article.classList.contains("ran-out")) continue;
    // Until the server moves it to the history: say it ran out, and offer no decision.
    article.classList.add("ran-out");
    el.textContent = "Expired";
    el.classList.remove("soon");
    for (const button of article.querySelectorAll("form button")) button.disabled = true;
    article.querySelector(".result").textContent =
      "This request expired: nobody can approve it now. The agent can ask again by making the call again.";
  }
}

export function clockFrom(response) {
  const date = Date.parse(response.headers.get("date") || "");
  // The Date header has whole seconds: a smaller difference is rounding, not skew.
  if (Number.isFinite(date) && Math.abs(date - Date.now()) > 2000) skewMs = date - Date.now();
}
