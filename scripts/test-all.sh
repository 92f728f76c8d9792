#!/usr/bin/env bash
# Every test tier: unit + web, the API integration suite, then the browser tests against the built
# app. Stops at the first failing tier.
#
# Without DATABASE_URL (a fresh machine) the API suite and the browser tests run on embedded
# PGlite, one tier after the other. With it (CI, a developer with PostgreSQL and Redis), tiers that
# leave a core idle run in pairs: the unit, media and web tests beside the API suite on the real
# servers; then the browser tests (two lanes, e2e/run-specs.sh) beside the API suite once more on
# PGlite: those spend most of their time waiting on the page, the network and real-time video, so
# the PGlite pass takes one worker beside them instead of minutes of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DATABASE_URL:-}" ]; then
  echo "== unit, media and web tests"
  npx vitest run --project unit --project media --project web --project web:isolated
  echo "== API integration tests (PGlite)"
  npx vitest run --project api
  echo "== browser tests (PGlite)"
  npm run test:e2e
  exit 0
fi

# The API suite on PostgreSQL waits on its servers, timers and child processes (about 0.7 of a
# core with its two workers); the unit, media and web tests (one worker, CPU-bound) run beside it,
# their log printed after its own.
unit_log=$(mktemp)
echo "== API integration tests (PostgreSQL), and beside them the unit, media and web tests"
npx vitest run --project unit --project media --project web --project web:isolated >"$unit_log" 2>&1 &
unit=$!
api_status=0
npx vitest run --project api || api_status=$?
unit_status=0
wait "$unit" || unit_status=$?
echo
echo "== unit, media and web tests, run beside the API suite"
cat "$unit_log"
rm -f "$unit_log"
[ "$unit_status" = 0 ] || echo "unit, media or web tests failed"
[ "$api_status" = 0 ] || echo "API integration tests on PostgreSQL failed"
if [ "$unit_status" != 0 ] || [ "$api_status" != 0 ]; then exit 1; fi

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
