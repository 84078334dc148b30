#!/usr/bin/env bash
# Makes the WordPress site the import benchmark reads (bench/wordpress-import.mjs): Debian's real
# WordPress on the machine's MariaDB, filled through WordPress's own functions with POSTS (200)
# reference posts of PICTURES (3) pictures each (a featured one and the rest as image blocks), and
# exported by WordPress's own exporter. Reuses the fixture's installer (decision 053).
# Usage: bench/wordpress-site/make-site.sh WORKDIR   → WORKDIR/export.xml, WORKDIR/wp-content/uploads
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
fixture="$repo/server/src/modules/wordpress-import/fixtures/make-fixture"
work="${1:?usage: make-site.sh WORKDIR}"

export WP_FIXTURE_DB="${WP_FIXTURE_DB:-wp_bench}"
export WP_FIXTURE_URL="https://www.blitzschutz-bench.example"
export WP_FIXTURE_CONTENT="$work/wp-content"
export WP_FIXTURE_IMAGES="$work/images"
export POSTS="${POSTS:-200}" PICTURES="${PICTURES:-3}"

test -f /usr/share/wordpress/wp-settings.php || {
  echo "Debian's WordPress is missing: apt-get install -y wordpress php-cli php-mysql php-gd" >&2
  exit 1
}

rm -rf "$work"
mkdir -p "$WP_FIXTURE_CONTENT/uploads" "$WP_FIXTURE_IMAGES"
ln -s /usr/share/wordpress/wp-content/themes "$WP_FIXTURE_CONTENT/themes"
ln -s /usr/share/wordpress/wp-content/plugins "$WP_FIXTURE_CONTENT/plugins"
mysql -u root -e "DROP DATABASE IF EXISTS \`$WP_FIXTURE_DB\`; CREATE DATABASE \`$WP_FIXTURE_DB\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"

(cd "$repo" && node "$here/make-images.mjs" "$WP_FIXTURE_IMAGES" "$((POSTS * PICTURES))")
php "$fixture/install.php"
php "$here/make-content.php"
php "$fixture/export.php" > "$work/export.xml"
mysql -u root -e "DROP DATABASE \`$WP_FIXTURE_DB\`;"
echo "export: $work/export.xml ($(du -h "$work/export.xml" | cut -f1)), uploads: $(du -sh "$WP_FIXTURE_CONTENT/uploads" | cut -f1)"
