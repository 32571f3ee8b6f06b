import {
  HumanBook,
  Script,
  parseRead,
  toolkitOptions
} from "./chunk-ZJG6C2U4.js";
import {
  createAdTools
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/evals/drivers/common.js
var MAX_STEPS = 25;
var DEFAULT_TTL_MS = 5 * 6e4;
function blockedBy(result) {
  if (result === null || typeof result !== "object")
    return void 0;
  const guard = result.blocked;
  return typeof guard === "string" ? guard : void 0;
}
__name(blockedBy, "blockedBy");
function fileRead(call, text, kind) {
  call.read = text;
  call.result = parseRead(text);
  if (kind.denied) {
    call.state = "denied";
    call.blocked = "hard-confirmation";
  } else if (kind.frameworkError(call.result)) {
    call.state = "error";
    if (kind.unavailable.test(text))
      call.blocked = "unavailable";
  } else {
    call.state = "done";
    const guard = blockedBy(call.result);
    if (guard)
      call.blocked = guard;
  }
}
__name(fileRead, "fileRead");
function setUpRun(fixture, stage, sessionId, live) {
  const events = [];
  const ttl = fixture.toolkit.approvalTtlMs ?? DEFAULT_TTL_MS;
  const human = new HumanBook(fixture.human, live, ttl);
  const toolkit = createAdTools({
    ...toolkitOptions(fixture, stage, (event) => events.push(event), sessionId),
    ...fixture.toolkit.approval === "callback" ? { confirm: human.channel() } : {}
  });
  const played = /* @__PURE__ */ new Map();
  const script = new Script(fixture, stage.scope, (call) => {
    played.set(call.id, { name: call.name, args: call.args });
    const fingerprint = toolkit.get(call.name)?.confirmationRequest(call.args)?.fingerprint;
    if (fingerprint)
      human.register(call.id, fingerprint);
  });
  return { events, outputs: [], human, toolkit, script, played };
}
__name(setUpRun, "setUpRun");

export {
  MAX_STEPS,
  blockedBy,
  fileRead,
  setUpRun
};
