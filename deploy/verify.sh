#!/bin/sh
# Builds the release folder as the Dockerfile does (deploy/build-release.sh), outside the
# repository, and smoke-tests it: started with `node server/dist/server.js`, an empty data
# folder and a minimal environment, it must serve the pages, the API, the rendered gallery and a
# sample picture, print the generated admin once, and stop cleanly on SIGTERM.
#
#   deploy/verify.sh            build, then test
#   deploy/verify.sh DIR        test an existing release folder
#
# Takes a few minutes (npm ci and a full build): not part of npm test.
set -eu

src=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
  echo "verify: Node.js 24 or newer needed, found $(node -v)" >&2
  exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/blitz-verify-XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

if [ $# -ge 1 ]; then
  release=$(cd "$1" && pwd)
else
  release=$tmp/release
  sh "$src/deploy/build-release.sh" "$release"
fi

fail() {
  echo "verify: FAILED: $*" >&2
  if [ -f "$tmp/server.log" ]; then sed 's/^/  server: /' "$tmp/server.log" >&2; fi
  exit 1
}

# Only production packages: none of the build and test tools.
for dev in vite vitest typescript esbuild eslint playwright-core tsx @vitejs/plugin-react; do
  [ ! -e "$release/node_modules/$dev" ] || fail "dev package $dev in the release's node_modules"
done
for needed in server/dist/server.js server/dist/admin.js web/dist/client/pages/manifest.json web/dist/server/entry-server.js; do
  [ -f "$release/$needed" ] || fail "$needed missing"
done

port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base=http://127.0.0.1:$port
site=https://www.blitzschutz-example.de
mkdir "$tmp/data" "$tmp/elsewhere"
# As root, run it as an unprivileged user that can write nothing but its data folder (as the
# image and the systemd unit do): the release itself must need no writes.
as=
node=$(command -v node)
if [ "$(id -u)" -eq 0 ]; then
  chmod 755 "$tmp"
  chown nobody "$tmp/data"
  as="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
  # Node.js 24 may sit in root's home (scripts/use-node-24.sh), out of that user's reach.
  if ! $as test -x "$node"; then
    mkdir "$tmp/bin"
    cp "$node" "$tmp/bin/node"
    node=$tmp/bin/node
  fi
fi
# Started from another folder with nothing but what the release needs: it must find its web
# build and sample pictures relative to itself.
# shellcheck disable=SC2086 # $as is a command prefix or nothing
(cd "$tmp/elsewhere" && exec $as env -i PATH="$PATH" PORT="$port" HOST=127.0.0.1 DATA_DIR="$tmp/data" SITE_URL="$site" \
  "$node" "$release/server/dist/server.js" >"$tmp/server.log" 2>&1) &
pid=$!

# get PATH: the body of a 200 answer, or a failure naming the status.
get() {
  node -e '
    fetch(process.argv[1], { redirect: "manual" }).then(async (r) => {
      const body = await r.text();
      if (r.status !== 200) { console.error(r.status + " " + body.slice(0, 300)); process.exit(1); }
      process.stdout.write(body);
    }, (e) => { console.error(String(e)); process.exit(1); });
  ' "$base$1"
}

tries=0
until get / >"$tmp/home.html" 2>/dev/null; do
  tries=$((tries + 1))
  [ "$tries" -lt 300 ] || fail "no answer on $base/ within 30 s"
  kill -0 "$pid" 2>/dev/null || fail "the server exited"
  sleep 0.1
done

grep -q '<html lang="de">' "$tmp/home.html" || fail "GET / is not the German home page"
grep -q "<link rel=\"canonical\" href=\"$site/\" />" "$tmp/home.html" || fail "GET / does not name SITE_URL"
get '/api/v1/Project?PageLength=1' >"$tmp/projects.json" || fail "GET /api/v1/Project"
node -e '
  const list = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  if (!(list.count > 0) || !list.data[0].picture) throw new Error("no sample project with a picture");
  const fs = require("node:fs");
  fs.writeFileSync(process.argv[2], list.data[0].id + " " + list.data[0].picture + " " + list.data[0].title[0].content + "\n");
' "$tmp/projects.json" "$tmp/first" || fail "GET /api/v1/Project has no sample projects"
read -r id picture _title <"$tmp/first"
get "$picture" >/dev/null || fail "GET $picture (sample picture)"
# The gallery and a project page are rendered per request by the web app's server bundle, with React from node_modules.
get /Projects >"$tmp/gallery.html" || fail "GET /Projects"
grep -q '<script type="application/json" id="page-data">' "$tmp/gallery.html" || fail "GET /Projects was not rendered with its data"
get "/project/$id?lang=en" >"$tmp/project.html" || fail "GET /project/$id"
grep -q "<link rel=\"canonical\" href=\"$site/project/$id?lang=en\" />" "$tmp/project.html" || fail "the project page does not name SITE_URL"
get /sitemap.xml | grep -q "<loc>$site/</loc>" || fail "sitemap.xml does not name SITE_URL"
status=$(node -e 'fetch(process.argv[1], { redirect: "manual" }).then((r) => console.log(r.status), () => console.log(0))' "$base/readyz")
# Health endpoints come with the operations work; until then an unknown path is sent home (302).
case $status in
  200) readyz="GET /readyz 200" ;;
  302 | 404) readyz="GET /readyz not served by this version ($status)" ;;
  *) fail "GET /readyz answered $status" ;;
esac
grep -q 'Admin account created' "$tmp/server.log" || fail "no generated admin in the log"

kill -TERM "$pid"
code=0
wait "$pid" || code=$?
pid=
[ "$code" -eq 0 ] || fail "the server exited with $code on SIGTERM"
echo "verify: OK${as:+ (as nobody)}: $release ($(du -sh "$release" | cut -f1)) served /, the API, a picture, the rendered gallery and project page with SITE_URL, the sitemap; $readyz; admin printed; clean stop"
