import {
  resolveLocal
} from "./chunk-TB6DQN33.js";
import {
  defineTool,
  getTool,
  offeredTools
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/mapping.js
import { z } from "zod";
var CONFIRM_FIELD = "hard_confirm_text";
var nameKey = /* @__PURE__ */ __name((name) => name.toLowerCase().replace(/[-_.\s]/g, ""), "nameKey");
var byKey = new Map(offeredTools.filter((t) => !t.disabled).map((t) => [nameKey(t.name), t]));
function entryOf(entry) {
  if (entry === void 0)
    return void 0;
  return typeof entry === "string" ? { tool: entry } : entry;
}
__name(entryOf, "entryOf");
function toolMapProblems(map) {
  if (map === null || typeof map !== "object" || Array.isArray(map)) {
    return ["the tool map is not a JSON object of door tool names"];
  }
  const problems = [];
  for (const [name, value] of Object.entries(map)) {
    const entry = typeof value === "string" ? { tool: value } : value !== null && typeof value === "object" && !Array.isArray(value) ? value : void 0;
    if (!entry || typeof entry.tool !== "string") {
      problems.push(`entry ${JSON.stringify(name)}: give "read-only", a known tool's name, or { "tool": ..., "fingerprint": ... }`);
      continue;
    }
    if (entry.fingerprint !== void 0 && typeof entry.fingerprint !== "string") {
      problems.push(`entry ${JSON.stringify(name)}: fingerprint must be a string (from \`adrails tools --via mcp\`)`);
      continue;
    }
    if (entry.tool !== "read-only" && !knownTool(entry.tool)) {
      problems.push(`entry ${JSON.stringify(name)}: adrails has no tool named ${JSON.stringify(entry.tool)}`);
    }
  }
  return problems;
}
__name(toolMapProblems, "toolMapProblems");
var knownTool = /* @__PURE__ */ __name((name) => {
  const def = getTool(name) ?? byKey.get(nameKey(name));
  return def && !def.disabled ? def : void 0;
}, "knownTool");
function mapCatalog(catalog, toolMap = {}, pins = /* @__PURE__ */ new Map()) {
  const mapped = [];
  for (const [name, checked] of catalog.tools) {
    const { tool, fingerprint, schema } = checked;
    const base = { name, annotations: tool.annotations, schema, fingerprint };
    const unknown = /* @__PURE__ */ __name((reason, declaration) => {
      const definition = unknownDefinition(checked, "write");
      const description = definition.description;
      return {
        ...base,
        definition,
        guard: "unknown",
        reason,
        description,
        ...declaration ? { declaration } : {}
      };
    }, "unknown");
    const entry = entryOf(toolMap[name]);
    const label = entry ? `${name}: ${entry.tool}` : "";
    if (entry) {
      const pinKey = `${name}
${entry.tool}`;
      const pinned = entry.fingerprint ?? pins.get(pinKey);
      if (pinned !== void 0 && pinned !== fingerprint) {
        mapped.push(unknown(`your declaration (${label}) lapsed: the door changed this tool since it was declared (fingerprint ${fingerprint}, declared ${pinned}), so its meaning is unknown again`, { entry: label, state: "lapsed" }));
        continue;
      }
      if (pinned === void 0)
        pins.set(pinKey, fingerprint);
    }
    const warning = writeAnnotation(tool.annotations);
    if (entry?.tool === "read-only") {
      if (tool.annotations?.destructiveHint === true) {
        mapped.push(unknown(`the door annotates it destructive, which wins over your read-only declaration`, {
          entry: label,
          state: "overruled"
        }));
        continue;
      }
      mapped.push({
        ...base,
        definition: unknownDefinition(checked, "read"),
        guard: "read-only",
        reason: "declared read-only by you",
        description: tool.description ?? "",
        declaration: { entry: label, state: "applied" }
      });
      continue;
    }
    const known = entry ? knownTool(entry.tool) : byKey.get(nameKey(name));
    if (!known) {
      mapped.push(unknown(entry ? `mapped by you to ${entry.tool}, which adrails does not know` : "adrails does not know this tool"));
      continue;
    }
    const how = entry ? `mapped by you to ${known.name}` : `known by name and shape as ${known.name}`;
    const mismatch = shapeMismatch(known, tool);
    if (mismatch !== null) {
      mapped.push(unknown(entry ? `mapped by you to ${known.name}, but its shape differs (${mismatch}), so the mapping is refused` : `named like ${known.name} but its shape differs (${mismatch}), so its meaning is unknown`, entry ? { entry: label, state: "refused" } : void 0));
      continue;
    }
    const reads = known.effect === "read" || known.effect === "calculator";
    if (reads && warning) {
      mapped.push(unknown(`the door annotates it ${warning}, which wins over its being ${how} (a read)`, entry ? { entry: label, state: "overruled" } : void 0));
      continue;
    }
    mapped.push({
      ...base,
      definition: known,
      guard: "known",
      reason: how,
      description: known.description,
      ...entry ? { declaration: { entry: label, state: "applied" } } : {}
    });
  }
  return mapped;
}
__name(mapCatalog, "mapCatalog");
function writeAnnotation(annotations) {
  if (annotations?.destructiveHint === true)
    return "destructive";
  if (annotations?.readOnlyHint === false)
    return "not read-only";
  return void 0;
}
__name(writeAnnotation, "writeAnnotation");
function shapeMismatch(known, tool) {
  const knownSchema = z.toJSONSchema(known.input, { io: "input", unrepresentable: "any" });
  const knownProps = knownSchema.properties ?? {};
  const root = tool.inputSchema;
  const doorProps = root.properties ?? {};
  const names = /* @__PURE__ */ __name((props) => Object.keys(props).filter((n) => n !== CONFIRM_FIELD), "names");
  const missing = names(knownProps).filter((n) => !(n in doorProps));
  const extra = names(doorProps).filter((n) => !(n in knownProps));
  if (missing.length > 0 || extra.length > 0) {
    const parts = [];
    if (missing.length > 0)
      parts.push(`no ${missing.join(", ")}`);
    if (extra.length > 0)
      parts.push(`adds ${extra.join(", ")}`);
    return parts.join("; ");
  }
  for (const field of names(doorProps)) {
    const a = knownProps[field]?.type;
    const b = resolveLocal(root, doorProps[field]).type;
    if (a !== void 0 && b !== void 0 && JSON.stringify(a) !== JSON.stringify(b)) {
      return `${field} is ${JSON.stringify(b)}, not ${JSON.stringify(a)}`;
    }
  }
  return null;
}
__name(shapeMismatch, "shapeMismatch");
function unknownDefinition({ tool, schema }, effect) {
  const fields = Object.keys(schema.json.properties ?? {});
  const shape = z.looseObject(Object.fromEntries(fields.map((field) => [field, z.unknown()])));
  const base = defineTool({
    name: tool.name,
    group: "C",
    description: effect === "read" ? tool.description ?? tool.name : `${tool.description ?? tool.name} (A tool of the service's MCP door that adrails does not know: every call waits for a person's approval.${annotationText(tool.annotations)})`,
    input: shape,
    effect,
    plan: "not-shown",
    statuses: [],
    hints: effect === "read" ? {} : { destructive: true }
  });
  return {
    ...base,
    inputSchema: doorZod(schema, schema.json, []),
    ...effect === "write" ? { needsPerson: /* @__PURE__ */ __name(() => true, "needsPerson") } : {}
  };
}
__name(unknownDefinition, "unknownDefinition");
function doorZod(schema, shown, filled) {
  return z.looseObject({}).superRefine((value, ctx) => {
    for (const message of schema.check(value, filled))
      ctx.addIssue({ code: "custom", message, path: [] });
  }).meta(shown);
}
__name(doorZod, "doorZod");
function annotationText(annotations) {
  if (!annotations)
    return "";
  const parts = [];
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]) {
    if (typeof annotations[key] === "boolean")
      parts.push(`${key} ${annotations[key]}`);
  }
  return parts.length > 0 ? ` The door annotates it ${parts.join(", ")}; adrails asks anyway.` : "";
}
__name(annotationText, "annotationText");

export {
  nameKey,
  toolMapProblems,
  mapCatalog,
  doorZod
};
