import {
  checkDoorDrift,
  compareDoor,
  expectedDoor
} from "./chunk-UT3JSEYP.js";
import "./chunk-CURNL2XW.js";
export {
  checkDoorDrift,
  compareDoor,
  expectedDoor
};
