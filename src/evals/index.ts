// adrails/evals: replay conversation files against fresh simulators through each installed
// framework, scored as `adrails evals` scores them. The frameworks load only when played.
export { type EvalsOptions, type EvalsResult, EvalsSetupError, runEvals } from "./api.js";
export { ADAPTERS, type AdapterName, type CallRecord, type Check } from "./record.js";
export type { LiveModels, RunOutcome } from "./runner.js";
export {
  type Fixture,
  FixtureError,
  type FixtureIssue,
  fixtureSchema,
  loadFixture,
  loadFixtures,
  parseFixture,
} from "./schema.js";
