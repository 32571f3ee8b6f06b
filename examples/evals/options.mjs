// The team's createAdTools options that `adrails evals --options` replays the conversations with.
// Each conversation's own `toolkit` settings go on top; the runner supplies the key, the base URL
// (a fresh simulator per run), the session id and the person's scripted answers.

/** @type {import("adrails").AdToolsOptions} */
export default {
  // An ACTIVE push nobody approved is created PAUSED rather than refused.
  onUnconfirmedActive: "pause",
  // Keep results the model reads under this many characters.
  maxResultChars: 12_000,
};
