import {
  redisStore
} from "./chunk-LP23IRWP.js";
import "./chunk-DXA4P6WE.js";
import {
  memoryStore
} from "./chunk-H5K55BO2.js";
import {
  StoreError
} from "./chunk-YOX5XIST.js";
import "./chunk-CURNL2XW.js";
export {
  StoreError,
  memoryStore,
  redisStore
};
