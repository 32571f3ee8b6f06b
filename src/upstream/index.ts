export { type CatalogProblem, checkCatalog, listAllTools } from "./catalog.js";
export { LOGIN_HINT, UpstreamError, type UpstreamErrorKind } from "./errors.js";
export { adrailsHome, CredentialsPermissionError } from "./home.js";
export { type LoginOptions, type LoginResult, login } from "./login.js";
export { logout } from "./logout.js";
export {
  type DeclarationState,
  type GuardKind,
  mapCatalog,
  type ToolMapEntry,
  toolMapProblems,
  type UpstreamTool,
  type UpstreamToolMap,
} from "./mapping.js";
export { compileDoorSchema, type DoorSchema, toolFingerprint } from "./schema.js";
export { type ConnectionRecord, type CredentialStore, credentialStore } from "./store.js";
export { storedAuth } from "./stored-auth.js";
export { mcpUrlOf } from "./url.js";
export { createMcpWire, type McpWire } from "./wire.js";
