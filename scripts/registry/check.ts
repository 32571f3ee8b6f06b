// The MCP registry's entry for the stdio package: server.json and package.json's `mcpName`, checked
// against the registry's published JSON Schema for server.json, release 2025-12-11. The schema is
// vendored (server.schema.json here, byte for byte the published file, sha256 pinned below): the
// check runs without a network. A newer schema is a deliberate change: replace the file and the pin.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// The published schema declares draft-07, so it is checked with ajv's draft-07 class.
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";

export const SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
const SCHEMA_SHA256 = "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0";
const here = dirname(fileURLToPath(import.meta.url));

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

interface Manifest {
  name: string;
  version: string;
  mcpName?: string;
}

interface ServerEntry {
  $schema?: string;
  name?: string;
  version?: string;
  packages?: {
    registryType?: string;
    identifier?: string;
    version?: string;
    transport?: { type?: string };
    environmentVariables?: { name?: string; description?: string }[];
  }[];
}

/** The problems of `entry` (server.json) and `manifest` (package.json) as the registry reads them. */
export function registryProblems(entry: unknown, manifest: Manifest): string[] {
  const problems: string[] = [];
  const bytes = readFileSync(join(here, "server.schema.json"));
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (sha !== SCHEMA_SHA256)
    problems.push(`scripts/registry/server.schema.json is not the pinned file (${sha})`);
  const schema = JSON.parse(bytes.toString("utf8")) as {
    definitions: { ServerDetail: { properties: { name: object } } };
  };
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  const validate = ajv.compile(schema);
  if (!validate(entry)) {
    for (const error of validate.errors ?? [])
      problems.push(`server.json${error.instancePath || ""}: ${error.message ?? "invalid"}`);
  }
  // package.json's mcpName is the entry's name: the registry reads it from the published package.
  const validName = ajv.compile(schema.definitions.ServerDetail.properties.name);
  if (!validName(manifest.mcpName))
    problems.push(`package.json mcpName ${String(manifest.mcpName)} is not a server name`);
  const server = entry as ServerEntry;
  if (server.$schema !== SCHEMA_URL) problems.push(`server.json $schema must be ${SCHEMA_URL}`);
  if (server.name !== manifest.mcpName)
    problems.push(`server.json name ${server.name} is not package.json's mcpName ${manifest.mcpName}`);
  if (server.version !== manifest.version)
    problems.push(`server.json version ${server.version} is not package.json's ${manifest.version}`);
  const npm = server.packages?.find((p) => p.registryType === "npm");
  if (!npm) problems.push("server.json lists no npm package");
  else {
    if (npm.identifier !== manifest.name || npm.version !== manifest.version)
      problems.push(
        `server.json's npm package ${npm.identifier}@${npm.version} is not ${manifest.name}@${manifest.version}`,
      );
    if (npm.transport?.type !== "stdio") problems.push("server.json's npm package must run on stdio");
    const variables = npm.environmentVariables ?? [];
    if (!variables.some((v) => v.name === "ADRAILS_API_KEY"))
      problems.push("server.json does not describe ADRAILS_API_KEY");
    for (const v of variables) if (!v.description) problems.push(`server.json: ${v.name} has no description`);
  }
  return problems;
}

/** Reads server.json and package.json at `root` and returns what the registry would refuse. */
export function checkRegistryEntry(root: string, manifest: Manifest): string[] {
  let entry: unknown;
  try {
    entry = JSON.parse(readFileSync(join(root, "server.json"), "utf8"));
  } catch (error) {
    return [`server.json cannot be read: ${error instanceof Error ? error.message : String(error)}`];
  }
  return registryProblems(entry, manifest);
}
