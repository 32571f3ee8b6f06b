import {
  CredentialsPermissionError,
  adrailsHome,
  ensurePrivateDir,
  ensurePrivateFile
} from "./chunk-5PS4MVI4.js";
import "./chunk-CURNL2XW.js";
export {
  CredentialsPermissionError,
  adrailsHome,
  ensurePrivateDir,
  ensurePrivateFile
};
