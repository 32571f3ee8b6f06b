import {
  redisStore
} from "./chunk-7UINSUAY.js";
import "./chunk-3VR6HFHW.js";
import {
  memoryStore
} from "./chunk-K626HZJL.js";
import {
  StoreError
} from "./chunk-YOX5XIST.js";
import "./chunk-CURNL2XW.js";
export {
  StoreError,
  memoryStore,
  redisStore
};
