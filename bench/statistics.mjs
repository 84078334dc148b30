// What the visitor statistics cost (issue 32, decision 025).
// 1. The home page under load (CONNECTIONS, 20) with counting on and off, side by side: two built
//    servers on SQLite with the sample content, RUNS (3) runs of DURATION (10) seconds each,
//    alternating; every request as a browser's, with one of VISITORS (1,000) user agents, so that
//    the counting hashes, batches and writes as for that many visitors. Then the page views counted
//    against those answered (they must match: nothing lost, nothing counted twice).
// 2. The size of a year of aggregates for a site with 1,000 visitors a day (about 3 pages each, 40
//    pages in two languages, 25 sources), and the visits of one day (the hourly housekeeping deletes
//    a day's visits after it ends), written into a migrated SQLite database, measured per table
//    (dbstat), and how long the 12 months' answer of GET /api/v1/Statistics takes on it.
//    The same on PostgreSQL: bench/statistics-year-postgres.mjs.
// Run: npm run build && npm run bench -- statistics   (not a CI gate; docs/benchmarks.md has the figures)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startBuiltServer } from './lib/built-server.mjs';

const connections = Number(process.env.CONNECTIONS ?? 20);
const duration = Number(process.env.DURATION ?? 10);
const runs = Number(process.env.RUNS ?? 3);
const visitors = Number(process.env.VISITORS ?? 1000);
const admin = { username: 'bench', password: 'bench-password-123456' };
const env = { SEED_SAMPLE: 'true', ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, SECOND_FACTOR: 'optional' };

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};
const show = ({ median, min, max }, digits = 1) => `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const berlinDay = (date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(date);
const userAgent = (n) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.${n}`;

async function signIn(url) {
  const res = await fetch(`${url}/api/v1/login/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  return (await res.json()).jwtToken;
}

async function load(url) {
  const result = await autocannon({
    url: `${url}/`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            'accept-encoding': 'br',
            referer: 'https://www.google.com/',
            'user-agent': userAgent(Math.floor(Math.random() * visitors)),
          },
        }),
      },
    ],
  });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`non-2xx ${result.non2xx}, errors ${result.errors}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, sent: result.requests.total };
}

console.log(`load average at start: ${loadavg()}`);
const on = await startBuiltServer('statistics-on', { ...env, STATISTICS: 'on' });
const off = await startBuiltServer('statistics-off', { ...env, STATISTICS: 'off' });
const results = { on: [], off: [] };
for (const server of [on, off]) await fetch(`${server.url}/`); // the page kept before the load
for (let run = 0; run < runs; run++) {
  results.on.push(await load(on.url));
  results.off.push(await load(off.url));
}
for (const [name, list] of Object.entries(results)) {
  console.log(
    `GET / counting ${name.padEnd(3)} ${connections} connections: req/s ${show(stats(list.map((r) => r.rps)), 0)}, ` +
      `p50 ms ${show(stats(list.map((r) => r.p50)))}, p99 ms ${show(stats(list.map((r) => r.p99)))}`,
  );
}
await new Promise((r) => setTimeout(r, 6000)); // the last batch written
const token = await signIn(on.url);
const today = berlinDay();
const counted = await (
  await fetch(`${on.url}/api/v1/Statistics?From=${today}&To=${today}`, { headers: { authorization: `Bearer ${token}` } })
).json();
// The warm-up request before the load is not counted (Node's user agent is a bot's); the requests
// still in flight when autocannon stops counting are answered and counted (CONNECTIONS a run).
const answered = results.on.reduce((sum, r) => sum + r.sent, 0);
console.log(`answered with counting on: ${answered}; counted page views ${counted.pageViews}, visitors ${counted.visitors}`);
console.log(`server RSS after the load: on ${on.rssMb().toFixed(0)} MB, off ${off.rssMb().toFixed(0)} MB`);
await off.stop();

// A year of aggregates in the counting server's database.
await on.stop();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-statistics-year-'));
const migrate = await startBuiltServer('statistics-year', { ...env, SEED_SAMPLE: 'false', DATA_DIR: dataDir });
await migrate.stop();
const file = path.join(dataDir, 'site.sqlite');
const db = new Database(file);
const paths = [
  '/',
  '/Services',
  '/Blitzschutz',
  '/Projects',
  '/jobs',
  '/contactus',
  '/aboutus',
  '/impressum',
  ...Array.from({ length: 28 }, (_, i) => `/project/${i + 1}`),
  ...Array.from({ length: 4 }, (_, i) => `/jobs/${i + 1}`),
];
const sources = ['direct', 'google.com', 'bing.com', 'duckduckgo.com', 'ecosia.org', 'linkedin.com', 'vds-verband.example'];
for (let i = sources.length; i < 25; i++) sources.push(`site-${i}.example`);
const day0 = Date.parse(`${today}T12:00:00Z`);
const insert = db.transaction(() => {
  const days = db.prepare('insert into statistics_days values (?, ?, ?, ?, ?)');
  const pages = db.prepare('insert into statistics_pages values (?, ?, ?, ?, ?, ?)');
  const sourceRows = db.prepare('insert into statistics_sources values (?, ?, ?, ?, ?, ?)');
  const devices = db.prepare('insert into statistics_devices values (?, ?, ?)');
  for (let d = 0; d < 365; d++) {
    const day = berlinDay(new Date(day0 - d * 86_400_000));
    days.run(day, 1000, 3000, 3, 1);
    for (const p of paths) for (const lang of ['de', 'en']) pages.run(day, p, lang, 30, 25, 0);
    sources.forEach((s, i) => sourceRows.run(day, s, i === 6 ? 'messe-2026' : '', 40, i < 3 ? 1 : 0, 0));
    for (const device of ['phone', 'tablet', 'desktop']) devices.run(day, device, 333);
  }
  // The visits of today (1,000, 3 pages each): the hourly housekeeping removes a day's after it ends.
  const visits = db.prepare('insert into statistics_visits values (?, ?, ?, ?, ?)');
  const visitPages = db.prepare('insert into statistics_visit_pages values (?, ?, ?, ?)');
  for (let v = 0; v < 1000; v++) {
    const hash = Buffer.from(`${today}-${v}-${Math.random()}`).toString('base64url').slice(0, 22);
    visits.run(today, hash, sources[v % sources.length], '', '/');
    for (let p = 0; p < 3; p++) visitPages.run(today, hash, paths[(v + p) % paths.length], 'de');
  }
});
insert();
db.exec('vacuum');
const tables = db
  .prepare(
    `select name, sum(pgsize) as bytes from dbstat where name like 'statistics_%' or name like 'sqlite_autoindex_statistics_%' group by name order by bytes desc`,
  )
  .all();
const rows = (table) => db.prepare(`select count(*) as n from ${table}`).get().n;
// Named indexes (the summary mails' user index) are sizes only: no rows to count.
const isTable = (name) => db.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name) !== undefined;
let aggregates = 0;
for (const { name, bytes } of tables) {
  const table = name.replace(/^sqlite_autoindex_(.*)_\d+$/, '$1');
  const kept = ['statistics_days', 'statistics_pages', 'statistics_sources', 'statistics_devices'].includes(table);
  if (kept) aggregates += bytes;
  console.log(
    `${name.padEnd(40)} ${(bytes / 1024).toFixed(0).padStart(6)} KB${name === table && isTable(table) ? `, ${rows(table)} rows` : ''}`,
  );
}
console.log(
  `a year of aggregates (tables and their keys, without the day's visits): ${(aggregates / 1024 / 1024).toFixed(2)} MB`,
);
db.close();

const year = await startBuiltServer('statistics-year-read', { ...env, SEED_SAMPLE: 'false', DATA_DIR: dataDir });
const yearToken = await signIn(year.url);
const from = berlinDay(new Date(day0 - 364 * 86_400_000));
const times = [];
let bytes = 0;
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  const res = await fetch(`${year.url}/api/v1/Statistics?From=${from}&To=${today}`, {
    headers: { authorization: `Bearer ${yearToken}` },
  });
  bytes = (await res.text()).length;
  times.push(performance.now() - started);
}
console.log(`GET /api/v1/Statistics for 12 months on it: ms ${show(stats(times))} (10 requests, one at a time), ${bytes} bytes`);
await year.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`load average at end: ${loadavg()}`);
