import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  catalog
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/suggest.js
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}
__name(distance, "distance");
function unknownTool(name) {
  const near = catalog.map((def) => ({ name: def.name, d: distance(name, def.name) })).filter((c) => c.d <= Math.max(2, Math.floor(name.length / 3)) || c.name.includes(name)).sort((a, b) => a.d - b.d).slice(0, 3).map((c) => c.name);
  const hint = near.length > 0 ? `Did you mean ${near.join(", ")}? ` : "";
  return new CliError(`There is no tool named "${name}".`, EXIT.usage, `${hint}List them with: adrails tools`);
}
__name(unknownTool, "unknownTool");

export {
  unknownTool
};
