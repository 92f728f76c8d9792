#!/usr/bin/env bash
# Every browser spec, in two lanes side by side (npm test -w @rudy/e2e). The specs mostly wait on
# pages, the network and real-time video, so a second lane fills a core the first leaves idle:
#  - the core journeys in three engines (journeys.spec.ts: Chromium, Firefox, WebKit);
#  - every other spec, one at a time (two demo renders at once starved one in CI: docs/decisions.md).
# The journeys' log is printed after the others'; the run fails if either lane fails.
set -uo pipefail
cd "$(dirname "$0")"
journeys_log=$(mktemp)
node --import tsx --test journeys.spec.ts >"$journeys_log" 2>&1 &
journeys=$!
others=()
for spec in *.spec.ts; do [ "$spec" = journeys.spec.ts ] || others+=("$spec"); done
others_status=0
node --import tsx --test --test-concurrency=1 "${others[@]}" || others_status=$?
journeys_status=0
wait "$journeys" || journeys_status=$?
echo
echo "== core journeys in three engines (journeys.spec.ts), run beside the other specs"
cat "$journeys_log"
rm -f "$journeys_log"
[ "$others_status" = 0 ] || echo "browser specs failed"
[ "$journeys_status" = 0 ] || echo "core journeys failed"
[ "$others_status" = 0 ] && [ "$journeys_status" = 0 ]
