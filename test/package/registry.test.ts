import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkRegistryEntry, registryProblems, SCHEMA_URL } from "../../scripts/registry/check.js";

const root = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const entry = JSON.parse(readFileSync(join(root, "server.json"), "utf8"));

describe("the MCP registry entry", () => {
  it("server.json and package.json's mcpName are valid against the registry's 2025-12-11 schema", () => {
    expect(entry.$schema).toBe(SCHEMA_URL);
    expect(manifest.mcpName).toBe(entry.name);
    expect(checkRegistryEntry(root, manifest)).toEqual([]);
    // The stdio package, with the variables `adrails mcp` reads described.
    const npm = entry.packages[0];
    expect(npm).toMatchObject({ registryType: "npm", identifier: "adrails", transport: { type: "stdio" } });
    expect(npm.environmentVariables.map((v: { name: string }) => v.name)).toEqual(
      expect.arrayContaining([
        "ADRAILS_API_KEY",
        "ADRAILS_BASE_URL",
        "ADRAILS_REDIS_URL",
        "ADRAILS_INBOX_URL",
      ]),
    );
    expect(
      npm.environmentVariables.find((v: { name: string }) => v.name === "ADRAILS_API_KEY").isSecret,
    ).toBe(true);
  });

  it("refuses what the registry refuses: a bad name, a long description, a version out of step", () => {
    const bad = structuredClone(entry);
    bad.name = "adrails";
    bad.description = "x".repeat(101);
    bad.packages[0].version = "0.0.1";
    const problems = registryProblems(bad, { ...manifest, mcpName: "no slash" });
    expect(problems.join("\n")).toMatch(/server\.json\/name: must match pattern/);
    expect(problems.join("\n")).toMatch(/server\.json\/description: must NOT have more than 100 characters/);
    expect(problems.join("\n")).toMatch(/package\.json mcpName no slash is not a server name/);
    expect(problems.join("\n")).toMatch(/npm package adrails@0\.0\.1 is not adrails@/);
  });

  it("every variable it describes has a description, and the key is one of them", () => {
    const bad = structuredClone(entry);
    bad.packages[0].environmentVariables = [{ name: "ADRAILS_BASE_URL" }];
    expect(registryProblems(bad, manifest)).toEqual([
      "server.json does not describe ADRAILS_API_KEY",
      "server.json: ADRAILS_BASE_URL has no description",
    ]);
  });
});
