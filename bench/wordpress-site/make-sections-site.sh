#!/usr/bin/env bash
# The WordPress that bench/custom-page-sections.mjs compares with (issue 45): Debian's real
# WordPress on the machine's MariaDB, served as the one of docs/benchmarks.md's "Home page against
# WordPress in Lighthouse" was (nginx with one worker and gzip, the package's PHP-FPM pool, port
# 8089, Twenty Twenty-Three, no plugins, no page cache), holding the page of 20 sections
# (make-sections-page.php) at http://127.0.0.1:8089/herbstaktion/.
#
# Usage (root, Debian 12, from the repository root with node's packages installed):
#   apt-get install -y wordpress wordpress-theme-twentytwentythree php-fpm php-mysql php-gd php-cli nginx
#   bench/wordpress-site/make-sections-site.sh install WORKDIR   # the site, then start
#   bench/wordpress-site/make-sections-site.sh start WORKDIR     # nginx and PHP-FPM
#   bench/wordpress-site/make-sections-site.sh stop WORKDIR      # both stopped again
#   bench/wordpress-site/make-sections-site.sh remove WORKDIR    # stop, drop the database, its user, the files
# Outside the repository it writes WORKDIR (uploads, nginx.conf, logs), the database and user
# `wp_sections`, and /etc/wordpress/config-127.0.0.1.php (how Debian's WordPress finds its
# settings for a host name); nothing of WordPress is committed. Reuses the fixture's installer
# (decision 053).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
fixture="$repo/server/src/modules/wordpress-import/fixtures/make-fixture"
action="${1:?usage: make-sections-site.sh install|start|stop|remove WORKDIR}"
work="$(realpath -m "${2:?usage: make-sections-site.sh install|start|stop|remove WORKDIR}")"
port=8089
database=wp_sections
site_config=/etc/wordpress/config-127.0.0.1.php

export WP_FIXTURE_DB="$database"
export WP_FIXTURE_URL="http://127.0.0.1:$port"
export WP_FIXTURE_CONTENT="$work/wp-content"
export SECTIONS_FILES="$work/files" SECTIONS_IMAGES="$work/images"

start() {
  mkdir -p /run/php
  # The package's pool (www: a Unix socket, pm dynamic, 5 children at most), with its opcache.
  if [ ! -f /run/php/php8.2-fpm.pid ] || ! kill -0 "$(cat /run/php/php8.2-fpm.pid)" 2>/dev/null; then
    php-fpm8.2 --fpm-config /etc/php/8.2/fpm/php-fpm.conf
  fi
  nginx -c "$work/nginx.conf"
  for _ in $(seq 50); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/herbstaktion/" && break
    sleep 0.2
  done
  echo "WordPress at http://127.0.0.1:$port/herbstaktion/ (stop: $0 stop $work)"
}

stop() {
  [ -f "$work/nginx.pid" ] && nginx -c "$work/nginx.conf" -s stop || true
  if [ -f /run/php/php8.2-fpm.pid ]; then
    kill "$(cat /run/php/php8.2-fpm.pid)" || true
  fi
  echo "nginx and PHP-FPM stopped"
}

install() {
  test -f /usr/share/wordpress/wp-settings.php -a -d /usr/share/wordpress/wp-content/themes/twentytwentythree || {
    echo "Debian's WordPress is missing: apt-get install -y wordpress wordpress-theme-twentytwentythree php-fpm php-mysql php-gd php-cli nginx" >&2
    exit 1
  }
  rm -rf "$work"
  mkdir -p "$WP_FIXTURE_CONTENT/uploads" "$SECTIONS_IMAGES" "$SECTIONS_FILES"
  ln -s /usr/share/wordpress/wp-content/themes "$WP_FIXTURE_CONTENT/themes"
  ln -s /usr/share/wordpress/wp-content/plugins "$WP_FIXTURE_CONTENT/plugins"
  chmod 755 "$work"

  # PHP-FPM runs as www-data and cannot sign in as MariaDB's root (a Unix socket's user): a user
  # of its own, with a password made here.
  local password
  password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  mysql -u root -e "DROP DATABASE IF EXISTS \`$database\`; CREATE DATABASE \`$database\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    CREATE USER IF NOT EXISTS '$database'@'localhost'; ALTER USER '$database'@'localhost' IDENTIFIED BY '$password';
    GRANT ALL ON \`$database\`.* TO '$database'@'localhost';"
  cat > "$site_config" <<PHP
<?php
// The benchmark's WordPress (bench/wordpress-site/make-sections-site.sh), for requests to 127.0.0.1.
define('DB_NAME', '$database');
define('DB_USER', '$database');
define('DB_PASSWORD', '$password');
define('DB_HOST', 'localhost');
define('WP_HOME', '$WP_FIXTURE_URL');
define('WP_SITEURL', '$WP_FIXTURE_URL');
define('WP_CONTENT_DIR', '$WP_FIXTURE_CONTENT');
define('WP_CONTENT_URL', '$WP_FIXTURE_URL/wp-content');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
PHP
  chown root:www-data "$site_config"
  chmod 640 "$site_config"

  (cd "$repo" && node "$here/make-images.mjs" "$SECTIONS_IMAGES" 5 && node bench/lib/sections-page.mjs "$SECTIONS_FILES")
  php "$fixture/install.php"
  php "$here/make-sections-page.php"

  cat > "$work/nginx.conf" <<NGINX
# The benchmark's WordPress (make-sections-site.sh): one worker, gzip for text, PHP-FPM.
user www-data;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 768; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  access_log off;
  gzip on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml text/plain text/xml application/xml;
  server {
    listen 127.0.0.1:$port;
    root /usr/share/wordpress;
    index index.php;
    location /wp-content/ { alias $WP_FIXTURE_CONTENT/; }
    location / { try_files \$uri \$uri/ /index.php?\$args; }
    location ~ \.php\$ {
      # Debian's snippets/fastcgi-php.conf, with its include made absolute (this file is not in /etc/nginx).
      fastcgi_split_path_info ^(.+?\.php)(/.*)\$;
      try_files \$fastcgi_script_name =404;
      set \$path_info \$fastcgi_path_info;
      fastcgi_param PATH_INFO \$path_info;
      fastcgi_index index.php;
      include /etc/nginx/fastcgi.conf;
      fastcgi_pass unix:/run/php/php8.2-fpm.sock;
      # WordPress sees the port (its addresses are http://127.0.0.1:$port).
      fastcgi_param HTTP_HOST \$http_host;
    }
  }
}
NGINX
  start
}

remove() {
  stop
  mysql -u root -e "DROP DATABASE IF EXISTS \`$database\`; DROP USER IF EXISTS '$database'@'localhost';"
  rm -rf "$work" "$site_config"
}

case "$action" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  remove) remove ;;
  *) echo "usage: make-sections-site.sh install|start|stop|remove WORKDIR" >&2; exit 1 ;;
esac
