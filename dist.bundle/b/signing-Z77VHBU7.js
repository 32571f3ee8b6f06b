import {
  INBOX_KEY_PATH,
  fetchInboxKey,
  generateInboxKey,
  inboxKeyFile,
  privateKeyFromText,
  publicKeyFromText,
  signDecision,
  verifyDecision
} from "./chunk-4TPLKNTJ.js";
import "./chunk-5PS4MVI4.js";
import "./chunk-CURNL2XW.js";
export {
  INBOX_KEY_PATH,
  fetchInboxKey,
  generateInboxKey,
  inboxKeyFile,
  privateKeyFromText,
  publicKeyFromText,
  signDecision,
  verifyDecision
};
