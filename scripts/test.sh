#!/usr/bin/env bash
# The whole suite: lint (Biome: format and rules), typecheck, build, then unit, integration and browser tests against the build.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
npm run lint
npm run typecheck
npm run build
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json "$@" || status=$?
node -e '
const r = JSON.parse(require("fs").readFileSync(".tmp/vitest.json", "utf8"));
console.log(`${r.numPassedTests} passed, ${r.numFailedTests + (r.numTotalTestSuites && r.success === false && r.numFailedTests === 0 ? 1 : 0)} failed`);
' || echo "0 passed, 1 failed"
exit $status
