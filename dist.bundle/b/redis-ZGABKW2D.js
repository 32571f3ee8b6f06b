import {
  redisStore
} from "./chunk-LP23IRWP.js";
import "./chunk-H5K55BO2.js";
import "./chunk-YOX5XIST.js";
import "./chunk-CURNL2XW.js";
export {
  redisStore
};
