// What `adrails --help` says after the commands: the environment it reads, and examples.

/** The environment variables the CLI reads. */
export const ENVIRONMENT_HELP = `Environment:
  ADRAILS_API_KEY   the API key (adk_...); preferred over --api-key, which shows in process lists
  ADRAILS_BASE_URL  the service's base URL (tools are POSTed to {base}/api/mcp/{tool})
  ADRAILS_REDIS_URL the fleet's Redis (--redis): shared store, approval inbox, audit stream
  ADRAILS_INBOX_TOKEN the inbox sign-in token (else one is generated and printed once)
  ADRAILS_INBOX_URL the inbox page people open (mcp --inbox-url, inbox --public-url): approval links point there
  ADRAILS_INBOX_PEOPLE named approvers for adrails inbox (--people): own tokens, accounts, two-person rule
  ADRAILS_INBOX_PUBLIC_KEY the key agents check the inbox's signed decisions with (printed by adrails inbox);
                    a JSON array of keys (current first) lets adrails audit verify check a trail across a rotation
  ADRAILS_APPROVAL_SECRET signs and checks answers that chat apps and frameworks carry (approvalSecret): a
                    process without it cannot forge one; it does not stop a Redis writer denying or delaying,
                    and inbox routes need the inbox key instead
  ADRAILS_INBOX_PRIVATE_KEY the inbox's signing key (else kept in ADRAILS_HOME/inbox-key.json, 0600)
  ADRAILS_NOTIFY_SECRET signs inbox webhook notifications (Standard Webhooks: webhook-id, -timestamp, -signature; whsec_<base64> or any 16+ characters)
  ADRAILS_RULES     a money rules file (JSON) for call, mcp and evals (--rules)
  ADRAILS_VIA       rest (default) or mcp: the door calls go through
  ADRAILS_MCP_URL   the MCP door (default {base}/api/mcp)
  ADRAILS_HOME      where OAuth credentials, the inbox key and pinned inbox keys (inbox-keys.json) are kept (default $XDG_CONFIG_HOME/adrails or ~/.config/adrails)
  NO_COLOR          any non-empty value turns colour off (FORCE_COLOR=1 forces it on)

Results go to stdout, messages and errors to stderr. With --json every output is JSON,
errors included (one object on stderr).`;

/** Commands worth copying. */
export const EXAMPLES = `Examples:
  adrails doctor
  adrails tools --group A
  adrails describe results
  adrails call results '{"date_preset":"last_7d"}' | jq '.data'
  adrails call push-creative @ad.json --confirm-text "I approve this ad going live today"
  adrails --sim call list-accounts
  adrails --sim mcp
  adrails inbox --redis redis://127.0.0.1:6379
  adrails call push-creative @ad.json --wait-approval --redis redis://127.0.0.1:6379
  adrails call push-creative @plan.jsonl --wait-approval --redis redis://127.0.0.1:6379  (one body per line, one decision)`;
