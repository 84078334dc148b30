// The staff inbox with many stored inquiries: GET /api/v1/Inquiry (first page, a deep page, the
// last page, a search, filters) and the CSV export (time to first byte, total, size, the server's
// peak RSS), against the built server on SQLite and, when TEST_DATABASE_URL (or
// BENCH_DATABASE_URL) is set, on PostgreSQL. The inquiries (~600 characters each, 5 % spam) are
// written straight into the database in multi-row inserts while the server runs, then ANALYZEd.
// Run: npm run build && npm run bench -- inbox   (not a CI gate; docs/benchmarks.md has the figures)
// Options (environment): SIZES (100000,1000000), ROUNDS (3 timed requests per query; median and
// min–max), EXPORT_ROUNDS (3 for sizes up to 100,000, else 1), KINDS (sqlite,postgres).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startBuiltServer } from './lib/built-server.mjs';

const sizes = (process.env.SIZES ?? '100000,1000000').split(',').map(Number);
const rounds = Number(process.env.ROUNDS ?? 3);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const kinds = (process.env.KINDS ?? 'sqlite,postgres').split(',').filter((k) => k === 'sqlite' || postgresUrl);
const admin = { username: 'bench', password: 'bench-password-123456' };

const firstNames = ['Erika', 'Max', 'Jörg', 'Anna', 'Peter', 'Fatma', 'Lukas', 'Sophie', 'Mehmet', 'Julia', 'Stefan', 'Maria'];
const lastNames = ['Musterfrau', 'Mustermann', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker'];
const companies = ['Beispiel Logistik GmbH', 'Stadtwerke Musterstadt', 'Chemiepark Süd AG', 'Rechenzentrum Nord', null, null];
const subjects = ['priceInquiry', 'generalMessage', 'application'];
// Half of them closed, as "handled" was before the workflow (issue 42).
const statuses = ['closed', 'new', 'closed', 'inProgress', 'closed', 'answered'];
const deliveries = ['delivered', 'delivered', 'delivered', 'logged', 'failed', 'pending'];
const sentences = [
  'Wir planen den Neubau einer Lagerhalle und benötigen ein Angebot für die äußere Blitzschutzanlage.',
  'Bitte prüfen Sie die Erdungsanlage unseres Umspannwerks, die letzte Prüfung liegt vier Jahre zurück.',
  'Für unser Rechenzentrum suchen wir einen Partner für Überspannungsschutz und Potentialausgleich.',
  'Ich bewerbe mich als Monteur und bringe fünf Jahre Erfahrung in der Elektroinstallation mit.',
  'Die Fangleitungen auf dem Dach sind nach dem Sturm beschädigt, wann hätten Sie einen Termin frei?',
  'Unsere Versicherung verlangt einen Prüfbericht nach DIN EN 62305, können Sie diesen erstellen?',
];

/** One stored inquiry, numbered n, received `minutesAgo` before the start; ~600 characters in all. */
function inquiryRow(n, start) {
  const first = firstNames[n % firstNames.length];
  const last = lastNames[Math.floor(n / 7) % lastNames.length];
  const company = companies[n % companies.length];
  const email = `${first}.${last}.${n}@example.org`.toLowerCase();
  const message = [0, 1, 2, 3, 4].map((i) => sentences[(n + i * 5) % sentences.length]).join(' ') + ` Vorgang ${n}.`;
  const subject = subjects[n % 3];
  const spam = n % 20 === 0 ? 1 : 0;
  const created = new Date(start - n * 90_000).toISOString(); // one every 90 s: 100,000 span ~3.5 months
  const folded = [`${first} ${last}`, email, company ?? '', message].join('\n').normalize('NFC').toLowerCase();
  return [
    `B-${n}`,
    subject,
    first,
    last,
    `+49 6181 ${100000 + n}`,
    email,
    message,
    company,
    company ? 'Hafenstraße 5\n60311 Frankfurt' : null,
    subject === 'priceInquiry' ? '2400 m²' : null,
    subject === 'priceInquiry' ? 'lps,earthing' : null,
    'de',
    statuses[n % statuses.length],
    spam ? 'skipped' : deliveries[n % deliveries.length],
    spam,
    created,
    folded,
    email,
    `06181${100000 + n}`,
  ];
}

const columns = [
  'reference',
  'subject',
  'first_name',
  'last_name',
  'phone',
  'email',
  'message',
  'company_name',
  'company_address',
  'building_size',
  'regards',
  'language',
  'status',
  'delivery_status',
  'spam',
  'created_at',
  'search_folded',
  'email_key',
  'phone_key',
];

async function fill(kind, target, count) {
  const start = Date.parse('2026-11-22T12:00:00Z');
  const t0 = performance.now();
  const chunkSize = 500;
  if (kind === 'sqlite') {
    const db = new Database(target);
    const statement = db.prepare(
      `INSERT INTO inquiries (${columns.join(', ')}) VALUES ${Array.from({ length: chunkSize }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`,
    );
    const insertAll = db.transaction(() => {
      for (let i = 0; i < count; i += chunkSize) {
        const rows = Array.from({ length: chunkSize }, (_, k) => inquiryRow(i + k, start));
        statement.run(...rows.flat());
      }
    });
    insertAll();
    db.exec('ANALYZE');
    db.close();
  } else {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query('BEGIN');
    for (let i = 0; i < count; i += chunkSize) {
      const rows = Array.from({ length: chunkSize }, (_, k) => inquiryRow(i + k, start));
      let p = 0;
      const values = rows.map(() => `(${columns.map(() => `$${++p}`).join(', ')})`).join(', ');
      await client.query(`INSERT INTO inquiries (${columns.join(', ')}) VALUES ${values}`, rows.flat());
    }
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE inquiries');
    await client.end();
  }
  return (performance.now() - t0) / 1000;
}

/**
 * PostgreSQL's kept counts (decision 055) hold a row per group for each of the fill's 2,000
 * statements until the hourly housekeeping folds them: how many, and then folded as it does
 * (the statement of foldInquiryCounts in server/src/modules/contact/inquiries.repository.ts).
 */
async function countRows(target) {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    return Number((await client.query('select count(*) as n from inquiry_counts')).rows[0].n);
  } finally {
    await client.end();
  }
}

async function foldCounts(target) {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await client.query(`
      with gone as (
        delete from inquiry_counts where (spam, subject, status) in (
          select spam, subject, status from inquiry_counts group by spam, subject, status having count(*) > 1)
        returning spam, subject, status, n),
      folded as (
        insert into inquiry_counts (spam, subject, status, n)
        select spam, subject, status, sum(n) from gone group by spam, subject, status having sum(n) <> 0)
      select count(*) from gone`);
  } finally {
    await client.end();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const figure = (xs) =>
  xs.length === 1
    ? `${xs[0].toFixed(0)}`
    : `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})` +
      (xs.length >= 10 ? ` p95 ${p95(xs).toFixed(0)}` : '');

async function timed(url, token) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, count: body.count };
}

/** The export: time to the first byte, to the last, its size, and the server's highest RSS meanwhile. */
async function exportRun(server, token) {
  let peak = server.rssMb();
  const before = peak;
  const poll = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/v1/Inquiry/Export`, { headers: { authorization: `Bearer ${token}` } });
  const reader = res.body.getReader();
  let ttfb;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    ttfb ??= performance.now() - t0;
    bytes += value.length;
  }
  const total = performance.now() - t0;
  clearInterval(poll);
  peak = Math.max(peak, server.rssMb());
  return { ttfb, total, mb: bytes / 1024 / 1024, before, peak };
}

async function run(kind, size) {
  let databaseUrl;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `blitz_bench_inbox_${process.pid}`;
    const adminClient = new pg.Client({ connectionString: postgresUrl });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    await adminClient.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const server = await startBuiltServer('inbox', {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SECOND_FACTOR: 'optional',
    SEED_SAMPLE: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const fillSeconds = await fill(kind, databaseUrl ?? path.join(server.dataDir, 'site.sqlite'), size);
    const login = await fetch(`${server.url}/api/v1/login/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { jwtToken: token } = await login.json();
    const listed = Math.round(size * 0.95);
    const lastPage = Math.ceil(listed / 20);
    const queries = {
      'first page': '',
      'page 5,000': '&PageNumber=5000',
      [`last page (${lastPage.toLocaleString('en')})`]: `&PageNumber=${lastPage}`,
      'search "schneider" (common)': '&Search=schneider',
      'search "vorgang 4711." (one hit)': `&Search=${encodeURIComponent('vorgang 4711.')}`,
      'search "schmidt.4711@" (an address)': `&Search=${encodeURIComponent('schmidt.4711@')}`,
      'search "blitzableiter" (no hit)': '&Search=blitzableiter',
      'search "schneider", price inquiries': '&Search=schneider&Subject=priceInquiry',
      'search "an" (two letters)': '&Search=an',
      'filter type + not handled': '&Subject=priceInquiry&Handled=false',
      'filter delivery failed': '&Delivery=failed',
      'filter one week': '&From=2026-10-01&To=2026-10-07',
      'spam view': '&Spam=true',
    };
    const lines = [];
    const time = async (name, url) => {
      await timed(url, token); // warm-up: the first read of a page from disk is not what a user waits for twice
      const ms = [];
      let count;
      for (let i = 0; i < rounds; i++) {
        const r = await timed(url, token);
        ms.push(r.ms);
        count = r.count;
      }
      lines.push(`  ${name.padEnd(36)} ${figure(ms).padStart(24)} ms   (count ${count.toLocaleString('en')})`);
    };
    if (kind === 'postgres') {
      const unfolded = await countRows(databaseUrl);
      await time(`first page, ${unfolded.toLocaleString('en')} count rows`, `${server.url}/api/v1/Inquiry?PageLength=20`);
      await foldCounts(databaseUrl);
    }
    for (const [name, query] of Object.entries(queries)) await time(name, `${server.url}/api/v1/Inquiry?PageLength=20${query}`);
    await time("tab's unread", `${server.url}/api/v1/Inquiry/Unread`);
    const exportRounds = Number(process.env.EXPORT_ROUNDS ?? (size <= 100_000 ? 3 : 1));
    const exports = [];
    for (let i = 0; i < exportRounds; i++) exports.push(await exportRun(server, token));
    const db =
      kind === 'sqlite'
        ? `${(fs.statSync(path.join(server.dataDir, 'site.sqlite')).size / 1024 / 1024).toFixed(0)} MB file`
        : 'PostgreSQL';
    console.log(
      `\n${kind}, ${size.toLocaleString('en')} inquiries (filled in ${fillSeconds.toFixed(0)} s, ${db}); ms: median (min–max) of ${rounds}`,
    );
    for (const line of lines) console.log(line);
    if (exports.length === 0) return;
    console.log(
      `  export: first byte ${figure(exports.map((e) => e.ttfb))} ms, all ${figure(exports.map((e) => e.total))} ms, ` +
        `${exports[0].mb.toFixed(1)} MB, server RSS ${exports[0].before.toFixed(0)} → peak ${figure(exports.map((e) => e.peak))} MB` +
        (exportRounds === 1 ? ' (one run)' : ''),
    );
  } finally {
    await server.stop();
    await dropDatabase();
  }
}

for (const size of sizes) {
  for (const kind of kinds) await run(kind, size);
}
