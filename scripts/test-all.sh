#!/usr/bin/env bash
# Every test tier: unit + web, the API integration suite, then the browser tests against the built
# app. Stops at the first failing tier.
#
# Without DATABASE_URL (a fresh machine) the API suite and the browser tests run on embedded
# PGlite. With it (CI, a developer with PostgreSQL and Redis), the API suite runs on the real
# servers, and once more on PGlite while the browser tests run: those spend most of their time
# waiting on the page, the network and real-time video (about a third of a core), so the PGlite
# pass takes one worker beside them instead of minutes of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit, media and web tests"
npx vitest run --project unit --project media --project web --project web:isolated

if [ -z "${DATABASE_URL:-}" ]; then
  echo "== API integration tests (PGlite)"
  npx vitest run --project api
  echo "== browser tests (PGlite)"
  npm run test:e2e
  exit 0
fi

echo "== API integration tests (PostgreSQL)"
npx vitest run --project api

pglite_log=$(mktemp)
echo "== browser tests (PostgreSQL), and beside them the API integration tests on PGlite"
env -u DATABASE_URL -u REDIS_URL API_TEST_WORKERS=1 npx vitest run --project api >"$pglite_log" 2>&1 &
pglite=$!
browser_status=0
npm run test:e2e || browser_status=$?
pglite_status=0
wait "$pglite" || pglite_status=$?
echo
echo "== API integration tests (PGlite), run beside the browser tests"
cat "$pglite_log"
rm -f "$pglite_log"
if [ "$browser_status" != 0 ]; then echo "browser tests failed"; fi
if [ "$pglite_status" != 0 ]; then echo "API integration tests on PGlite failed"; fi
[ "$browser_status" = 0 ] && [ "$pglite_status" = 0 ]
