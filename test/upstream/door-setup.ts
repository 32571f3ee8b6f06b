import { expect } from "vitest";
import { connectAdTools } from "../../src/door-toolkit.js";
import { cli, freshHome, type Sim, startDoor } from "./helpers.js";

/** A simulator door with a paged tools/list, a signed-in home, and its first account and ad set. */
export async function signedInDoor(): Promise<{ sim: Sim; home: string; account: string; adset: string }> {
  const sim = await startDoor({ pageSize: 9 });
  const home = freshHome();
  const login = await cli(["login", "--no-browser"], { ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });
  expect(login.code, login.stderr).toBe(0);
  const setup = await connectAdTools({
    via: "mcp",
    mcpUrl: sim.door!.mcpUrl,
    home,
    toolMap: { get_results: "results" },
  });
  const accounts = await setup.call("list-accounts", {});
  const account = (accounts as { data: { accounts: { id: string }[] } }).data.accounts[0]!.id;
  const rows = await setup.call("get_results", { account_id: account, level: "adset" });
  const adset = (rows as { data: { rows: { id: string }[] } }).data.rows[0]!.id;
  await setup.close();
  return { sim, home, account, adset };
}
