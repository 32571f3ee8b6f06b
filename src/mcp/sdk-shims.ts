// The MCP SDK's Node shims (`@modelcontextprotocol/server/_shims`) as the `adrails mcp` bundle
// has them (scripts/bundle-mcp.mjs): the SDK's own JSON Schema validator, loaded when something
// first validates (a form elicitation's answer) instead of at start. Its module is about 300 kB of
// Ajv that every start compiled and most sessions never use; a cold start's first call is 10 to
// 14 ms sooner without it. Loaded synchronously (the SDK asks for a validator synchronously), from
// the SDK's CommonJS build of the same class.
import { createRequire } from "node:module";
import process from "node:process";
import type { JsonSchemaType, JsonSchemaValidator } from "@modelcontextprotocol/server";
import type { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";

type AjvModule = typeof import("@modelcontextprotocol/server/validators/ajv");
const load = createRequire(import.meta.url);

export class DefaultJsonSchemaValidator {
  #inner: AjvJsonSchemaValidator | undefined;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    this.#inner ??= new (
      load("@modelcontextprotocol/server/validators/ajv") as AjvModule
    ).AjvJsonSchemaValidator();
    return this.#inner.getValidator<T>(schema);
  }
}

export { process };
