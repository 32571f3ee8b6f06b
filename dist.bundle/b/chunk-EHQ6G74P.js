import {
  offeredTools
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/sim/openapi.js
import { z } from "zod";
var RESPONSES = {
  200: "Success",
  207: "Partial",
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  410: "Gone",
  422: "Unprocessable",
  429: "TooManyRequests",
  502: "BadGateway",
  503: "Unavailable"
};
var ref = /* @__PURE__ */ __name((kind, name) => ({ $ref: `#/components/${kind}/${name}` }), "ref");
var json = /* @__PURE__ */ __name((schema) => ({ "application/json": { schema } }), "json");
var rateHeaders = {
  "X-RateLimit-Limit": ref("headers", "RateLimitLimit"),
  "X-RateLimit-Remaining": ref("headers", "RateLimitRemaining"),
  "X-RateLimit-Reset": ref("headers", "RateLimitReset")
};
var wrapped = /* @__PURE__ */ __name((data) => ({
  type: "object",
  required: ["source", "data"],
  properties: { source: { type: "string" }, data }
}), "wrapped");
var response = /* @__PURE__ */ __name((description, schema, extraHeaders = {}) => ({
  description,
  headers: { ...rateHeaders, ...extraHeaders },
  content: json(schema)
}), "response");
function bodySchema(def) {
  const { $schema: _s, ...schema } = z.toJSONSchema(def.inputSchema, {
    io: "input",
    unrepresentable: "any"
  });
  return schema;
}
__name(bodySchema, "bodySchema");
function operation(def) {
  return {
    operationId: def.name,
    summary: def.description.split(/(?<=\.)\s/)[0],
    description: def.description,
    tags: [`Group ${def.group}`],
    security: [{ bearerAuth: [] }],
    requestBody: { required: true, content: json(bodySchema(def)) },
    responses: Object.fromEntries(def.statuses.map((s) => [String(s), ref("responses", RESPONSES[s] ?? "Error")])),
    "x-effect": def.effect,
    "x-plan": def.plan
  };
}
__name(operation, "operation");
var COMPONENTS = {
  securitySchemes: {
    bearerAuth: { type: "http", scheme: "bearer", description: "An API key: Authorization: Bearer adk_..." }
  },
  headers: {
    RateLimitLimit: { description: "Requests allowed per window", schema: { type: "integer" } },
    RateLimitRemaining: { description: "Requests left in the window", schema: { type: "integer" } },
    RateLimitReset: { description: "Seconds until the window resets", schema: { type: "integer" } },
    RetryAfter: { description: "Seconds to wait before retrying", schema: { type: "integer" } }
  },
  schemas: {
    Envelope: wrapped({}),
    BareError: {
      type: "object",
      required: ["error"],
      properties: { error: { type: "string" } }
    },
    WrappedError: wrapped({
      type: "object",
      required: ["error"],
      properties: { error: { type: "string" }, accounts: { type: "array", items: { type: "object" } } }
    }),
    Forbidden: wrapped({
      type: "object",
      required: ["error"],
      properties: {
        error: { type: "string" },
        upgrade_url: { type: "string", format: "uri" },
        accounts: { type: "array", items: { type: "object" } }
      }
    }),
    Partial: wrapped({
      type: "object",
      required: ["partial"],
      properties: {
        partial: {
          type: "object",
          properties: { applied: { type: "array" }, failed: { type: "array" } }
        }
      }
    })
  },
  responses: {
    Success: response("Success; the payload is at data", ref("schemas", "Envelope")),
    Partial: response("A multi-step write applied only in part; per-item outcomes at data.partial", ref("schemas", "Partial")),
    BadRequest: response("Invalid body or a tool-level failure", ref("schemas", "WrappedError")),
    Unauthorized: response("Missing, malformed, revoked or expired key, or a deactivated account", ref("schemas", "BareError")),
    Forbidden: response("Plan (upgrade_url), unreachable account (accounts) or read-only role", ref("schemas", "Forbidden")),
    NotFound: response("Unknown tool, no connected ad account, or an unknown resource", ref("schemas", "WrappedError")),
    Conflict: response("The write boundary refused the write", ref("schemas", "WrappedError")),
    Gone: response("A disabled legacy tool", ref("schemas", "WrappedError")),
    Unprocessable: response("The page at url could not be scraped; pass description", ref("schemas", "WrappedError")),
    TooManyRequests: response("Over the request rate", ref("schemas", "BareError"), {
      "Retry-After": ref("headers", "RetryAfter")
    }),
    BadGateway: response("An upstream step failed", ref("schemas", "WrappedError")),
    Unavailable: response("The rate-limiting backend is degraded", ref("schemas", "BareError")),
    Error: response("An error", ref("schemas", "WrappedError"))
  }
};
var paths;
function buildOpenApi(serverUrl) {
  paths ??= {
    ...Object.fromEntries(offeredTools.map((def) => [`/api/mcp/${def.name}`, { post: operation(def) }])),
    "/api/openapi": {
      get: {
        operationId: "openapi",
        summary: "This document",
        security: [],
        responses: { "200": { description: "The OpenAPI document", content: json({ type: "object" }) } }
      }
    }
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Ad Analysis and Creative Service HTTP Tool API (simulator)",
      version: "1.0.0",
      description: "Every tool is one POST endpoint with a JSON body. Served by the adrails simulator."
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: ["A", "B", "C", "D", "E", "F"].map((g) => ({ name: `Group ${g}` })),
    paths,
    components: COMPONENTS
  };
}
__name(buildOpenApi, "buildOpenApi");

export {
  buildOpenApi
};
