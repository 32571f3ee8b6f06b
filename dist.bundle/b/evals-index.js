import {
  ADAPTERS,
  EvalsSetupError,
  runEvals
} from "./chunk-N44425VY.js";
import {
  FixtureError,
  fixtureSchema,
  loadFixture,
  loadFixtures,
  parseFixture
} from "./chunk-ZJG6C2U4.js";
import "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-KTFO7BLR.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import "./chunk-CURNL2XW.js";
export {
  ADAPTERS,
  EvalsSetupError,
  FixtureError,
  fixtureSchema,
  loadFixture,
  loadFixtures,
  parseFixture,
  runEvals
};
