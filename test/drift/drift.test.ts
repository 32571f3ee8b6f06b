import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { checkDrift, type Drift, normalize } from "../../src/drift/index.js";
import { startSimulator } from "../../src/sim/index.js";
import { buildOpenApi } from "../../src/sim/openapi.js";

// The drift check against the simulator's own OpenAPI document: unchanged, rewritten in equivalent
// forms (no drift), and changed in each way the issue names, served by a small loopback server.

type Json = Record<string, any>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Serves `document` at /api/openapi on a loopback port; resolves to the base URL. */
async function serve(document: unknown): Promise<string> {
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/api/openapi") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(document));
    } else {
      res.writeHead(404).end();
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const simulatorDocument = (): Json => structuredClone(buildOpenApi("http://127.0.0.1")) as Json;
const body = (doc: Json, tool: string): Json =>
  doc.paths[`/api/mcp/${tool}`].post.requestBody.content["application/json"].schema;

async function driftOf(change: (doc: Json) => void): Promise<Drift[]> {
  const doc = simulatorDocument();
  change(doc);
  return (await checkDrift(await serve(doc))).drift;
}

/** The same constraints written otherwise: $refs, const, anyOf of consts, number + multipleOf, exclusive bounds, allOf, words. */
function rewriteEquivalent(doc: Json): void {
  doc.components.schemas.Uri = { type: "string", format: "uri", description: "A URL" };
  const rewrite = (schema: Json): Json => {
    const out: Json = { ...schema, title: "Rewritten", examples: ["x"] };
    delete out.description;
    delete out.default;
    if (out.properties) {
      out.properties = Object.fromEntries(
        Object.entries(out.properties).map(([k, v]) => [k, rewrite(v as Json)]),
      );
    }
    if (out.items) out.items = rewrite(out.items);
    if (Array.isArray(out.enum)) {
      const values = out.enum as unknown[];
      delete out.enum;
      delete out.type;
      if (values.length === 1) out.const = values[0];
      else out.anyOf = values.map((v) => ({ const: v }));
    }
    if (out.type === "integer") {
      out.type = "number";
      out.multipleOf = 1;
      if (out.minimum !== undefined) {
        out.exclusiveMinimum = out.minimum - 1;
        delete out.minimum;
      }
    }
    if (out.type === "string" && out.format === "uri") return { $ref: "#/components/schemas/Uri" };
    if (out.type === "number" && out.minimum !== undefined) {
      const { minimum, ...rest } = out;
      return { allOf: [rest, { minimum }] };
    }
    return out;
  };
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    const content = item.post?.requestBody?.content?.["application/json"];
    if (!path.startsWith("/api/mcp/") || !content) continue;
    const name = `${path.slice("/api/mcp/".length)}-body`;
    doc.components.schemas[name] = rewrite(content.schema);
    content.schema = { $ref: `#/components/schemas/${name}` };
  }
}

describe("doctor --drift against the simulator's document", () => {
  it("the simulator's own document, unchanged, shows no drift", async () => {
    const sim = await startSimulator();
    try {
      expect((await checkDrift(sim.url)).drift).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it("the same constraints written another way are no drift", async () => {
    expect(await driftOf(rewriteEquivalent)).toEqual([]);
  });

  it("request bodies behind $refs, and paths under a server URL ending in /api, are read the same", async () => {
    const drift = await driftOf((doc) => {
      doc.components.requestBodies = {};
      for (const path of Object.keys(doc.paths)) {
        const item = doc.paths[path];
        delete doc.paths[path];
        if (!path.startsWith("/api/mcp/")) continue;
        const name = path.slice("/api/mcp/".length);
        doc.components.requestBodies[name] = item.post.requestBody;
        item.post.requestBody = { $ref: `#/components/requestBodies/${name}` };
        doc.paths[`/mcp/${name}`] = item;
      }
    });
    expect(drift).toEqual([]);
  });

  it("a document without tool endpoints is an error, not a list of removed tools", async () => {
    await expect(
      driftOf((doc) => (doc.paths = { "/api/mcp/{tool}": doc.paths["/api/mcp/results"] })),
    ).rejects.toThrow(/describes no tool endpoints/);
  });

  it.each<[string, (doc: Json) => void, Drift[]]>([
    [
      "a tool removed",
      (doc) => delete doc.paths["/api/mcp/hooks"],
      [{ tool: "hooks", change: "tool-removed", detail: "The service no longer offers hooks." }],
    ],
    [
      "a tool added",
      (doc) => {
        doc.paths["/api/mcp/forecast-spend"] = structuredClone(doc.paths["/api/mcp/results"]);
      },
      [
        {
          tool: "forecast-spend",
          change: "tool-added",
          detail: "The service offers a tool adrails does not know: forecast-spend.",
        },
      ],
    ],
    [
      "a field removed",
      (doc) => delete body(doc, "results").properties.until,
      [
        {
          tool: "results",
          change: "field-removed",
          field: "until",
          detail: "The service no longer takes until.",
        },
      ],
    ],
    [
      "a field added",
      (doc) => {
        body(doc, "results").properties.breakdown = { type: "string" };
      },
      [
        {
          tool: "results",
          change: "field-added",
          field: "breakdown",
          detail: "The service takes a new optional field breakdown.",
        },
      ],
    ],
    [
      "a field now optional, another now required",
      (doc) => {
        body(doc, "push-creative").required = ["account_id", "request_id"];
        body(doc, "url-to-ads").required.push("count");
      },
      [
        {
          tool: "push-creative",
          change: "required-changed",
          field: "adset_id",
          detail: "adset_id is now optional.",
        },
        { tool: "url-to-ads", change: "required-changed", field: "count", detail: "count is now required." },
      ],
    ],
    [
      "a type changed",
      (doc) => {
        body(doc, "url-to-ads").properties.count.type = "string";
      },
      [
        {
          tool: "url-to-ads",
          change: "field-changed",
          field: "count",
          detail: "count: type integer → string.",
        },
      ],
    ],
    [
      "enum values added and removed",
      (doc) => {
        const preset = body(doc, "results").properties.date_preset;
        preset.enum = [...preset.enum.filter((v: string) => v !== "today"), "last_180d"];
      },
      [
        {
          tool: "results",
          change: "field-changed",
          field: "date_preset",
          detail: 'date_preset: values added "last_180d", values removed "today".',
        },
      ],
    ],
    [
      "bounds changed",
      (doc) => {
        body(doc, "push-creative").properties.request_id.maxLength = 64;
        body(doc, "fatigue").properties.frequency.maximum = 20;
      },
      [
        {
          tool: "fatigue",
          change: "field-changed",
          field: "frequency",
          detail: "frequency: maximum none → 20.",
        },
        {
          tool: "push-creative",
          change: "field-changed",
          field: "request_id",
          detail: "request_id: maxLength 128 → 64.",
        },
      ],
    ],
    [
      "a format changed, and a field now nullable",
      (doc) => {
        delete body(doc, "push-creative").properties.image_url.format;
        body(doc, "push-creative").properties.headline.type = ["string", "null"];
      },
      [
        {
          tool: "push-creative",
          change: "field-changed",
          field: "headline",
          detail: "headline: now accepts null.",
        },
        {
          tool: "push-creative",
          change: "field-changed",
          field: "image_url",
          detail: "image_url: format uri → none.",
        },
      ],
    ],
    [
      "inside a nested object and an array's items",
      (doc) => {
        const request = body(doc, "integrations-query").properties.request;
        request.properties.operation.enum.push("crm.delete_record");
        body(doc, "url-to-ads").properties.angles.items = { type: "integer" };
      },
      [
        {
          tool: "integrations-query",
          change: "field-changed",
          field: "request.operation",
          detail: 'request.operation: values added "crm.delete_record".',
        },
        {
          tool: "url-to-ads",
          change: "field-changed",
          field: "angles[]",
          detail: "angles[]: type string → integer.",
        },
      ],
    ],
  ])("%s is reported, and nothing else", async (_name, change, expected) => {
    const drift = await driftOf(change);
    const order = (d: Drift) => `${d.tool}\n${d.field ?? ""}\n${d.change}`;
    expect([...drift].sort((a, b) => order(a).localeCompare(order(b)))).toEqual(expected);
  });
});

describe("normalisation", () => {
  const same = (a: unknown, b: unknown) => expect(normalize(a)).toEqual(normalize(b));
  it("null alternatives, const, literal unions, integer spellings and zod's safe-integer bounds", () => {
    same({ type: ["string", "null"] }, { anyOf: [{ type: "string" }, { type: "null" }] });
    same({ type: "string", nullable: true }, { oneOf: [{ type: "null" }, { type: "string" }] });
    same({ enum: ["a"] }, { const: "a" });
    same({ anyOf: [{ const: "a" }, { const: "b" }] }, { type: "string", enum: ["b", "a"] });
    same({ type: "integer", exclusiveMinimum: 0 }, { type: "number", multipleOf: 1, minimum: 1 });
    same({ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 }, { type: "integer" });
    same({ type: "number", minimum: 0, exclusiveMinimum: true }, { type: "number", exclusiveMinimum: 0 });
    expect(normalize({ type: "integer" })).not.toEqual(normalize({ type: "number" }));
  });
});

describe("the command", () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    const sink = (into: string[]) => ({ write: (text: string) => into.push(text) > 0 });
    return {
      io: { stdout: sink(out), stderr: sink(err), stdin: process.stdin, env: {} } as never,
      out: () => out.join(""),
      err: () => err.join(""),
    };
  };
  it("--json prints { drift: [...] } and exits 10 on drift, 0 without", async () => {
    const changed = simulatorDocument();
    delete changed.paths["/api/mcp/hooks"];
    const a = io();
    expect(await runCli(["--json", "--base-url", await serve(changed), "doctor", "--drift"], a.io)).toBe(10);
    expect(JSON.parse(a.out())).toEqual({
      drift: [{ tool: "hooks", change: "tool-removed", detail: "The service no longer offers hooks." }],
    });
    const b = io();
    expect(
      await runCli(["--json", "--base-url", await serve(simulatorDocument()), "doctor", "--drift"], b.io),
    ).toBe(0);
    expect(JSON.parse(b.out())).toEqual({ drift: [] });
  });

  it("text for a person, no key needed; an unreachable document is an error, not a pass", async () => {
    const changed = simulatorDocument();
    body(changed, "results").properties.breakdown = { type: "string" };
    const a = io();
    expect(await runCli(["--base-url", await serve(changed), "doctor", "--drift"], a.io)).toBe(10);
    expect(a.out()).toMatch(
      /field-added\s+results breakdown: The service takes a new optional field breakdown\./,
    );
    expect(a.out()).toMatch(/1 change: /);
    const missing = io();
    const code = await runCli(["--base-url", "http://127.0.0.1:9", "doctor", "--drift"], missing.io);
    expect(code).toBe(1);
    expect(missing.err()).toMatch(/No answer from http:\/\/127\.0\.0\.1:9\/api\/openapi/);
  });
});
