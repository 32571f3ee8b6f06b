import {
  DOOR_SCOPE,
  OIDC_MISSING,
  ROUTES,
  createAuthServer,
  oauthLibraryInstalled,
  sameResource
} from "./chunk-JYNWPADY.js";
import "./chunk-CURNL2XW.js";
export {
  DOOR_SCOPE,
  OIDC_MISSING,
  ROUTES,
  createAuthServer,
  oauthLibraryInstalled,
  sameResource
};
