import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Drift } from "../../src/drift/index.js";
import { doorCatalog } from "../../src/sim/door/catalog.js";
import { cli, freshHome, type Sim, startDoor } from "../upstream/helpers.js";

// `adrails doctor --drift --via mcp` against the simulator's MCP door over real HTTP, signed in
// with `adrails login` (the OAuth flow, a scripted browser as the person): the door unchanged,
// its schemas rewritten in equivalent forms (no drift), and its catalog altered in each way.

type Json = Record<string, any>;
let sim: Sim;
let home: string;
const env = () => ({ ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });
const original = (name: string) => doorCatalog().find((tool) => tool.name === name)!;
const schemaOf = (name: string): Json => structuredClone(original(name).inputSchema) as Json;

/** Puts a tool of the door back as it started (replacing any altered one). */
function restore(name: string): void {
  const tool = original(name);
  sim.door!.addTool({ name, description: tool.description, inputSchema: tool.inputSchema });
}

/** Replaces a door tool's input schema. */
function alter(name: string, change: (schema: Json) => void): void {
  const schema = schemaOf(name);
  change(schema);
  sim.door!.addTool({ name, description: original(name).description, inputSchema: schema });
}

async function drift(): Promise<{ code: number; drift: Drift[] }> {
  const run = await cli(["--json", "doctor", "--drift", "--via", "mcp"], env(), false);
  expect(run.stderr).not.toMatch(/access_token|refresh_token/);
  return { code: run.code, drift: run.stdout ? (JSON.parse(run.stdout) as { drift: Drift[] }).drift : [] };
}

const sorted = (list: Drift[]) =>
  [...list].sort((a, b) =>
    `${a.tool}\n${a.field ?? ""}\n${a.change}`.localeCompare(`${b.tool}\n${b.field ?? ""}\n${b.change}`),
  );

beforeAll(async () => {
  // Seven tools a page: the 55 tools come in eight pages, so the check must follow the cursors.
  sim = await startDoor({ pageSize: 7 });
  home = freshHome();
  const login = await cli(["login", "--no-browser"], env());
  expect(login.code, login.stderr).toBe(0);
});
afterAll(async () => {
  await sim.close();
});

describe("doctor --drift --via mcp against the simulator's door", () => {
  const touched: string[] = [];
  afterEach(() => {
    for (const name of touched.splice(0)) {
      if (original(name)) restore(name);
      else sim.door!.removeTool(name);
    }
  });

  it("the door unchanged: no drift, exit 0, and a person reads it", async () => {
    expect(await drift()).toEqual({ code: 0, drift: [] });
    const text = await cli(["doctor", "--drift", "--via", "mcp"], env(), false);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`door      ${sim.door!.mcpUrl}`);
    expect(text.stdout).toMatch(
      /No drift: the MCP door's tools and fields are the ones this adrails expects/,
    );
  });

  it("the same constraints written another way on the door are no drift", async () => {
    touched.push("url-to-ads", "get_results");
    alter("url-to-ads", (schema) => {
      schema.properties.count = { type: "number", multipleOf: 1, title: "How many" };
      schema.properties.angles = { type: "array", items: { anyOf: [{ type: "string" }] } };
    });
    alter("get_results", (schema) => {
      const level = schema.properties.level;
      schema.properties.level = { anyOf: level.enum.map((value: string) => ({ const: value })) };
    });
    expect(await drift()).toEqual({ code: 0, drift: [] });
  });

  it.each<[string, string[], () => void, Drift[]]>([
    [
      "a tool removed, and a renamed one",
      ["hooks", "get_results"],
      () => {
        sim.door!.removeTool("hooks");
        sim.door!.removeTool("get_results");
      },
      [
        {
          tool: "get_results",
          change: "tool-removed",
          detail: "The MCP door no longer lists get_results (results on REST).",
        },
        { tool: "hooks", change: "tool-removed", detail: "The MCP door no longer lists hooks." },
      ],
    ],
    [
      "a tool added",
      ["forecast_spend"],
      () =>
        sim.door!.addTool({
          name: "forecast_spend",
          description: "Forecast an ad set's spend.",
          inputSchema: { type: "object", properties: { adset_id: { type: "string" } } },
        }),
      [
        {
          tool: "forecast_spend",
          change: "tool-added",
          detail:
            "The MCP door lists a tool adrails does not expect: forecast_spend. Unless your toolMap says what it is, every call of it needs a person's approval.",
        },
      ],
    ],
    [
      "a mapped tool's fields added, removed, required and changed",
      ["url-to-ads"],
      () =>
        alter("url-to-ads", (schema) => {
          delete schema.properties.aspect_ratio;
          schema.properties.language = { type: "string" };
          schema.required.push("count");
          schema.properties.count.maximum = 50;
          schema.properties.angles.items = { type: "integer" };
        }),
      [
        {
          tool: "url-to-ads",
          change: "field-changed",
          field: "angles[]",
          detail: "angles[]: type string → integer.",
        },
        {
          tool: "url-to-ads",
          change: "field-removed",
          field: "aspect_ratio",
          detail: "The MCP door no longer takes aspect_ratio.",
        },
        { tool: "url-to-ads", change: "required-changed", field: "count", detail: "count is now required." },
        { tool: "url-to-ads", change: "field-changed", field: "count", detail: "count: maximum none → 50." },
        {
          tool: "url-to-ads",
          change: "field-added",
          field: "language",
          detail: "The MCP door takes a new optional field language.",
        },
      ],
    ],
    [
      "a renamed tool's enum and a door-only tool's nested field",
      ["get_results", "launch_ad"],
      () => {
        alter("get_results", (schema) => {
          schema.properties.level.enum = schema.properties.level.enum.filter((v: string) => v !== "ad");
        });
        alter("launch_ad", (schema) => {
          schema.properties.destination.properties.website_url.format = "hostname";
          schema.required = schema.required.filter((name: string) => name !== "destination");
        });
      },
      [
        {
          tool: "get_results",
          change: "field-changed",
          field: "level",
          detail: 'level: values removed "ad".',
        },
        {
          tool: "launch_ad",
          change: "required-changed",
          field: "destination",
          detail: "destination is now optional.",
        },
        {
          tool: "launch_ad",
          change: "field-changed",
          field: "destination.website_url",
          detail: "destination.website_url: format uri → hostname.",
        },
      ],
    ],
  ])("%s: reported, exit 10, nothing else", async (_name, names, change, expected) => {
    touched.push(...names);
    change();
    const found = await drift();
    expect(found.code).toBe(10);
    expect(sorted(found.drift)).toEqual(sorted(expected));
  });
});

describe("without a stored sign-in", () => {
  it("says to run adrails login and exits 3, the auth code; nothing is compared", async () => {
    const run = await cli(
      ["--json", "doctor", "--drift", "--via", "mcp"],
      { ADRAILS_HOME: freshHome(), ADRAILS_BASE_URL: sim.url },
      false,
    );
    expect(run.code).toBe(3);
    expect(run.stdout).not.toContain('"drift"');
    expect(run.stderr).toMatch(/Not signed in to http:\/\/127\.0\.0\.1:\d+\/api\/mcp/);
    expect(run.stderr).toMatch(/adrails login/);
  });
});
