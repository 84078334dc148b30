// The size of a year of visitor statistics on PostgreSQL (issue 32, decision 025): the same year as
// bench/statistics.mjs writes into SQLite — 1,000 visitors a day, 3,000 page views on 40 pages in
// two languages, 25 sources, 3 device classes, and the visits of one day (the hourly housekeeping
// deletes a day's visits after it ends) — in a fresh database migrated by the built server, each
// table's pg_total_relation_size (table, keys and TOAST) after VACUUM FULL, and the 12 months'
// GET /api/v1/Statistics on it.
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- statistics-year-postgres
// (the URL of a database whose user may CREATE DATABASE; a database of its own is made and dropped).
import pg from 'pg';
import { startBuiltServer } from './lib/built-server.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log('BENCH_DATABASE_URL is not set: skipped (see the head of this file)');
  process.exit(0);
}
const name = `blitz_bench_statistics_${process.pid}`;
const siteUrl = new URL(adminUrl);
siteUrl.pathname = `/${name}`;
const admin = { username: 'bench', password: 'bench-password-123456' };
const env = {
  SEED_SAMPLE: 'false',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  SECOND_FACTOR: 'optional',
  DATABASE_URL: siteUrl.href,
};
/** The daily aggregates, kept as long as the site; the visits and salts go after their day, the summary tables hold a row a week. */
const aggregateTables = ['statistics_days', 'statistics_pages', 'statistics_sources', 'statistics_devices'];
const berlinDay = (date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(date);
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)})`;
};

const server = new pg.Client({ connectionString: adminUrl });
await server.connect();
await server.query(`create database ${name}`);
try {
  const migrate = await startBuiltServer('statistics-year-postgres', env);
  await migrate.stop();

  const db = new pg.Client({ connectionString: siteUrl.href });
  await db.connect();
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
  const today = berlinDay();
  const day0 = Date.parse(`${today}T12:00:00Z`);
  /** Inserts rows of `width` values each, many per statement. */
  async function insert(table, width, rows) {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`);
      await db.query(`insert into ${table} values ${values.join(', ')}`, chunk.flat());
    }
  }
  const days = [];
  const pages = [];
  const sourceRows = [];
  const devices = [];
  for (let d = 0; d < 365; d++) {
    const day = berlinDay(new Date(day0 - d * 86_400_000));
    days.push([day, 1000, 3000, 3, 1]);
    for (const p of paths) for (const lang of ['de', 'en']) pages.push([day, p, lang, 30, 25, 0]);
    sources.forEach((s, i) => sourceRows.push([day, s, i === 6 ? 'messe-2026' : '', 40, i < 3 ? 1 : 0, 0]));
    for (const device of ['phone', 'tablet', 'desktop']) devices.push([day, device, 333]);
  }
  const visits = [];
  const visitPages = [];
  for (let v = 0; v < 1000; v++) {
    const hash = Buffer.from(`${today}-${v}-${Math.random()}`).toString('base64url').slice(0, 22);
    visits.push([today, hash, sources[v % sources.length], '', '/']);
    for (let p = 0; p < 3; p++) visitPages.push([today, hash, paths[(v + p) % paths.length], 'de']);
  }
  await db.query('begin');
  await insert('statistics_days', 5, days);
  await insert('statistics_pages', 6, pages);
  await insert('statistics_sources', 6, sourceRows);
  await insert('statistics_devices', 3, devices);
  await insert('statistics_visits', 5, visits);
  await insert('statistics_visit_pages', 4, visitPages);
  await db.query('commit');
  await db.query('vacuum full analyze');
  const { rows } = await db.query(
    `select c.relname as name, pg_total_relation_size(c.oid) as total, pg_relation_size(c.oid) as heap,
       pg_indexes_size(c.oid) as keys, c.reltuples::bigint as rows
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' and c.relname like 'statistics\\_%'
     order by pg_total_relation_size(c.oid) desc`,
  );
  let aggregates = 0;
  for (const row of rows) {
    const kept = aggregateTables.includes(row.name);
    if (kept) aggregates += Number(row.total);
    console.log(
      `${row.name.padEnd(28)} ${String(row.rows).padStart(6)} rows: ${(Number(row.heap) / 1024).toFixed(0)} + ${(Number(row.keys) / 1024).toFixed(0)} KB, total ${(Number(row.total) / 1024).toFixed(0)} KB`,
    );
  }
  console.log(
    `a year of aggregates on PostgreSQL (pg_total_relation_size, without the day's visits): ${(aggregates / 1024 / 1024).toFixed(2)} MB`,
  );
  await db.end();

  const year = await startBuiltServer('statistics-year-postgres-read', env);
  const token = (
    await (
      await fetch(`${year.url}/api/v1/login/Auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json()
  ).jwtToken;
  const from = berlinDay(new Date(day0 - 364 * 86_400_000));
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    const res = await fetch(`${year.url}/api/v1/Statistics?From=${from}&To=${today}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    bytes = (await res.text()).length;
    times.push(performance.now() - started);
  }
  console.log(`GET /api/v1/Statistics for 12 months on it: ms ${stats(times)} (10 requests, one at a time), ${bytes} bytes`);
  await year.stop();
} finally {
  await server.query(`drop database if exists ${name} with (force)`);
  await server.end();
}
