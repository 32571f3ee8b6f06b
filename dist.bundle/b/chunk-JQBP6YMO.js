import {
  viaMcp
} from "./chunk-H7M2KSJO.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  TOOL_GROUPS,
  catalog
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/fields.js
import { z } from "zod";
var BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems"
];
function inputJsonSchema(def) {
  return z.toJSONSchema(def.inputSchema, { io: "input", unrepresentable: "any" });
}
__name(inputJsonSchema, "inputJsonSchema");
function toolFields(def) {
  const fields = objectFields(inputJsonSchema(def), "");
  return fields.map((field) => field.name === def.idField?.name ? { ...field, required: false } : field);
}
__name(toolFields, "toolFields");
function objectFields(schema, prefix) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = [];
  for (const [key, node] of Object.entries(properties)) {
    const name = `${prefix}${key}`;
    fields.push(fieldInfo(name, node, required.has(key)));
    if (isObject(node) && node.properties && Object.keys(node.properties).length > 0) {
      fields.push(...objectFields(node, `${name}.`));
    }
  }
  return fields;
}
__name(objectFields, "objectFields");
function fieldInfo(name, node, required) {
  const info = { name, type: typeName(node), required };
  const values = enumValues(node);
  if (values)
    info.enum = values;
  if ("default" in node)
    info.default = node.default;
  if (typeof node.format === "string")
    info.format = node.format;
  for (const bound of BOUNDS)
    if (typeof node[bound] === "number")
      info[bound] = node[bound];
  if (typeof node.description === "string")
    info.description = node.description;
  return info;
}
__name(fieldInfo, "fieldInfo");
function isObject(node) {
  return node.type === "object";
}
__name(isObject, "isObject");
function enumValues(node) {
  if (Array.isArray(node.enum))
    return node.enum;
  if ("const" in node)
    return [node.const];
  const union = node.anyOf ?? node.oneOf;
  if (Array.isArray(union) && union.every((n) => "const" in n)) {
    return union.map((n) => n.const);
  }
  return void 0;
}
__name(enumValues, "enumValues");
function typeName(node) {
  if (Array.isArray(node.type))
    return node.type.join(" | ");
  if (node.type === "array") {
    const items = node.items;
    return items && typeof items === "object" && Object.keys(items).length > 0 ? `array of ${typeName(items)}` : "array";
  }
  if (typeof node.type === "string")
    return node.type;
  const union = node.anyOf ?? node.oneOf;
  if (Array.isArray(union)) {
    const names = [...new Set(union.map((n) => "const" in n ? typeof n.const : typeName(n)))];
    return names.join(" | ");
  }
  if ("const" in node)
    return typeof node.const;
  return "any";
}
__name(typeName, "typeName");
function boundsText(field) {
  const range = /* @__PURE__ */ __name((low, high, unit) => {
    if (low !== void 0 && high !== void 0)
      return `${low}..${high}${unit}`;
    if (low !== void 0)
      return `>= ${low}${unit}`;
    if (high !== void 0)
      return `<= ${high}${unit}`;
    return void 0;
  }, "range");
  const parts = [
    range(field.minimum, field.maximum, ""),
    field.exclusiveMinimum !== void 0 ? `> ${field.exclusiveMinimum}` : void 0,
    field.exclusiveMaximum !== void 0 ? `< ${field.exclusiveMaximum}` : void 0,
    range(field.minLength, field.maxLength, " chars"),
    range(field.minItems, field.maxItems, " items")
  ].filter((p) => p !== void 0);
  return parts.length > 0 ? parts.join(", ") : void 0;
}
__name(boundsText, "boundsText");

// dist/cli/commands/tools.js
var GROUP_NAMES = {
  A: "account reads (every plan)",
  B: "calculators and skills (every plan; no ad account touched)",
  C: "creative generation and publishing",
  D: "connected-source queries",
  E: "briefs, generation, experiments",
  F: "competitor monitoring"
};
function toolSummary(def) {
  return {
    name: def.name,
    group: def.group,
    effect: def.effect,
    plan: def.plan,
    disabled: def.disabled === true,
    description: def.description,
    statuses: def.statuses,
    hints: def.hints,
    ...def.idField ? { id_field: def.idField } : {},
    fields: toolFields(def)
  };
}
__name(toolSummary, "toolSummary");
async function runTools(ctx, opts) {
  if (viaMcp(ctx.globals, ctx.io.env))
    return (await import("./tools-mcp-43Z3TTYC.js")).runMcpTools(ctx);
  const { output } = ctx;
  const group = opts.group?.toUpperCase();
  if (group !== void 0 && !TOOL_GROUPS.includes(group)) {
    throw new CliError(`There is no group "${opts.group}".`, EXIT.usage, `Groups: ${TOOL_GROUPS.join(", ")}.`);
  }
  const tools = catalog.filter((def) => group === void 0 || def.group === group);
  if (output.json) {
    output.result(tools.map(toolSummary));
    return EXIT.ok;
  }
  const s = output.outStyle;
  const width = Math.max(...tools.map((def) => def.name.length));
  for (const g of TOOL_GROUPS) {
    const members = tools.filter((def) => def.group === g);
    if (members.length === 0)
      continue;
    output.line(s.bold(`${g}  ${GROUP_NAMES[g]}`));
    for (const def of members) {
      const tags = def.disabled ? s.red("disabled (HTTP 410), never offered") : `${def.effect}, plan ${def.plan}`;
      output.line(`  ${def.name.padEnd(width)}  ${tags}`);
      output.line(`  ${" ".repeat(width)}  ${s.dim(fieldList(toolFields(def)))}`);
    }
    output.line();
  }
  const offered = tools.filter((def) => !def.disabled).length;
  output.line(s.dim(`${offered} offered tool${offered === 1 ? "" : "s"}. * = required. Details: adrails describe <tool>`));
  return EXIT.ok;
}
__name(runTools, "runTools");
function fieldList(fields) {
  const top = fields.filter((field) => !field.name.includes("."));
  if (top.length === 0)
    return "no fields: send {}";
  return top.map((field) => `${field.name}${field.required ? "*" : ""}`).join(", ");
}
__name(fieldList, "fieldList");

export {
  inputJsonSchema,
  toolFields,
  boundsText,
  GROUP_NAMES,
  toolSummary,
  runTools
};
