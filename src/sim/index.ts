export type { SimControl, SimStateSnapshot } from "./control.js";
export { SOURCE, UPGRADE_URL } from "./errors.js";
export type { FaultKind, FaultSpec } from "./faults.js";
export { type Simulator, type SimulatorOptions, startSimulator } from "./server.js";
export type { SimAd, SimRequest } from "./state.js";
export type { AccountHolder, KeyLabel, SimAccount } from "./world.js";
