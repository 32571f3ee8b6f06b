#!/usr/bin/env sh
# The official MCP conformance suite for clients (auth scenarios of spec 2025-11-25), run against
# `adrails login` with test/upstream/conformance/driver.ts playing the person's browser step.
# The suite needs Node 22: it comes from the `node@22` package on npm, installed beside it.
set -eu
cd "$(dirname "$0")/../../.."
TOOLS="${CONFORMANCE_TOOLS:-${TMPDIR:-/tmp}/adrails-conformance-tools}"
mkdir -p "$TOOLS"
# The suite is a dev dependency; Node 22 is the one .ci/run installed (ADRAILS_NODE22), else the
# npm `node@22` package is installed beside the logs.
if [ -z "${ADRAILS_NODE22:-}" ]; then
  [ -f "$TOOLS/package.json" ] || echo '{"private":true}' > "$TOOLS/package.json"
  npm install --prefix "$TOOLS" --no-audit --no-fund --silent node@22
  ADRAILS_NODE22="$TOOLS/node_modules/.bin/node"
fi
NODE22="$ADRAILS_NODE22"
CONFORMANCE="node_modules/@modelcontextprotocol/conformance/dist/index.js"
[ -f dist/cli/bin.js ] || npm run build --silent
"$NODE22" --version
# One scenario at a time: each runs three adrails processes, and the suite's own parallel run
# makes slow machines time out.
SCENARIOS="metadata-default metadata-var1 metadata-var2 metadata-var3 basic-cimd scope-from-www-authenticate
scope-from-scopes-supported scope-omitted-when-undefined scope-step-up scope-retry-limit
token-endpoint-auth-basic token-endpoint-auth-post token-endpoint-auth-none pre-registration"
failed=""
for name in $SCENARIOS; do
  if ADRAILS_CONFORMANCE_BIN=dist/cli/bin.js "$NODE22" "$CONFORMANCE" client \
    --command "node --import tsx test/upstream/conformance/driver.ts" \
    --scenario "auth/$name" --timeout 180000 > "$TOOLS/$name.log" 2>&1; then
    echo "pass auth/$name"
  else
    echo "FAIL auth/$name (log: $TOOLS/$name.log)"
    tail -20 "$TOOLS/$name.log"
    failed="$failed $name"
  fi
done
[ -z "$failed" ] || { echo "conformance failures:$failed"; exit 1; }
echo "all 2025-11-25 auth scenarios pass"
