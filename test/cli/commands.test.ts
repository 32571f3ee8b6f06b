import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalog, offeredTools } from "../../src/tools/index.js";
import { BIN, cleanEnv, expectNoKey, firstAccount, json, ROOT, run, useCliAndSim } from "./helpers.js";

const ctx = useCliAndSim();

describe.concurrent("help, version and the catalog (no service needed)", { timeout: 60_000 }, () => {
  it("--help documents the commands, the environment and every exit code", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    for (const command of ["tools", "describe", "call", "sim", "demo", "evals", "openapi", "doctor"]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    }
    expect(r.stdout).toMatch(/ADRAILS_API_KEY/);
    expect(r.stdout).toMatch(/ADRAILS_BASE_URL/);
    expect(r.stdout).toMatch(/NO_COLOR/);
    for (let code = 0; code <= 9; code++) expect(r.stdout).toMatch(new RegExp(`^  ${code}  \\S`, "m"));
    expect(r.stdout).toMatch(/^ {2}8 {2}partial write \(207\)/m);
  });

  it("--version prints the package version; no command is a usage error", async () => {
    const [version, bare] = await Promise.all([run(["--version"]), run([])]);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/Usage: adrails/);
  });

  it("help <command> and <command> --help exit 0", async () => {
    const [help, flag] = await Promise.all([run(["help", "call"]), run(["call", "--help"])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: adrails call \[options\] <tool> \[input\]/);
    expect(help.stdout).toMatch(/--confirm-text <sentence>/);
    expect(flag.code).toBe(0);
    expect(flag.stdout).toBe(help.stdout);
  });

  it("a reader that stops early (| head) does not make the command fail", async () => {
    const child = spawn(process.execPath, [BIN, "openapi"], { cwd: ROOT, env: cleanEnv() });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    // Closed before the command writes anything, so its first write meets a closed pipe.
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.once("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("tools lists every tool by group with its fields; --group filters", async () => {
    const [all, groupC, bad] = await Promise.all([
      run(["tools"]),
      run(["tools", "--group", "c"]),
      run(["tools", "--group", "Z"]),
    ]);
    expect(all.code).toBe(0);
    for (const def of catalog) expect(all.stdout).toContain(def.name);
    expect(all.stdout).toMatch(/^A {2}account reads/m);
    expect(all.stdout).toMatch(/results\s+read, plan every\n\s+account_id, level, date_preset, since, until/);
    expect(all.stdout).toMatch(/emergency-recovery\s+disabled/);
    expect(groupC.code).toBe(0);
    expect(groupC.stdout).toContain("push-creative");
    expect(groupC.stdout).toMatch(/account_id\*, request_id, adset_id\*/);
    expect(groupC.stdout).not.toContain("list-accounts");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no group "Z"/);
  });

  it("tools --json gives every tool with group, effect, plan, statuses and fields", async () => {
    const r = await run(["--json", "tools"]);
    expect(r.code).toBe(0);
    const tools = json<any[]>(r);
    expect(tools).toHaveLength(catalog.length);
    expect(tools.filter((t) => !t.disabled)).toHaveLength(offeredTools.length);
    const results = tools.find((t) => t.name === "results");
    expect(results).toMatchObject({ group: "A", effect: "read", plan: "every" });
    expect(results.fields.map((f: any) => f.name)).toEqual([
      "account_id",
      "level",
      "date_preset",
      "since",
      "until",
    ]);
  });

  it("describe shows fields, types, enums, bounds, defaults, required, statuses, plan and effect", async () => {
    const [human, unknown] = await Promise.all([
      run(["describe", "push-creative"]),
      run(["describe", "push-creativ"]),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/effect write, plan paid/);
    expect(human.stdout).toMatch(/request_id\s+string, 8\.\.128 chars/);
    expect(human.stdout).toMatch(/status\s+string, one of "PAUSED" \| "ACTIVE", default "PAUSED"/);
    expect(human.stdout).toMatch(/Statuses: 200, 207, 400, 401, 403, 404, 409, 429, 503/);
    expect(human.stdout).toMatch(/--confirm-text/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Did you mean push-creative/);
  });

  it("describe --json derives the fields from the input JSON Schema", async () => {
    const [results, query] = await Promise.all([
      run(["describe", "results", "--json"]),
      run(["describe", "integrations-query", "--json"]),
    ]);
    const r = json(results);
    expect(r.statuses).toEqual([200, 400, 401, 403, 404, 429, 503]);
    expect(r.fields.find((f: any) => f.name === "level")).toMatchObject({
      type: "string",
      required: false,
      enum: ["account", "campaign", "adset", "ad"],
      default: "campaign",
    });
    expect(r.input_schema.properties.since).toMatchObject({ type: "string", format: "date" });
    const q = json(query);
    expect(q.fields.find((f: any) => f.name === "request.limit")).toMatchObject({
      type: "integer",
      minimum: 1,
    });
    expect(q.fields.find((f: any) => f.name === "request.operation").required).toBe(true);
  });

  it("openapi prints a valid OpenAPI 3.1 document with one POST per offered tool", async () => {
    const [plain, server] = await Promise.all([
      run(["openapi"]),
      run(["openapi", "--server", "https://ads.example.com"]),
    ]);
    expect(plain.code).toBe(0);
    const doc = json(plain);
    expect(doc.openapi).toMatch(/^3\.1\./);
    for (const def of offeredTools) expect(doc.paths[`/api/mcp/${def.name}`]?.post).toBeDefined();
    expect(doc.paths["/api/mcp/emergency-recovery"]).toBeUndefined();
    expect((await validate(structuredClone(doc))).valid).toBe(true);
    expect(json(server).servers[0].url).toBe("https://ads.example.com");
  });
});

describe.concurrent("adrails call: input, credentials and guards from the shell", { timeout: 60_000 }, () => {
  it("reads the body from an argument, a file (@file) or stdin (-); no body is {}", async () => {
    const dir = mkdtempSync(join(tmpdir(), "adrails-cli-"));
    try {
      writeFileSync(join(dir, "body.json"), '{"frequency":3,"ctr_trend":[2.1,1.4],"days_running":20}');
      const [arg, file, stdin, none, missing] = await Promise.all([
        run(["call", "fatigue", '{"frequency":3,"ctr_trend":[2.1,1.4],"days_running":20}'], {
          env: ctx.env(),
        }),
        run(["call", "fatigue", `@${join(dir, "body.json")}`], { env: ctx.env() }),
        run(["call", "fatigue", "-"], {
          env: ctx.env(),
          input: '{"frequency":3,"ctr_trend":[2.1,1.4],"days_running":20}',
        }),
        run(["call", "list-skills"], { env: ctx.env() }),
        run(["call", "fatigue", `@${join(dir, "nope.json")}`], { env: ctx.env() }),
      ]);
      for (const r of [arg, file, stdin, none]) {
        expect(r.code, r.stderr).toBe(0);
        expect(json(r).ok).toBe(true);
      }
      expect(json(arg).data).toEqual(json(file).data);
      expect(json(stdin).data).toEqual(json(file).data);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/no such file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a body that is not an object is refused by validation (exit 2)", async () => {
    const r = await run(["call", "results", "[1,2]"], { env: ctx.env() });
    expect(r.code).toBe(2);
    expect(json(r)).toMatchObject({ blocked: "validation" });
  });

  it("flags override ADRAILS_API_KEY and ADRAILS_BASE_URL; the key is never printed", async () => {
    const [flagKey, flagUrl] = await Promise.all([
      run(["--api-key", ctx.sim.apiKey, "call", "list-accounts"], { env: ctx.env(ctx.sim.keys.revoked) }),
      run(["call", "list-accounts", "--base-url", ctx.sim.url], {
        env: { ADRAILS_API_KEY: ctx.sim.apiKey, ADRAILS_BASE_URL: "http://127.0.0.1:9" },
      }),
    ]);
    expect(flagKey.code).toBe(0);
    expect(flagUrl.code).toBe(0);
    expectNoKey(flagKey, ctx.sim.apiKey, ctx.sim.keys.revoked);
    expectNoKey(flagUrl, ctx.sim.apiKey);
  });

  it("a key given on the command line that is rejected is not echoed anywhere", async () => {
    const odd = "not-an-adk-shaped-secret-123";
    // Other tests share this simulator; a key it cannot match is logged with no key label.
    const unmatched = () => ctx.sim.control.requests().filter((q) => q.key === null).length;
    const before = unmatched();
    const r = await run(["--api-key", odd, "--json", "call", "list-accounts"], {
      env: { ADRAILS_BASE_URL: ctx.sim.url },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/malformed/);
    // Refused locally: the malformed key never reached the service.
    expect(unmatched()).toBe(before);
    expectNoKey(r, odd);
  });

  it("without a key (exit 3) or base URL (exit 2) nothing is sent and the message says how to set them", async () => {
    const [noKey, noUrl, badUrl] = await Promise.all([
      run(["call", "list-accounts"], { env: { ADRAILS_BASE_URL: ctx.sim.url } }),
      run(["call", "list-accounts"], { env: { ADRAILS_API_KEY: ctx.sim.apiKey } }),
      run(["call", "list-accounts", "--base-url", "ftp://example.com"], {
        env: { ADRAILS_API_KEY: ctx.sim.apiKey },
      }),
    ]);
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toMatch(/ADRAILS_API_KEY/);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(/ADRAILS_BASE_URL/);
    expect(badUrl.code).toBe(2);
    expectNoKey(noUrl, ctx.sim.apiKey);
  });

  it("--sim runs against an in-process simulator", async () => {
    const r = await run(["--sim", "call", "list-accounts"]);
    expect(r.code).toBe(0);
    expect(json(r).data.accounts.length).toBeGreaterThan(0);
  });

  it("--account sets the default account; a malformed one is a usage error", async () => {
    const { accountId } = await firstAccount(ctx.sim);
    const [given, bad] = await Promise.all([
      run(["call", "results", "--account", accountId], { env: ctx.env() }),
      run(["call", "results", "--account", "1234"], { env: ctx.env() }),
    ]);
    expect(given.code).toBe(0);
    expect(json(given).data.account_id).toBe(accountId);
    expect(
      ctx.sim.control
        .requests()
        .some((q) => q.tool === "results" && (q.body as any)?.account_id === accountId),
    ).toBe(true);
    expect(bad.code).toBe(2);
  });

  it("injects the request id the service requires, so a retry of the same change replays", async () => {
    const { accountId, adsetId } = await firstAccount(ctx.sim);
    const body = JSON.stringify({
      account_id: accountId,
      adset_id: adsetId,
      image_url: "https://cdn.example.com/ad.png",
      website_url: "https://shop.example.com/",
      headline: "request-id-injected",
    });
    const r = await run(["call", "push-creative", body], { env: ctx.env() });
    expect(r.code).toBe(0);
    const sent = ctx.sim.control.requests().find((q) => (q.body as any)?.headline === "request-id-injected");
    expect((sent?.body as any)?.request_id).toMatch(/^.{8,128}$/);
    expect(json(r).data.status).toBe("PAUSED");
    expect(json(r).note).toMatch(/PAUSED/);
  });
});

describe("adrails demo and adrails evals", { timeout: 60_000 }, () => {
  // A copy of the package without the demo, and with a stand-in evals runner, shows the wiring
  // without depending on the real demo's or evals' content.
  let pkg: string;
  beforeAll(() => {
    pkg = realpathSync(mkdtempSync(join(tmpdir(), "adrails-pkg-")));
    writeFileSync(
      join(pkg, "package.json"),
      JSON.stringify({ name: "adrails", version: "0.0.0-test", type: "module" }),
    );
    cpSync(join(ROOT, "dist"), join(pkg, "dist"), { recursive: true });
    rmSync(join(pkg, "dist", "demo"), { recursive: true, force: true });
    symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  });
  afterAll(() => rmSync(pkg, { recursive: true, force: true }));
  const bin = () => join(pkg, "dist/cli/bin.js");

  it("demo runs this build's demo and ends with its exit code", async () => {
    const r = await run(["demo", "--no-interactive"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
  });

  it("demo without a demo module prints the catalog summary (exit 0)", async () => {
    const [human, machine] = await Promise.all([
      run(["demo"], { bin: bin(), cwd: pkg }),
      run(["demo", "--json"], { bin: bin(), cwd: pkg }),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/not part of this build/);
    expect(human.stdout).toContain(`${offeredTools.length} tools offered`);
    expect(machine.code).toBe(0);
    expect(json(machine)).toMatchObject({
      demo: false,
      offered: offeredTools.length,
      disabled: ["emergency-recovery"],
    });
  });

  it("evals in an installation asks for --dir and exits 2", async () => {
    const r = await run(["evals"], { bin: bin(), cwd: pkg });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--dir <folder> is required: the folder of your conversation files/);
  });

  it("evals --dir replays a folder with the team's --options; without them a conversation fails, exit 1", async () => {
    const example = join(ROOT, "examples", "evals");
    const args = ["evals", "--dir", join(example, "conversations"), "--adapter", "langchain", "--quiet"];
    const out = mkdtempSync(join(tmpdir(), "adrails-evals-cli-"));
    try {
      const [ok, failing] = await Promise.all([
        run([...args, "--out", join(out, "a"), "--options", join(example, "options.mjs")], {
          bin: bin(),
          cwd: pkg,
        }),
        run([...args, "--out", join(out, "b")], { bin: bin(), cwd: pkg }),
      ]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout.trim().split("\n").at(-1)).toBe("2 passed, 0 failed");
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(
        /x langchain: call_push read ok true: ok was false; the model read \{"ok":false/,
      );
      expect(failing.stdout.trim().split("\n").at(-1)).toBe("1 passed, 1 failed");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
