// One process of the refresh race: calls a read on the MCP door with the stored sign-in.
import { connectAdTools } from "../../../dist/door-toolkit.js";

const [home, mcpUrl] = process.argv.slice(2);
const toolkit = await connectAdTools({ via: "mcp", mcpUrl, home });
const result = await toolkit.call("list-accounts", {});
await toolkit.close();
process.stdout.write(`${JSON.stringify({ ok: result.ok, status: result.status })}\n`);
