import {
  PeopleFileError,
  approvalsNeeded,
  mayDecide,
  parsePeople,
  personOfToken
} from "./chunk-GLA6LA6S.js";
import "./chunk-CURNL2XW.js";
export {
  PeopleFileError,
  approvalsNeeded,
  mayDecide,
  parsePeople,
  personOfToken
};
