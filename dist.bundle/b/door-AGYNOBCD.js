import {
  checkDoorDrift,
  compareDoor,
  expectedDoor
} from "./chunk-BOUPPXSF.js";
import "./chunk-CURNL2XW.js";
export {
  checkDoorDrift,
  compareDoor,
  expectedDoor
};
