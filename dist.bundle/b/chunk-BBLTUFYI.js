import {
  compileDoorSchema,
  toolFingerprint
} from "./chunk-TB6DQN33.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/catalog.js
var MAX_PAGES = 100;
async function listAllTools(client, signal) {
  const tools = [];
  let cursor;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === void 0 ? {} : { cursor }, { signal });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor)
      return tools;
  }
  throw new Error(`tools/list kept returning a next page after ${MAX_PAGES} pages`);
}
__name(listAllTools, "listAllTools");
function checkCatalog(listed) {
  const counts = /* @__PURE__ */ new Map();
  for (const tool of listed)
    counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  const tools = /* @__PURE__ */ new Map();
  const problems = [];
  const refused = /* @__PURE__ */ new Set();
  for (const tool of listed) {
    const count = counts.get(tool.name) ?? 0;
    if (count > 1) {
      if (!refused.has(tool.name)) {
        problems.push({
          name: tool.name,
          reason: `the door lists ${count} tools named ${JSON.stringify(tool.name)}, so adrails cannot tell which one a call would run`
        });
        refused.add(tool.name);
      }
      continue;
    }
    const schema = compileDoorSchema(tool.inputSchema);
    if (typeof schema === "string") {
      problems.push({ name: tool.name, reason: schema });
      continue;
    }
    tools.set(tool.name, { tool, schema, fingerprint: toolFingerprint(tool) });
  }
  return { tools, problems };
}
__name(checkCatalog, "checkCatalog");

export {
  listAllTools,
  checkCatalog
};
