export type { SimCaller, SimControl, SimStateSnapshot, SimWorld, SimWorldAccount } from "./control.js";
export { SOURCE, UPGRADE_URL } from "./errors.js";
export type { FaultKind, FaultSpec } from "./faults.js";
export { INJECTION_TEXT } from "./injection.js";
export { type Simulator, type SimulatorOptions, startSimulator } from "./server.js";
export type { SimAd, SimRequest } from "./state.js";
export type { AccountHolder, AdSet, Campaign, KeyLabel, Plan, Role, SeedAd, SimAccount } from "./world.js";
