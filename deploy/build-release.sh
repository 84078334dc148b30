#!/bin/sh
# Builds a release folder that runs with `node server/dist/server.js` and nothing else: the
# bundled server, the built web app (client files and the server bundle that renders the
# gallery and project pages) and the production node_modules. The Dockerfile's build stage runs
# it, and deploy/verify.sh runs it and smoke-tests the result, so both take the same steps.
#
#   deploy/build-release.sh OUT_DIR
#
# OUT_DIR should lie outside the repository: Node.js looks for packages in every parent folder,
# so a release inside it could borrow the repository's dev packages and hide a missing one.
# Needs Node.js 24 and npm on PATH (source scripts/use-node-24.sh on an older machine), and
# what npm ci needs to compile native add-ons where no prebuilt binary is found.
set -eu

if [ $# -ne 1 ]; then
  echo "usage: $0 OUT_DIR" >&2
  exit 2
fi
src=$(cd "$(dirname "$0")/.." && pwd)
out=$1

major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 24 ]; then
  echo "build-release: Node.js 24 or newer needed, found $(node -v)" >&2
  exit 1
fi
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/server/dist/server.js" ]; then
  echo "build-release: $out exists and is not a release folder; refusing to replace it" >&2
  exit 1
fi

# A clean copy of the sources: nothing built, installed or stored in the working tree leaks in,
# and pruning the dev packages below does not touch the working tree.
work=$(mktemp -d "${TMPDIR:-/tmp}/blitz-release-XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
tar -C "$src" \
  --exclude=./.git --exclude=node_modules --exclude=dist --exclude=./data \
  --exclude=./bench/results --exclude=./bench/.cache --exclude='*.tsbuildinfo' \
  -cf - . | tar -C "$work" -xf -

cd "$work"
npm ci --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund

rm -rf "$out"
mkdir -p "$out/server" "$out/web"
# server/package.json and web/package.json say "type": "module" for the bundles beside them.
cp -a server/package.json server/dist "$out/server/"
cp -a web/package.json web/dist "$out/web/"
cp -a node_modules "$out/"
for workspace in contract server web; do
  if [ -d "$workspace/node_modules" ]; then cp -a "$workspace/node_modules" "$out/$workspace/"; fi
done
# The workspace links: the contract is bundled into both bundles, the rest is copied above.
# TypeScript stays after the prune only as i18next's optional peer (for its types): not run.
rm -rf "$out/node_modules/@blitz" "$out/node_modules/.bin" "$out/node_modules/typescript"
# npm prune leaves the scope folders of the packages it removed behind, empty.
find "$out/node_modules" -mindepth 1 -maxdepth 1 -type d -empty -delete
find "$out/server/dist" "$out/web/dist" -name '*.map' -delete
node -e '
  const fs = require("node:fs");
  const root = JSON.parse(fs.readFileSync("package.json", "utf8"));
  const release = {
    name: root.name,
    private: true,
    type: "module",
    engines: root.engines,
    scripts: { start: "node server/dist/server.js", admin: "node server/dist/admin.js" },
  };
  fs.writeFileSync(process.argv[1] + "/package.json", JSON.stringify(release, null, 2) + "\n");
' "$out"
echo "build-release: release in $out ($(du -sh "$out" | cut -f1))"
