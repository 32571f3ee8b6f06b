import {
  GROUP_NAMES,
  boundsText,
  inputJsonSchema,
  toolFields,
  toolSummary
} from "./chunk-JQBP6YMO.js";
import {
  unknownTool
} from "./chunk-HNZNSMKZ.js";
import {
  viaMcp
} from "./chunk-H7M2KSJO.js";
import "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  getTool
} from "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/describe.js
var CONFIRM_FIELD = "hard_confirm_text";
async function runDescribe(ctx, name) {
  if (viaMcp(ctx.globals, ctx.io.env))
    return (await import("./door-info-Z5GQW44B.js")).runMcpDescribe(ctx, name);
  const { output } = ctx;
  const def = getTool(name);
  if (!def)
    throw unknownTool(name);
  if (output.json) {
    output.result({ ...toolSummary(def), notes: notes(def), input_schema: inputJsonSchema(def) });
    return EXIT.ok;
  }
  const s = output.outStyle;
  output.line(s.bold(def.name));
  output.line(`group ${def.group} (${GROUP_NAMES[def.group]}), effect ${def.effect}, plan ${def.plan}`);
  if (def.disabled)
    output.line(s.red("Disabled at the service (HTTP 410) and never offered: calls are refused."));
  output.line();
  output.line(def.description);
  output.line();
  const fields = toolFields(def);
  if (fields.length === 0) {
    output.line("Fields: none (send {}).");
  } else {
    output.line("Fields (* required):");
    const width = Math.max(...fields.map((f) => f.name.length + 1));
    for (const field of fields) {
      const name2 = `${field.name}${field.required ? "*" : ""}`.padEnd(width);
      output.line(`  ${name2}  ${fieldText(field, def)}`);
    }
  }
  output.line();
  output.line(`Statuses: ${def.statuses.join(", ")}`);
  const hints = Object.entries(def.hints).filter(([, on]) => on).map(([hint]) => hint);
  output.line(`Hints: ${hints.length > 0 ? hints.join(", ") : "none"}`);
  for (const note of notes(def))
    output.line(s.dim(note));
  return EXIT.ok;
}
__name(runDescribe, "runDescribe");
function fieldText(field, def) {
  const parts = [field.type];
  if (field.format)
    parts.push(`format ${field.format}`);
  if (field.enum)
    parts.push(`one of ${field.enum.map((v) => JSON.stringify(v)).join(" | ")}`);
  const bounds = boundsText(field);
  if (bounds)
    parts.push(bounds);
  if (field.default !== void 0)
    parts.push(`default ${JSON.stringify(field.default)}`);
  let text = parts.join(", ");
  if (field.description)
    text += `. ${field.description}`;
  if (field.name === def.idField?.name)
    text += ". Leave out: adrails sets it";
  if (field.name === CONFIRM_FIELD)
    text += ". Never read from the body: a person gives it (--confirm-text or a prompt)";
  return text;
}
__name(fieldText, "fieldText");
function notes(def) {
  const out = [];
  if (def.idField) {
    out.push(`Retry key: ${def.idField.name} (${def.idField.required ? "required by the service" : "optional"}). adrails always sets it, derived from the change, so repeating the same change replays it; a value you pass is not used.`);
  }
  if (CONFIRM_FIELD in def.input.shape) {
    out.push(`status "ACTIVE" can start spending: it needs a person's confirmation (--confirm-text, or a prompt on a terminal); without one the call is refused (exit 6).`);
  }
  return out;
}
__name(notes, "notes");
export {
  runDescribe
};
