import {
  createMcpWire
} from "./chunk-VC7VYMJU.js";
import "./chunk-BBLTUFYI.js";
import "./chunk-TB6DQN33.js";
import "./chunk-KG4KSYSB.js";
import "./chunk-CURNL2XW.js";
export {
  createMcpWire
};
