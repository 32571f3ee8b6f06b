import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/schema.js
import { createHash } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
var addFormats = addFormatsModule.default ?? addFormatsModule;
var DIALECT = "https://json-schema.org/draft/2020-12/schema";
var shared;
function ajv() {
  if (!shared) {
    shared = new Ajv2020({ allErrors: true, strict: false, logger: false, validateFormats: true });
    addFormats(shared);
  }
  return shared;
}
__name(ajv, "ajv");
function compileDoorSchema(schema) {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return "its input schema is not a JSON Schema object";
  }
  const { $schema: dialect, ...json } = schema;
  if (dialect !== void 0 && String(dialect).replace(/#$/, "") !== DIALECT) {
    return `its input schema's $schema is ${JSON.stringify(dialect)}; adrails checks JSON Schema 2020-12 only`;
  }
  if (json.type !== "object")
    return "its input schema's type is not object";
  let whole;
  try {
    whole = ajv().compile(json);
  } catch (error) {
    return `its input schema does not compile as JSON Schema 2020-12 (${keywordOf(error)})`;
  }
  const relaxed = /* @__PURE__ */ new Map();
  const validatorFor = /* @__PURE__ */ __name((filled) => {
    const required = Array.isArray(json.required) ? json.required : [];
    const drop = required.filter((name) => filled.includes(String(name)));
    if (drop.length === 0)
      return whole;
    const key = drop.join("\n");
    let fn = relaxed.get(key);
    if (!fn) {
      fn = ajv().compile({ ...json, required: required.filter((name) => !drop.includes(name)) });
      relaxed.set(key, fn);
    }
    return fn;
  }, "validatorFor");
  return {
    json,
    check(value, filled = []) {
      const validate = validatorFor(filled);
      return validate(value) ? [] : describe(validate.errors ?? []);
    }
  };
}
__name(compileDoorSchema, "compileDoorSchema");
function keywordOf(error) {
  const message = error instanceof Error ? error.message : String(error);
  const keyword = /\/([A-Za-z$]+) must /.exec(message)?.[1] ?? /reference "?([^"\s]+)/.exec(message)?.[1];
  if (/can't resolve reference/.test(message))
    return `$ref: ${message}`;
  return keyword ? `keyword ${keyword}: ${message}` : message;
}
__name(keywordOf, "keywordOf");
function describe(errors) {
  const seen = /* @__PURE__ */ new Set();
  for (const error of errors) {
    if (error.schemaPath.includes("/oneOf/") || error.schemaPath.includes("/anyOf/"))
      continue;
    const where = error.instancePath === "" ? "input" : error.instancePath.slice(1).replaceAll("/", ".");
    let text = error.instancePath === "" ? error.message ?? "is invalid" : `${where} ${error.message ?? "is invalid"}`;
    if (error.keyword === "oneOf") {
      const passing = error.params.passingSchemas;
      text += passing ? ` (it matched options ${passing.join(" and ")})` : " (it matched none)";
    }
    if (error.keyword === "additionalProperties") {
      text += `: ${error.params.additionalProperty}`;
    }
    seen.add(text);
  }
  return [...seen];
}
__name(describe, "describe");
function toolFingerprint(tool) {
  const text = canonical({ inputSchema: tool.inputSchema ?? null, annotations: tool.annotations ?? {} });
  return `sha256:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
}
__name(toolFingerprint, "toolFingerprint");
function canonical(value) {
  if (Array.isArray(value))
    return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value).sort().filter((key) => value[key] !== void 0).map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}
__name(canonical, "canonical");
function resolveLocal(root, node, depth = 0) {
  if (node === null || typeof node !== "object" || Array.isArray(node))
    return {};
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 8)
    return node;
  let target = root;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    target = target !== null && typeof target === "object" ? target[key] : void 0;
  }
  const { $ref: _ref, ...rest } = node;
  return { ...resolveLocal(root, target, depth + 1), ...rest };
}
__name(resolveLocal, "resolveLocal");

export {
  compileDoorSchema,
  toolFingerprint,
  resolveLocal
};
