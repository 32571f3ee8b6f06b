import { createHash } from "node:crypto";

// The steps of one guarded call that do not wait on each other's answers (the refusal ledger's
// reads and the send claim; the rate's heard headers, the write count, the unpin and the claim's
// release) are asked for in the same turn of the event loop. The store gathers the scripts asked
// for until that turn's promise callbacks have all run, and sends them as one script: one round
// trip, atomic in Redis, each step run in the order it was asked for. A step that raises an error
// fails alone; a batch that cannot reach Redis fails every step in it.

/** Sends one script by its text's SHA1 (the text again when Redis forgot it). */
export type RunScript = (lua: string, sha: string, keys: string[], args: string[]) => Promise<unknown>;

/** One script of the store: its Lua, keys and arguments. */
export type Script = (lua: string, keys: string[], args: (string | number)[]) => Promise<unknown>;

interface Step {
  lua: string;
  keys: string[];
  args: string[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * Every script the store knows, each a function of its own KEYS and ARGV, run under pcall so one
 * step's error is its own. ARGV[1] is the number of steps, then each step's script number, key
 * count and argument count. One text for every batch: its SHA1 changes only when the store meets a
 * script it never batched before, so a batch's membership never makes Redis compile anew.
 */
function combined(luas: string[]): string {
  const bodies = luas.map((lua, i) => `steps[${i + 1}] = function(KEYS, ARGV)\n${lua}\nend`).join("\n");
  return `local steps = {}
${bodies}
local n = tonumber(ARGV[1])
local kp, ap, out = 0, 1 + n * 3, {}
local function part(t, from, count)
  local s = {}
  for i = 1, count do s[i] = t[from + i] end
  return s
end
for i = 1, n do
  local step, nk, na = tonumber(ARGV[i * 3 - 1]), tonumber(ARGV[i * 3]), tonumber(ARGV[i * 3 + 1])
  local ok, r = pcall(steps[step], part(KEYS, kp, nk), part(ARGV, ap, na))
  kp, ap = kp + nk, ap + na
  if ok then
    out[i] = {1, r}
  else
    if type(r) == 'table' then r = r.err or 'script error' end
    out[i] = {0, tostring(r)}
  end
end
return out
`;
}

/**
 * A script runner that batches: scripts asked for before the current turn's promise callbacks
 * have settled go to Redis together as one script (`fail` turns a step's Lua error into the
 * store's error). A lone script goes as itself.
 */
export function batchedScripts(run: RunScript, fail: (message: string) => Error): Script {
  const shas = new Map<string, string>();
  const shaOf = (lua: string) => {
    let sha = shas.get(lua);
    if (sha === undefined) {
      sha = sha1(lua);
      // The scripts are the store's own and their batches follow the guards' paths: few of them.
      if (shas.size >= 512) shas.clear();
      shas.set(lua, sha);
    }
    return sha;
  };
  // The scripts batched so far, numbered in the order met; the store's own, so few of them.
  const numbers = new Map<string, number>();
  let text: { lua: string; sha: string; size: number } | undefined;
  let pending: Step[] = [];

  async function flush(steps: Step[]) {
    if (steps.length === 1) {
      const [step] = steps as [Step];
      try {
        step.resolve(await run(step.lua, shaOf(step.lua), step.keys, step.args));
      } catch (error) {
        step.reject(error);
      }
      return;
    }
    if (numbers.size > 256) numbers.clear();
    for (const step of steps) if (!numbers.has(step.lua)) numbers.set(step.lua, numbers.size + 1);
    if (text?.size !== numbers.size) {
      const lua = combined([...numbers.keys()]);
      text = { lua, sha: sha1(lua), size: numbers.size };
    }
    const counts = steps.flatMap((s) => [
      String(numbers.get(s.lua)),
      String(s.keys.length),
      String(s.args.length),
    ]);
    let replies: unknown;
    try {
      replies = await run(
        text.lua,
        text.sha,
        steps.flatMap((s) => s.keys),
        [String(steps.length), ...counts, ...steps.flatMap((s) => s.args)],
      );
    } catch (error) {
      for (const step of steps) step.reject(error);
      return;
    }
    const list = Array.isArray(replies) ? replies : [];
    steps.forEach((step, i) => {
      const reply = list[i] as [number, unknown?] | undefined;
      if (!Array.isArray(reply)) step.reject(fail("the store answered a batch of steps with no reply"));
      else if (reply[0] === 1) step.resolve(reply[1] ?? null);
      else step.reject(fail(String(reply[1] ?? "script error")));
    });
  }

  return (lua, keys, args) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) {
        // nextTick runs once the promise callbacks queued in this turn have all run: every step
        // they ask for joins the batch.
        process.nextTick(() => {
          const steps = pending;
          pending = [];
          void flush(steps);
        });
      }
      pending.push({ lua, keys, args: args.map(String), resolve, reject });
    });
}
