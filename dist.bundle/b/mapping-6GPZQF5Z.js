import {
  doorZod,
  mapCatalog,
  nameKey,
  toolMapProblems
} from "./chunk-KWUE7COM.js";
import "./chunk-TB6DQN33.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-CURNL2XW.js";
export {
  doorZod,
  mapCatalog,
  nameKey,
  toolMapProblems
};
