import {
  verifyTrail
} from "./chunk-GDXN6BVJ.js";
import "./chunk-4TPLKNTJ.js";
import "./chunk-5PS4MVI4.js";
import "./chunk-CURNL2XW.js";
export {
  verifyTrail
};
