#!/usr/bin/env bash
# The WordPress that bench/dashboard-phone.mjs compares with (issue 46): the site of
# make-sections-site.sh (Debian's WordPress 6.1 on the machine's MariaDB, nginx with one worker and
# gzip, the package's PHP-FPM pool, port 8089, no plugins, no page cache), whose wp-admin a content
# manager uses: 24 published posts in 6 categories (make-dashboard-posts.php, through WordPress's
# own functions), signed in as `redaktion` (administrator) with 50 posts a page in the Posts list.
#
# Usage (root, Debian 12, from the repository root with node's packages installed, node on PATH):
#   bench/wordpress-site/make-dashboard-site.sh install WORKDIR   # the site (once), the posts, then start
#   bench/wordpress-site/make-dashboard-site.sh start|stop|remove WORKDIR   # as make-sections-site.sh
# install installs the apt packages if they are missing, then make-sections-site.sh's site unless
# WORKDIR holds it already (so a second install keeps the site and its 24 posts, none doubled).
# redaktion's password: WORDPRESS_PASSWORD if set, else the one kept in WORKDIR/redaktion-password,
# else a new one kept there; install ends by printing the bench's WORDPRESS_* line.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
sections="$here/make-sections-site.sh"
action="${1:?usage: make-dashboard-site.sh install|start|stop|remove WORKDIR}"
work="$(realpath -m "${2:?usage: make-dashboard-site.sh install|start|stop|remove WORKDIR}")"
url=http://127.0.0.1:8089

# What make-sections-site.sh sets for its PHP: the fixture's wp-bootstrap.php reads them.
export WP_FIXTURE_DB=wp_sections
export WP_FIXTURE_URL="$url"
export WP_FIXTURE_CONTENT="$work/wp-content"
export WP_BOOTSTRAP="$repo/server/src/modules/wordpress-import/fixtures/make-fixture/wp-bootstrap.php"

answers() { curl -fsS -o /dev/null "$url/wp-login.php" 2>/dev/null; }

install() {
  if ! test -f /usr/share/wordpress/wp-settings.php -a -d /usr/share/wordpress/wp-content/themes/twentytwentythree \
    || ! command -v php-fpm8.2 >/dev/null || ! command -v nginx >/dev/null || ! php -r 'exit(extension_loaded("mysqli") ? 0 : 1);' 2>/dev/null; then
    apt-get install -y wordpress wordpress-theme-twentytwentythree php-fpm php-mysql php-gd php-cli nginx
  fi

  # The site is there when WordPress's settings point at this WORKDIR and its database has tables.
  if [ -f "$work/nginx.conf" ] && grep -qF "'$WP_FIXTURE_CONTENT'" /etc/wordpress/config-127.0.0.1.php 2>/dev/null \
    && mysql -u root -e "SELECT 1 FROM \`$WP_FIXTURE_DB\`.wp_options LIMIT 1" >/dev/null 2>&1; then
    echo "WordPress already installed in $work: keeping it"
    answers || "$sections" start "$work"
  else
    "$sections" install "$work"
  fi

  local password="${WORDPRESS_PASSWORD:-}"
  if [ -z "$password" ] && [ -s "$work/redaktion-password" ]; then password="$(cat "$work/redaktion-password")"; fi
  if [ -z "$password" ]; then password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"; fi
  (umask 077 && printf '%s\n' "$password" > "$work/redaktion-password")

  DASHBOARD_PASSWORD="$password" php "$here/make-dashboard-posts.php"
  answers || { echo "WordPress does not answer at $url/wp-login.php" >&2; exit 1; }
  echo "WordPress's Posts list at $url/wp-admin/edit.php; for the bench:"
  echo "WORDPRESS_URL=$url WORDPRESS_USER=redaktion WORDPRESS_PASSWORD=$password npm run bench -- dashboard-phone"
}

case "$action" in
  install) install ;;
  start | stop | remove) "$sections" "$action" "$work" ;;
  *) echo "usage: make-dashboard-site.sh install|start|stop|remove WORKDIR" >&2; exit 1 ;;
esac
