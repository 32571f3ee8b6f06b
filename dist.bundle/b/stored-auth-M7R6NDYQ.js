import {
  storedAuth
} from "./chunk-YWBANEKW.js";
import "./chunk-T3FNSHKV.js";
import "./chunk-KG4KSYSB.js";
import "./chunk-CURNL2XW.js";
export {
  storedAuth
};
