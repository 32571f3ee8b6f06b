import {
  canonical,
  credentialStore
} from "./chunk-H3CA6QPV.js";
import "./chunk-5PS4MVI4.js";
import "./chunk-CURNL2XW.js";
export {
  canonical,
  credentialStore
};
