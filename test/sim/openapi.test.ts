import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { offeredTools } from "../../src/tools/index.js";

let sim: Simulator;
let doc: any;
beforeAll(async () => {
  sim = await startSimulator({ seed: "openapi" });
  const res = await fetch(`${sim.url}/api/openapi`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => sim.close());

describe("GET /api/openapi (spec 1, 9)", () => {
  it("is served without authentication as OpenAPI 3.1.0, version 1.0.0", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers[0].url).toBe(sim.url);
  });

  it("validates with @readme/openapi-parser", async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("has one POST path per offered tool and omits emergency-recovery", () => {
    const toolPaths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/mcp/"));
    expect(toolPaths.sort()).toEqual(offeredTools.map((t) => `/api/mcp/${t.name}`).sort());
    expect(toolPaths).toHaveLength(52);
    expect(doc.paths["/api/mcp/emergency-recovery"]).toBeUndefined();
    for (const p of toolPaths) expect(Object.keys(doc.paths[p])).toEqual(["post"]);
  });

  it("takes each request body from the catalog's input schema", () => {
    for (const def of offeredTools) {
      const op = doc.paths[`/api/mcp/${def.name}`].post;
      const { $schema: _s, ...expected } = z.toJSONSchema(def.inputSchema, {
        io: "input",
        unrepresentable: "any",
      }) as any;
      expect(op.requestBody.required).toBe(true);
      expect(op.requestBody.content["application/json"].schema, def.name).toEqual(
        JSON.parse(JSON.stringify(expected)),
      );
    }
    const push = doc.paths["/api/mcp/push-creative"].post.requestBody.content["application/json"].schema;
    expect(push.additionalProperties).toBe(false);
    expect(push.required).toEqual(expect.arrayContaining(["account_id", "request_id", "adset_id"]));
  });

  it("lists each tool's advertised statuses as responses and a bearer security scheme", () => {
    for (const def of offeredTools) {
      const op = doc.paths[`/api/mcp/${def.name}`].post;
      expect(Object.keys(op.responses).map(Number).sort()).toEqual([...def.statuses].sort());
      expect(op.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.responses.TooManyRequests.headers["Retry-After"]).toBeDefined();
  });
});
