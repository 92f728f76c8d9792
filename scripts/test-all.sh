#!/usr/bin/env bash
# Every test tier, in order: unit + web, API integration (PostgreSQL when DATABASE_URL is set,
# PGlite otherwise), then the browser tests against the built app. Stops at the first failing tier.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit, media and web tests"
npx vitest run --project unit --project media --project web

echo "== API integration tests (${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-PGlite})"
npx vitest run --project api

echo "== browser tests"
npm run test:e2e
