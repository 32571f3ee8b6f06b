import {
  openMcpToolkit
} from "./chunk-H7M2KSJO.js";
import "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/tools-mcp.js
var GUARD_TEXT = {
  known: "guards of the known tool",
  "read-only": "read: no person needed",
  unknown: "unknown: every call needs a person"
};
async function runMcpTools(ctx) {
  const { io, output, globals } = ctx;
  const toolkit = await openMcpToolkit(globals, io, output, {});
  try {
    const rows = toolkit.catalog.map((tool) => ({
      name: tool.name,
      guard: tool.guard,
      reason: tool.reason,
      maps_to: tool.guard === "known" ? tool.definition.name : null,
      effect: tool.definition.effect,
      needs_person: tool.guard === "unknown" || tool.definition.needsPerson !== void 0,
      fingerprint: tool.fingerprint,
      ...tool.declaration ? { declaration: tool.declaration } : {},
      description: tool.description,
      ...tool.annotations ? { annotations: tool.annotations } : {}
    }));
    if (output.json) {
      output.result(rows);
    } else {
      const s = output.outStyle;
      const width = Math.max(0, ...rows.map((row) => row.name.length));
      for (const row of rows) {
        const guard = row.guard === "unknown" ? s.yellow(GUARD_TEXT.unknown) : GUARD_TEXT[row.guard];
        output.line(`  ${row.name.padEnd(width)}  ${guard}`);
        output.line(`  ${" ".repeat(width)}  ${s.dim(row.reason)}`);
        if (row.declaration?.state === "lapsed") {
          output.line(`  ${" ".repeat(width)}  ${s.yellow(`your declaration ${row.declaration.entry} lapsed`)}`);
        }
      }
      output.line(s.dim(`${rows.length} tools listed by the MCP door. Fingerprints to pin a map entry to: --json.`));
    }
    for (const problem of toolkit.problems)
      output.warn(`Not offered: ${problem.name}: ${problem.reason}.`);
    return EXIT.ok;
  } finally {
    await toolkit.close();
  }
}
__name(runMcpTools, "runMcpTools");
export {
  runMcpTools
};
