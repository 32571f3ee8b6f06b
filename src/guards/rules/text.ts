import { createRequire } from "node:module";

// Text compared by the rules (banned phrases) goes through the steps Unicode gives for telling
// whether two strings look alike (UTS #39, "skeleton"): compatibility forms folded (NFKC:
// full-width letters, ligatures), every default-ignorable code point removed (zero-width and
// joiner characters, U+034F, U+2061-U+2064, U+180E, variation selectors, ...), then each
// character mapped to its prototype in Unicode's confusables.txt (a Cyrillic "е" reads as "e").
// The data is unhomoglyph's, generated from confusables.txt by its maintainers (nodeca).

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

// Loaded on first use: building its table takes tens of milliseconds, which a process that never
// compares a banned phrase (adrails mcp's start) should not pay.
let skeleton: ((text: string) => string) | undefined;
function skeletonOf(text: string): string {
  skeleton ??= createRequire(import.meta.url)("unhomoglyph") as (text: string) => string;
  return skeleton(text);
}

/** Text as a rule compares it: look-alikes, invisible characters, case and runs of spaces folded. */
export function comparable(text: string): string {
  const folded = text.normalize("NFKC").replace(IGNORABLE, "").toLowerCase();
  // The skeleton maps some lower-case letters to upper-case prototypes ("0" and "o" to "O"):
  // lower-case again so both sides meet.
  return skeletonOf(folded.normalize("NFD"))
    .normalize("NFD")
    .replace(IGNORABLE, "")
    .toLowerCase()
    .replace(/\s+/g, " ");
}
