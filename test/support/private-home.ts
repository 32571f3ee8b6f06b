import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Each test file gets its own config folder, inherited by the CLI children it starts. The inbox's
// pinned keys live there by origin: with one folder for the whole run, a later file whose inbox
// landed on a port an earlier file's inbox had used met the earlier key and was rightly refused.
process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), "adrails-test-home-"));
