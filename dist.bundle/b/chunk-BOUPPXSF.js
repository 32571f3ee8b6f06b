import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/drift/compare.js
import { z } from "zod";

// dist/drift/normalize.js
var BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems"
];
var MAX_SAFE = Number.MAX_SAFE_INTEGER;
function normalize(schema, root = schema) {
  return shapeOf(schema, root, /* @__PURE__ */ new Set());
}
__name(normalize, "normalize");
function shapeOf(input, root, seen) {
  if (input === true || input === void 0 || input === null || typeof input !== "object") {
    return { types: [], nullable: false };
  }
  let schema = input;
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (seen.has(ref))
      return { types: [], nullable: false };
    const { $ref: _r, ...rest } = schema;
    const target = resolveRef(root, ref);
    const resolved = shapeOf(target, root, /* @__PURE__ */ new Set([...seen, ref]));
    return Object.keys(rest).length === 0 ? resolved : merge(resolved, shapeOf(rest, root, seen));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const { allOf, ...rest } = schema;
    return allOf.reduce((acc, part) => merge(acc, shapeOf(part, root, seen)), shapeOf(rest, root, seen));
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    const own = shapeOf(rest, root, seen);
    return merge(own, union(alternatives.map((a) => shapeOf(a, root, seen))));
  }
  schema = { ...schema };
  const shape = { types: [], nullable: schema.nullable === true };
  let types = Array.isArray(schema.type) ? schema.type : schema.type ? [String(schema.type)] : [];
  if (types.includes("null")) {
    shape.nullable = true;
    types = types.filter((t) => t !== "null");
  }
  const values = "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : void 0;
  if (values) {
    const scalars = values.filter((v) => v === null || typeof v !== "object");
    if (scalars.includes(null))
      shape.nullable = true;
    shape.enum = sortValues(scalars.filter((v) => v !== null));
    types = [...new Set(shape.enum.map((v) => typeof v))];
  }
  for (const key of BOUNDS)
    if (typeof schema[key] === "number")
      shape[key] = schema[key];
  if (schema.exclusiveMinimum === true && shape.minimum !== void 0) {
    shape.exclusiveMinimum = shape.minimum;
    delete shape.minimum;
  }
  if (schema.exclusiveMaximum === true && shape.maximum !== void 0) {
    shape.exclusiveMaximum = shape.maximum;
    delete shape.maximum;
  }
  if (typeof schema.format === "string")
    shape.format = schema.format;
  if (typeof schema.pattern === "string")
    shape.pattern = schema.pattern;
  shape.types = numericTypes(types, shape);
  if (shape.types.includes("integer"))
    integerBounds(shape);
  if (schema.items !== void 0 && !Array.isArray(schema.items))
    shape.items = shapeOf(schema.items, root, seen);
  if (schema.properties && typeof schema.properties === "object") {
    shape.properties = {};
    for (const [name, member] of Object.entries(schema.properties)) {
      shape.properties[name] = shapeOf(member, root, seen);
    }
    if (!shape.types.includes("object"))
      shape.types = [...shape.types, "object"].sort();
  }
  if (Array.isArray(schema.required))
    shape.required = [...schema.required].sort();
  return shape;
}
__name(shapeOf, "shapeOf");
function numericTypes(types, shape) {
  let out = [...new Set(types.map((t) => t === "int" ? "integer" : t))];
  if (out.includes("number") && shape.multipleOf === 1) {
    out = out.map((t) => t === "number" ? "integer" : t);
    delete shape.multipleOf;
  }
  if (out.includes("integer") && out.includes("number"))
    out = out.filter((t) => t !== "integer");
  if (out.includes("integer") && shape.multipleOf === 1)
    delete shape.multipleOf;
  return [...new Set(out)].sort();
}
__name(numericTypes, "numericTypes");
function integerBounds(shape) {
  if (shape.exclusiveMinimum !== void 0) {
    const inclusive = Math.floor(shape.exclusiveMinimum) + 1;
    shape.minimum = shape.minimum === void 0 ? inclusive : Math.max(shape.minimum, inclusive);
    delete shape.exclusiveMinimum;
  }
  if (shape.exclusiveMaximum !== void 0) {
    const inclusive = Math.ceil(shape.exclusiveMaximum) - 1;
    shape.maximum = shape.maximum === void 0 ? inclusive : Math.min(shape.maximum, inclusive);
    delete shape.exclusiveMaximum;
  }
  if (shape.minimum !== void 0 && shape.minimum <= -MAX_SAFE)
    delete shape.minimum;
  if (shape.maximum !== void 0 && shape.maximum >= MAX_SAFE)
    delete shape.maximum;
}
__name(integerBounds, "integerBounds");
function union(alternatives) {
  const nullable = alternatives.some((a) => a.nullable || a.types.length === 1 && a.types[0] === "null");
  const rest = alternatives.filter((a) => !(a.types.length === 1 && a.types[0] === "null" && !a.enum)).map((a) => ({ ...a, nullable: false }));
  if (rest.length === 0)
    return { types: [], nullable };
  if (rest.length === 1)
    return { ...rest[0], nullable };
  if (rest.every((a) => a.enum && onlyKeys(a, ["types", "nullable", "enum"]))) {
    const values = rest.flatMap((a) => a.enum ?? []);
    return { types: [...new Set(values.map((v) => typeof v))].sort(), nullable, enum: sortValues(values) };
  }
  if (rest.every((a) => onlyKeys(a, ["types", "nullable"]))) {
    return {
      types: numericTypes(rest.flatMap((a) => a.types), {}),
      nullable
    };
  }
  return { types: [], nullable, anyOf: rest.sort((a, b) => text(a).localeCompare(text(b))) };
}
__name(union, "union");
function merge(a, b) {
  const out = { ...a, ...b, nullable: a.nullable || b.nullable };
  out.types = a.types.length === 0 ? b.types : b.types.length === 0 ? a.types : a.types.filter((t) => b.types.includes(t));
  if (a.properties || b.properties)
    out.properties = { ...a.properties, ...b.properties };
  if (a.required || b.required)
    out.required = [.../* @__PURE__ */ new Set([...a.required ?? [], ...b.required ?? []])].sort();
  for (const key of Object.keys(out))
    if (out[key] === void 0)
      delete out[key];
  return out;
}
__name(merge, "merge");
function onlyKeys(shape, keys) {
  return Object.keys(shape).every((k) => keys.includes(k));
}
__name(onlyKeys, "onlyKeys");
function resolveRef(root, ref) {
  if (!ref.startsWith("#"))
    return void 0;
  const parts = ref.slice(1).split("/").filter((p) => p !== "").map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"));
  let node = root;
  for (const part of parts) {
    if (node === null || typeof node !== "object")
      return void 0;
    node = node[part];
  }
  return node;
}
__name(resolveRef, "resolveRef");
function sortValues(values) {
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
}
__name(sortValues, "sortValues");
function text(value) {
  return JSON.stringify(value, (_key, member) => member && typeof member === "object" && !Array.isArray(member) ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b))) : member);
}
__name(text, "text");

// dist/drift/compare.js
var TOOL_PATH = /(?:^|\/)mcp\/([^/{}]+)$/;
function compareDocument(document, definitions, known = []) {
  const bodies = documentBodies(document);
  const drift = [];
  const ours = new Map(definitions.map((def) => [def.name, def]));
  for (const [tool, def] of ours) {
    const theirs = bodies.get(tool);
    if (theirs === void 0) {
      drift.push({ tool, change: "tool-removed", detail: `The service no longer offers ${tool}.` });
      continue;
    }
    compareInputs(tool, catalogSchema(def), theirs, drift, { root: document });
  }
  for (const tool of bodies.keys()) {
    if (ours.has(tool) || known.includes(tool))
      continue;
    drift.push({
      tool,
      change: "tool-added",
      detail: `The service offers a tool adrails does not know: ${tool}.`
    });
  }
  return drift;
}
__name(compareDocument, "compareDocument");
function documentBodies(document) {
  const paths = document?.paths;
  if (paths === null || typeof paths !== "object") {
    throw new TypeError("The document has no paths: it is not an OpenAPI document of the service.");
  }
  const bodies = /* @__PURE__ */ new Map();
  for (const [path, item] of Object.entries(paths)) {
    const match = TOOL_PATH.exec(path);
    const post = item?.post;
    if (!match || !post)
      continue;
    const content = deref(document, post.requestBody)?.content;
    const media = deref(document, content?.["application/json"]);
    const schema = media?.schema;
    bodies.set(decodeURIComponent(match[1]), schema ?? {});
  }
  if (bodies.size === 0) {
    throw new TypeError("The document describes no tool endpoints (POST /api/mcp/{tool}), so nothing can be compared.");
  }
  return bodies;
}
__name(documentBodies, "documentBodies");
function deref(document, node) {
  const ref = node?.$ref;
  return typeof ref === "string" ? resolveRef(document, ref) : node;
}
__name(deref, "deref");
function catalogSchema(def) {
  return z.toJSONSchema(def.inputSchema, { io: "input", unrepresentable: "any" });
}
__name(catalogSchema, "catalogSchema");
function compareInputs(tool, ours, theirs, out, options = {}) {
  const who = options.who ?? "The service";
  compareObject({ tool, who, out }, "", normalize(ours), normalize(theirs, options.root ?? theirs));
}
__name(compareInputs, "compareInputs");
function compareObject(found, path, ours, theirs) {
  const { tool, who, out } = found;
  const mine = ours.properties ?? {};
  const yours = theirs.properties ?? {};
  const required = /* @__PURE__ */ __name((shape, name) => shape.required?.includes(name) === true, "required");
  for (const name of Object.keys(mine).sort()) {
    const field = path ? `${path}.${name}` : name;
    if (!(name in yours)) {
      out.push({ tool, change: "field-removed", field, detail: `${who} no longer takes ${field}.` });
      continue;
    }
    if (required(ours, name) !== required(theirs, name)) {
      out.push({
        tool,
        change: "required-changed",
        field,
        detail: required(theirs, name) ? `${field} is now required.` : `${field} is now optional.`
      });
    }
    compareField(found, field, mine[name], yours[name]);
  }
  for (const name of Object.keys(yours).sort()) {
    if (name in mine)
      continue;
    const field = path ? `${path}.${name}` : name;
    const kind = required(theirs, name) ? "required" : "optional";
    out.push({
      tool,
      change: "field-added",
      field,
      detail: `${who} takes a new ${kind} field ${field}.`
    });
  }
}
__name(compareObject, "compareObject");
function compareField(found, field, ours, theirs) {
  const details = facetChanges(ours, theirs);
  if (details.length > 0)
    found.out.push({
      tool: found.tool,
      change: "field-changed",
      field,
      detail: `${field}: ${details.join("; ")}.`
    });
  if (ours.properties || theirs.properties)
    compareObject(found, field, ours, theirs);
  if (ours.items && theirs.items)
    compareField(found, `${field}[]`, ours.items, theirs.items);
}
__name(compareField, "compareField");
var FACETS = [
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems"
];
function facetChanges(ours, theirs) {
  const changes = [];
  if (ours.types.join() !== theirs.types.join()) {
    changes.push(`type ${typeWords(ours.types)} \u2192 ${typeWords(theirs.types)}`);
  }
  if (ours.nullable !== theirs.nullable)
    changes.push(theirs.nullable ? "now accepts null" : "no longer accepts null");
  const enums = enumChange(ours.enum, theirs.enum);
  if (enums)
    changes.push(enums);
  for (const facet of FACETS) {
    if (ours[facet] !== theirs[facet])
      changes.push(`${facet} ${shown(ours[facet])} \u2192 ${shown(theirs[facet])}`);
  }
  if (ours.items && !theirs.items)
    changes.push("items no longer described");
  if (text(ours.anyOf ?? null) !== text(theirs.anyOf ?? null))
    changes.push("alternatives changed");
  return changes;
}
__name(facetChanges, "facetChanges");
function enumChange(ours, theirs) {
  if (ours === void 0 && theirs === void 0)
    return void 0;
  if (ours === void 0)
    return `now limited to ${list(theirs ?? [])}`;
  if (theirs === void 0)
    return "no longer limited to a list of values";
  const key = /* @__PURE__ */ __name((v) => JSON.stringify(v), "key");
  const mine = new Set(ours.map(key));
  const yours = new Set(theirs.map(key));
  const added = theirs.filter((v) => !mine.has(key(v)));
  const removed = ours.filter((v) => !yours.has(key(v)));
  const parts = [];
  if (added.length > 0)
    parts.push(`values added ${list(added)}`);
  if (removed.length > 0)
    parts.push(`values removed ${list(removed)}`);
  return parts.length > 0 ? parts.join(", ") : void 0;
}
__name(enumChange, "enumChange");
var list = /* @__PURE__ */ __name((values) => values.map((v) => JSON.stringify(v)).join(", "), "list");
var shown = /* @__PURE__ */ __name((value) => value === void 0 ? "none" : String(value), "shown");
var typeWords = /* @__PURE__ */ __name((types) => types.length === 0 ? "any" : types.join(" or "), "typeWords");

// dist/drift/door.js
async function expectedDoor() {
  const { doorCatalog } = await import("./catalog-44RUZCJ2.js");
  return doorCatalog().map(({ name, inputSchema, rest }) => ({
    name,
    inputSchema,
    ...rest === void 0 ? {} : { rest }
  }));
}
__name(expectedDoor, "expectedDoor");
function compareDoor(listed, expected) {
  const door = /* @__PURE__ */ new Map();
  const twice = /* @__PURE__ */ new Set();
  for (const tool of listed) {
    if (door.has(tool.name))
      twice.add(tool.name);
    else
      door.set(tool.name, tool.inputSchema);
  }
  const drift = [];
  const ours = new Map(expected.map((tool) => [tool.name, tool]));
  for (const [name, tool] of ours) {
    const also = tool.rest !== void 0 && tool.rest !== name ? ` (${tool.rest} on REST)` : "";
    if (!door.has(name)) {
      drift.push({
        tool: name,
        change: "tool-removed",
        detail: `The MCP door no longer lists ${name}${also}.`
      });
      continue;
    }
    if (twice.has(name)) {
      drift.push({
        tool: name,
        change: "tool-removed",
        detail: `The MCP door lists ${name} more than once, so adrails cannot tell which one runs and does not offer it.`
      });
      continue;
    }
    compareInputs(name, tool.inputSchema, door.get(name), drift, { who: "The MCP door" });
  }
  for (const name of door.keys()) {
    if (ours.has(name))
      continue;
    drift.push({
      tool: name,
      change: "tool-added",
      detail: `The MCP door lists a tool adrails does not expect: ${name}. Unless your toolMap says what it is, every call of it needs a person's approval.`
    });
  }
  return drift;
}
__name(compareDoor, "compareDoor");
async function checkDoorDrift(options) {
  const [{ credentialStore }, { storedAuth }, { createMcpWire }, { checkCatalog }, { mapCatalog }] = await Promise.all([
    import("./store-N6MS2VT6.js"),
    import("./stored-auth-M7R6NDYQ.js"),
    import("./wire-PQKS62RB.js"),
    import("./catalog-HKQLZRBG.js"),
    import("./mapping-6GPZQF5Z.js")
  ]);
  const { mcpUrl } = options;
  const store = credentialStore({ home: options.home, warn: options.warn });
  const auth = storedAuth({ store, mcpUrl, fetch: options.fetch });
  const wire = createMcpWire({ mcpUrl, auth, fetch: options.fetch });
  let listed;
  try {
    listed = await wire.listTools(AbortSignal.timeout(options.timeoutMs ?? 3e4));
  } finally {
    await wire.close();
  }
  const drift = compareDoor(listed, options.expected ?? await expectedDoor());
  const pins = new Map(Object.entries(store.find(mcpUrl)?.pins ?? {}));
  const mapped = mapCatalog(checkCatalog(listed), options.toolMap, pins);
  for (const tool of mapped) {
    if (tool.declaration && tool.declaration.state !== "applied") {
      drift.push({
        tool: tool.name,
        change: "declaration-lapsed",
        detail: `Your tool map entry ${tool.declaration.entry} no longer applies: ${tool.reason}. Every call of it needs a person's approval until you check the tool and declare it again.`
      });
    }
  }
  const unknown = mapped.filter((tool) => tool.guard === "unknown" && !tool.declaration).map(({ name, guard, reason }) => ({ tool: name, guard, reason }));
  return { url: mcpUrl, drift, unknown };
}
__name(checkDoorDrift, "checkDoorDrift");

export {
  compareDocument,
  expectedDoor,
  compareDoor,
  checkDoorDrift
};
