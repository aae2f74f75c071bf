#!/usr/bin/env bash
# The whole suite: lint (Biome: format and rules), build, then unit, integration and browser tests against the build,
# with the typecheck running beside the build and the first tests (the tests run the build, not the types; a type error
# still fails the run, its report printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
npm run typecheck > .tmp/typecheck.log 2>&1 &
typecheck=$!
npm run lint
npm run build
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json "$@" || status=$?
node -e '
const r = JSON.parse(require("fs").readFileSync(".tmp/vitest.json", "utf8"));
console.log(`${r.numPassedTests} passed, ${r.numFailedTests + (r.numTotalTestSuites && r.success === false && r.numFailedTests === 0 ? 1 : 0)} failed`);
' || echo "0 passed, 1 failed"
if wait "$typecheck"; then
  echo "typecheck passed"
else
  cat .tmp/typecheck.log
  echo "typecheck failed"
  status=1
fi
exit $status
