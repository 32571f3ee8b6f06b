import {
  redisStore
} from "./chunk-7UINSUAY.js";
import "./chunk-K626HZJL.js";
import "./chunk-YOX5XIST.js";
import "./chunk-CURNL2XW.js";
export {
  redisStore
};
