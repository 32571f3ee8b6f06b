import {
  createAdTools
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/adapters/schema-policy.js
import { z } from "zod";

// dist/adapters/schema-input.js
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
__name(isRecord, "isRecord");
function stripNulls(value, schema) {
  if (Array.isArray(value)) {
    return isRecord(schema.items) ? value.map((item) => stripNulls(item, schema.items)) : value;
  }
  if (!isRecord(value) || !isRecord(schema.properties))
    return value;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = properties[key];
    if (item === null && !required.has(key) && !(isRecord(inner) && allowsNull(inner)))
      continue;
    out[key] = isRecord(inner) ? stripNulls(item, inner) : item;
  }
  return out;
}
__name(stripNulls, "stripNulls");
function allowsNull(node) {
  if (node.type === "null" || Array.isArray(node.type) && node.type.includes("null"))
    return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((item) => isRecord(item) && allowsNull(item));
}
__name(allowsNull, "allowsNull");
function fromText(value, paths) {
  let out = value;
  for (const path of paths)
    out = parseAt(out, path);
  return out;
}
__name(fromText, "fromText");
function parseAt(value, path) {
  if (path.length === 0) {
    if (typeof value !== "string")
      return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  const [key, ...rest] = path;
  if (key === "[]")
    return Array.isArray(value) ? value.map((item) => parseAt(item, rest)) : value;
  if (!isRecord(value) || !(key in value))
    return value;
  return { ...value, [key]: parseAt(value[key], rest) };
}
__name(parseAt, "parseAt");

// dist/adapters/schema-policy.js
var draftCache = /* @__PURE__ */ new WeakMap();
var schemaCache = /* @__PURE__ */ new WeakMap();
var explicitCache = /* @__PURE__ */ new WeakMap();
function modelJsonSchema(tool) {
  const cached = schemaCache.get(tool);
  if (cached)
    return cached;
  const lean = leanRoot(mapSchema(draft7(tool), (node) => leanNode(withoutFormat(node))));
  schemaCache.set(tool, lean);
  return lean;
}
__name(modelJsonSchema, "modelJsonSchema");
function explicitJsonSchema(tool) {
  const cached = explicitCache.get(tool);
  if (cached)
    return cached;
  const closed = mapSchema(draft7(tool), (node) => closeObject(withoutFormat(node)));
  explicitCache.set(tool, closed);
  return closed;
}
__name(explicitJsonSchema, "explicitJsonSchema");
function draft7(tool) {
  const cached = draftCache.get(tool);
  if (cached)
    return cached;
  const raw = z.toJSONSchema(tool.inputSchema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any"
  });
  const { $schema: _dialect, ...schema } = raw;
  draftCache.set(tool, schema);
  return schema;
}
__name(draft7, "draft7");
function leanNode(node) {
  const out = { ...node };
  if (isRecord2(out.properties) && Object.keys(out.properties).length === 0)
    delete out.properties;
  if (isRecord2(out.additionalProperties) && Object.keys(out.additionalProperties).length === 0)
    delete out.additionalProperties;
  return out;
}
__name(leanNode, "leanNode");
function leanRoot(schema) {
  if (schema.properties === void 0 && schema.additionalProperties === void 0) {
    return { ...schema, additionalProperties: false };
  }
  return schema;
}
__name(leanRoot, "leanRoot");
function closeObject(node) {
  if (isObjectSchema(node) && node.additionalProperties === void 0) {
    return { ...node, additionalProperties: false };
  }
  return node;
}
__name(closeObject, "closeObject");
var FORMAT_WORDS = { date: "YYYY-MM-DD" };
function withoutFormat(node) {
  if (typeof node.format !== "string" || node.format === "date-time")
    return node;
  const { format, ...rest } = node;
  const words = FORMAT_WORDS[format];
  if (words === void 0)
    return rest;
  return {
    ...rest,
    description: typeof rest.description === "string" ? `${rest.description} (${words})` : words
  };
}
__name(withoutFormat, "withoutFormat");
function mapSchema(schema, visit) {
  const out = { ...schema };
  if (isRecord2(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, value]) => [
      key,
      isRecord2(value) ? mapSchema(value, visit) : value
    ]));
  }
  if (isRecord2(out.items))
    out.items = mapSchema(out.items, visit);
  if (isRecord2(out.additionalProperties))
    out.additionalProperties = mapSchema(out.additionalProperties, visit);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = out[key];
    if (Array.isArray(list))
      out[key] = list.map((item) => isRecord2(item) ? mapSchema(item, visit) : item);
  }
  return visit(out);
}
__name(mapSchema, "mapSchema");
function isObjectSchema(node) {
  return node.type === "object" || Array.isArray(node.type) && node.type.includes("object") || isRecord2(node.properties);
}
__name(isObjectSchema, "isObjectSchema");
function isRecord2(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
__name(isRecord2, "isRecord");
var STRICT_KEYWORDS = /* @__PURE__ */ new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description"
]);
var strictCache = /* @__PURE__ */ new WeakMap();
var textCache = /* @__PURE__ */ new WeakMap();
var openAsText = /* @__PURE__ */ __name((node) => node.type === "object" ? "JSON object text" : node.type === "array" ? "JSON array text" : "JSON text", "openAsText");
function strictJsonSchema(schema, options = {}) {
  const cache = options.openAsText ? textCache : strictCache;
  const cached = cache.get(schema);
  if (cached)
    return cached;
  let result;
  try {
    const textPaths = options.openAsText ? [] : void 0;
    const strict = strictNode(schema, "input", { keys: [], textPaths });
    result = { strict: true, schema: strict, ...textPaths?.length ? { textPaths } : {} };
  } catch (error) {
    if (!(error instanceof NotStrict))
      throw error;
    result = { strict: false, reason: error.message };
  }
  cache.set(schema, result);
  return result;
}
__name(strictJsonSchema, "strictJsonSchema");
var NotStrict = class extends Error {
  static {
    __name(this, "NotStrict");
  }
};
function strictNode(node, path, walk) {
  try {
    return strictShape(node, path, walk);
  } catch (error) {
    if (!(error instanceof NotStrict) || !walk.textPaths || walk.keys.length === 0)
      throw error;
    const inside = /* @__PURE__ */ __name((p) => walk.keys.every((key, i) => p[i] === key), "inside");
    const kept = walk.textPaths.filter((p) => !inside(p));
    walk.textPaths.splice(0, walk.textPaths.length, ...kept, walk.keys);
    const text = openAsText(node);
    const said = typeof node.description === "string" ? `${node.description} (${text})` : text;
    return { type: "string", description: said };
  }
}
__name(strictNode, "strictNode");
function strictShape(node, path, walk) {
  const out = {};
  const moved = [];
  for (const [key, value] of Object.entries(node)) {
    if (STRICT_KEYWORDS.has(key))
      out[key] = value;
    else if (key !== "title" && key !== "$schema")
      moved.push(constraintText(key, value));
  }
  if (Array.isArray(out.anyOf)) {
    out.anyOf = out.anyOf.map((item, i) => strictNode(item, `${path}.anyOf[${i}]`, { ...walk, textPaths: void 0 }));
  }
  if (isObjectSchema(node)) {
    if (node.additionalProperties !== void 0 && node.additionalProperties !== false) {
      throw new NotStrict(`${path} is an object with open fields`);
    }
    const properties = isRecord2(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    out.properties = Object.fromEntries(Object.entries(properties).map(([key, value]) => {
      const inner = strictNode(value, `${path}.${key}`, {
        ...walk,
        keys: [...walk.keys, key]
      });
      return [key, required.has(key) ? inner : nullable(inner)];
    }));
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  } else if (node.type === "array" || Array.isArray(node.type) && node.type.includes("array")) {
    if (!isRecord2(node.items) || !isTyped(node.items) || isAnyValue(node.items))
      throw new NotStrict(`${path} is an array of any value`);
    out.items = strictNode(node.items, `${path}[]`, { ...walk, keys: [...walk.keys, "[]"] });
  } else if (!isTyped(node)) {
    throw new NotStrict(`${path} accepts any value`);
  }
  if (moved.length > 0) {
    const text = moved.join("; ");
    out.description = typeof out.description === "string" ? `${out.description} (${text})` : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
  return out;
}
__name(strictShape, "strictShape");
function isTyped(node) {
  return node.type !== void 0 || node.enum !== void 0 || node.const !== void 0 || Array.isArray(node.anyOf);
}
__name(isTyped, "isTyped");
var ANY_TYPES = ["string", "number", "boolean", "object", "null"];
function isAnyValue(node) {
  const types = new Set(Array.isArray(node.type) ? node.type : Array.isArray(node.anyOf) ? node.anyOf.map((item) => isRecord2(item) ? item.type : void 0) : []);
  return ANY_TYPES.every((type) => types.has(type));
}
__name(isAnyValue, "isAnyValue");
function nullable(node) {
  if (typeof node.type === "string") {
    const out = { ...node, type: [node.type, "null"] };
    if (Array.isArray(node.enum) && !node.enum.includes(null))
      out.enum = [...node.enum, null];
    return out;
  }
  if (Array.isArray(node.type)) {
    const out = node.type.includes("null") ? { ...node } : { ...node, type: [...node.type, "null"] };
    if (Array.isArray(node.enum) && !node.enum.includes(null))
      out.enum = [...node.enum, null];
    return out;
  }
  if (Array.isArray(node.anyOf))
    return { ...node, anyOf: [...node.anyOf, { type: "null" }] };
  return { anyOf: [node, { type: "null" }] };
}
__name(nullable, "nullable");
function constraintText(key, value) {
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  switch (key) {
    case "default":
      return `default ${shown}`;
    case "minLength":
      return `at least ${shown} characters`;
    case "maxLength":
      return `at most ${shown} characters`;
    case "minItems":
      return `at least ${shown} items`;
    case "maxItems":
      return `at most ${shown} items`;
    case "minimum":
      return `minimum ${shown}`;
    case "maximum":
      return `maximum ${shown}`;
    case "exclusiveMinimum":
      return `greater than ${shown}`;
    case "exclusiveMaximum":
      return `less than ${shown}`;
    default:
      return `${key} ${shown}`;
  }
}
__name(constraintText, "constraintText");
function providerSchema(tool, options = {}) {
  const strict = options.strict === true ? strictJsonSchema(explicitJsonSchema(tool), { openAsText: options.openAsText }) : void 0;
  const textPaths = strict?.strict ? strict.textPaths : void 0;
  return {
    schema: strict?.strict ? strict.schema : modelJsonSchema(tool),
    strict: strict?.strict === true,
    // The explicit schema is built at the first call, not when the tool is listed.
    toInput: /* @__PURE__ */ __name((value) => stripNulls(textPaths ? fromText(value, textPaths) : value, explicitJsonSchema(tool)), "toInput")
  };
}
__name(providerSchema, "providerSchema");
function langchainSchema(tool, strict) {
  return strict === false ? providerSchema(tool) : providerSchema(tool, { strict: true, openAsText: true });
}
__name(langchainSchema, "langchainSchema");
function nonStrictTools(toolkit) {
  const open = [];
  for (const tool of toolkit.tools) {
    const strict = strictJsonSchema(explicitJsonSchema(tool));
    if (!strict.strict)
      open.push({ name: tool.name, reason: strict.reason });
  }
  return open;
}
__name(nonStrictTools, "nonStrictTools");

// dist/adapters/shared.js
function resolveToolkit(toolkitOrOptions) {
  if (isToolkit(toolkitOrOptions))
    return toolkitOrOptions;
  return createAdTools(toolkitOrOptions ?? {});
}
__name(resolveToolkit, "resolveToolkit");
function isToolkit(value) {
  if (value === null || typeof value !== "object")
    return false;
  const candidate = value;
  return Array.isArray(candidate.tools) && typeof candidate.call === "function" && typeof candidate.get === "function";
}
__name(isToolkit, "isToolkit");
function isErrorResult(result) {
  return result.ok !== true && result.ok !== "pending";
}
__name(isErrorResult, "isErrorResult");
function createAskLog(maxEntries = 1e4) {
  const asks = /* @__PURE__ */ new Map();
  return {
    asked(key) {
      if (asks.has(key))
        return;
      asks.set(key, { at: Date.now() });
      if (asks.size > maxEntries)
        asks.delete(asks.keys().next().value);
    },
    peek: /* @__PURE__ */ __name((key) => asks.get(key)?.at, "peek"),
    take(key) {
      const at = asks.get(key)?.at;
      asks.delete(key);
      return at;
    },
    told(key, previousLive) {
      const ask = asks.get(key);
      if (!ask || ask.told)
        return;
      ask.told = true;
      if (previousLive)
        ask.previousLive = previousLive;
    },
    toldOf: /* @__PURE__ */ __name((key) => asks.get(key)?.previousLive, "toldOf")
  };
}
__name(createAskLog, "createAskLog");
function pendingConfirmations(toolkit, messages, toolCallId) {
  if (!messages || toolCallId === void 0)
    return void 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const calls = messages[i]?.tool_calls;
    if (!Array.isArray(calls) || !calls.some((call) => stringField(call, "id") === toolCallId))
      continue;
    const pending = [];
    for (const call of calls) {
      const request = typeof call?.name === "string" ? toolkit.get(call.name)?.confirmationRequest(call.args) : null;
      if (!request)
        continue;
      const id = stringField(call, "id");
      pending.push(id === void 0 ? { fingerprint: request.fingerprint } : { toolCallId: id, fingerprint: request.fingerprint });
    }
    return pending;
  }
  return void 0;
}
__name(pendingConfirmations, "pendingConfirmations");
function stringField(value, key) {
  if (value === null || typeof value !== "object")
    return void 0;
  const field = value[key];
  return typeof field === "string" && field !== "" ? field : void 0;
}
__name(stringField, "stringField");
function adapterFault(tool) {
  return {
    ok: false,
    status: null,
    error: `adrails failed while handling the ${tool} call in the framework adapter.`,
    hint: "This is a fault in the tool layer, not in your input. Tell the user; do not repeat the call.",
    retryable: false
  };
}
__name(adapterFault, "adapterFault");

export {
  providerSchema,
  langchainSchema,
  nonStrictTools,
  resolveToolkit,
  isToolkit,
  isErrorResult,
  createAskLog,
  pendingConfirmations,
  stringField,
  adapterFault
};
