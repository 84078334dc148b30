// A kept page against a static file server (issue 33 point 2, decision 038): the built server's
// home page as kept per content version, and nginx serving the very same bytes (the gzip body our
// server sends, saved to a file), side by side under `wrk -t1 -c20 -d8s`; and the same page
// rendered per request (`/?inquiry=sent`: the home page with the footer form's answer, made for
// that request alone, never kept). Alternating rounds (ours, nginx, rendered, ours, …), so that
// each side sees the same load of a shared machine. One process each: the built server, and nginx
// with one worker. Medians and min–max of the rounds.
//
// Run: npm run build && npm run bench -- kept-page-vs-nginx   (not a CI gate; docs/benchmarks.md has the figures)
// Options (environment): ROUNDS (5), DURATION (8 seconds), CONNECTIONS (20), ENCODING (gzip; br),
// STATISTICS (off: the visitor counting, on by default in the shipped server, is measured by
// `npm run bench -- statistics`; here it would count every wrk request), SERVER (another server.js),
// BEFORE (the server.js of an older build, e.g. a worktree of the release before: its kept page
// joins the rounds), NGINX (/usr/sbin/nginx), WRK (wrk). Without nginx or wrk installed it says
// so and stops.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './lib/built-server.mjs';
import { freePort } from './lib/free-port.mjs';

const rounds = Number(process.env.ROUNDS ?? 5);
const duration = Number(process.env.DURATION ?? 8);
const connections = Number(process.env.CONNECTIONS ?? 20);
const encoding = process.env.ENCODING ?? 'gzip';
const nginxPath = process.env.NGINX ?? '/usr/sbin/nginx';
const wrkPath = process.env.WRK ?? 'wrk';

const installed = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).error === undefined;
if (!fs.existsSync(nginxPath) || !installed(nginxPath, ['-v'])) {
  console.log(`nginx is not installed (${nginxPath}): nothing to compare with; install it (apt-get install nginx) or set NGINX.`);
  process.exit(0);
}
if (!installed(wrkPath, ['--version'])) {
  console.log(`wrk is not installed (${wrkPath}): install it (apt-get install wrk) or set WRK.`);
  process.exit(0);
}

const serverEnv = { SEED_SAMPLE: 'true', STATISTICS: process.env.STATISTICS ?? 'off' };
const server = await startBuiltServer('kept-page', serverEnv);
const before = process.env.BEFORE
  ? await startBuiltServer('kept-page-before', serverEnv, { entry: process.env.BEFORE })
  : undefined;
if (before) await fetch(`${before.url}/`, { headers: { 'accept-encoding': encoding } });

// The bytes our server sends for the kept page, as nginx will send them.
// The first request makes and keeps the page; its forms are then remade at the best quality in
// the background (lib/encoded-body.ts), after which the bytes sent no longer change.
const first = await fetch(`${server.url}/`, { headers: { 'accept-encoding': encoding } });
if (!first.ok) throw new Error(`GET / answered ${first.status}`);
await new Promise((r) => setTimeout(r, 2000));
const body = await rawBody(server.url, encoding);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-nginx-'));
fs.chmodSync(root, 0o755);
fs.writeFileSync(path.join(root, 'page'), body);
fs.chmodSync(path.join(root, 'page'), 0o644);
const nginxPort = await freePort();
fs.writeFileSync(
  path.join(root, 'nginx.conf'),
  `worker_processes 1;
daemon off;
pid ${root}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root};
    location = / {
      default_type "text/html; charset=utf-8";
      add_header content-encoding ${encoding};
      add_header vary "cookie, accept-encoding";
      add_header cache-control no-cache;
      try_files /page =404;
    }
  }
}
`,
);
const nginx = spawn(nginxPath, ['-p', root, '-c', path.join(root, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
const nginxUrl = `http://127.0.0.1:${nginxPort}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${nginxUrl}/`, { headers: { 'accept-encoding': encoding } })).ok) break;
  } catch {
    // not yet listening
  }
  if (i > 100 || nginx.exitCode !== null) throw new Error('nginx did not start');
  await new Promise((r) => setTimeout(r, 50));
}
const check = await rawBody(nginxUrl, encoding);
if (!check.equals(body)) throw new Error('nginx does not send the same bytes');

/** The body exactly as sent (compressed), over node:http. */
async function rawBody(base, enc) {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/`, { headers: { 'accept-encoding': enc } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

/** wrk's figures: requests per second, p50 and p99 in ms, non-2xx answers. */
function wrk(url) {
  const run = spawnSync(
    wrkPath,
    ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-H', `Accept-Encoding: ${encoding}`, url],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const ms = (label) => {
    const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (non2xx) throw new Error(`${url}: ${non2xx} answers not 2xx`);
  return { rps, p50: ms('50'), p99: ms('99') };
}

const cases = {
  'ours, kept page': `${server.url}/`,
  'nginx, same bytes': `${nginxUrl}/`,
  'ours, rendered per request': `${server.url}/?inquiry=sent`,
  ...(before ? { 'before, kept page': `${before.url}/` } : {}),
};
const results = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const loads = [];
try {
  console.log(
    `GET /, ${encoding} body of ${body.length} bytes, wrk -t1 -c${connections} -d${duration}s, ${rounds} alternating rounds; load average at start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
  );
  for (let round = 1; round <= rounds; round++) {
    for (const [name, url] of Object.entries(cases)) {
      const result = wrk(url);
      results[name].push(result);
      console.log(`round ${round} ${name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    }
    loads.push(os.loadavg()[0]);
  }
} finally {
  nginx.kill('SIGTERM');
  await server.stop();
  await before?.stop();
  fs.rmSync(root, { recursive: true, force: true });
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};
const show = (values, digits) => {
  const { median, min, max } = stats(values);
  return `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
};
console.log(
  `\nmedian (min–max) of ${rounds} rounds; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
for (const [name, list] of Object.entries(results)) {
  console.log(
    `${name}: ${show(
      list.map((r) => r.rps),
      0,
    )} req/s, p50 ${show(
      list.map((r) => r.p50),
      2,
    )} ms, p99 ${show(
      list.map((r) => r.p99),
      2,
    )} ms`,
  );
}
const ratios = results['ours, kept page'].map((r, i) => r.rps / results['nginx, same bytes'][i].rps);
console.log(`ours / nginx per round: ${show(ratios, 2)}`);
