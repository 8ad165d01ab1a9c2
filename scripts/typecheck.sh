#!/usr/bin/env bash
# Type-checks every TypeScript project (`npm run typecheck`, part of `npm test`). The root project
# takes most of the time, so it runs beside the four small ones, which run one after another: two
# at a time keeps both cores of the CI machine busy without crowding them (docs/developing.md, "Tests").
set -uo pipefail
cd "$(dirname "$0")/.."
tsc=node_modules/.bin/tsc

# The evidence package first, and emitting (even with errors): the others read its declarations
# from its dist/ (packages/evidence/README.md), which must not be older than its source.
status=0
"$tsc" -p packages/evidence/tsconfig.json || status=1

"$tsc" -p tsconfig.json --noEmit &
root=$!
for project in web packages/client packages/scanner examples/discord-bot; do
  "$tsc" -p "$project/tsconfig.json" --noEmit || status=1
done
wait "$root" || status=1
exit "$status"
