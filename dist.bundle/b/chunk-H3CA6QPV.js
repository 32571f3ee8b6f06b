import {
  adrailsHome,
  ensurePrivateDir,
  ensurePrivateFile
} from "./chunk-5PS4MVI4.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/store.js
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lockfile from "proper-lockfile";
function credentialStore(options = {}) {
  const home = options.home ?? adrailsHome(options.env);
  const dir = join(home, "credentials");
  const warn = options.warn ?? ((message) => process.stderr.write(`${message}
`));
  let checked = false;
  const ready = /* @__PURE__ */ __name(() => {
    if (checked)
      return;
    ensurePrivateDir(home, warn);
    ensurePrivateDir(dir, warn);
    checked = true;
  }, "ready");
  const fileOf = /* @__PURE__ */ __name((issuer, resource) => join(dir, `${createHash("sha256").update(`${issuer}
${resource}`).digest("hex").slice(0, 32)}.json`), "fileOf");
  function load(file) {
    if (!existsSync(file))
      return void 0;
    ensurePrivateFile(file, warn);
    const parsed = JSON.parse(readFileSync(file, "utf8"));
    return parsed?.version === 1 ? parsed : void 0;
  }
  __name(load, "load");
  return {
    dir,
    find(mcpUrl) {
      ready();
      const wanted = canonical(mcpUrl);
      for (const name of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
        const record = load(join(dir, name));
        if (record && (canonical(record.mcpUrl) === wanted || canonical(record.resource) === wanted))
          return record;
      }
      return void 0;
    },
    read(issuer, resource) {
      ready();
      return load(fileOf(issuer, resource));
    },
    write(record) {
      ready();
      const file = fileOf(record.issuer, record.resource);
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      writeFileSync(temp, `${JSON.stringify(record, null, 2)}
`, { mode: 384, flag: "wx" });
      renameSync(temp, file);
    },
    remove(record) {
      ready();
      rmSync(fileOf(record.issuer, record.resource), { force: true });
    },
    async locked(record, fn) {
      ready();
      const release = await lockfile.lock(fileOf(record.issuer, record.resource), {
        realpath: false,
        stale: 1e4,
        update: 2e3,
        retries: { retries: 100, minTimeout: 20, maxTimeout: 250, factor: 1.3 }
      });
      try {
        return await fn();
      } finally {
        await release();
      }
    }
  };
}
__name(credentialStore, "credentialStore");
function canonical(url) {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.href.replace(/\/+$/, "");
  } catch {
    return url;
  }
}
__name(canonical, "canonical");

export {
  credentialStore,
  canonical
};
