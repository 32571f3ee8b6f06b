import {
  checkCatalog,
  listAllTools
} from "./chunk-BBLTUFYI.js";
import "./chunk-TB6DQN33.js";
import "./chunk-CURNL2XW.js";
export {
  checkCatalog,
  listAllTools
};
