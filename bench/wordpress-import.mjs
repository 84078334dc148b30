// How long a company's move from WordPress takes (issue 43, decision 054): the import of POSTS
// (200) posts with PICTURES (3) pictures each (600), as an admin sends it from the dashboard. The
// site is a real WordPress (bench/wordpress-site/make-site.sh: Debian's WordPress on the machine's
// MariaDB, filled through its own functions, exported by its own exporter; photo-sized JPEGs),
// made once into WORK (/tmp/blitz-bench-wordpress) and reused while its export is there. Its
// uploads are served by a local stand-in for the old site, which the export is pointed at.
//
// Per round, on a fresh built server on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL
// names a PostgreSQL server, on PostgreSQL (a database of its own; DATABASES, `sqlite,postgres`,
// picks): the dry run (every picture fetched and decoded, nothing stored) and the import (a job:
// every picture re-encoded to AVIF and WebP, the drafts, categories and redirects), the time
// until the job is done, per post and per picture, and the server's CPU time. ROUNDS (1): an
// import of 600 pictures takes minutes.
//
// Run: npm run build && npm run bench -- wordpress-import   (docs/benchmarks.md has the figures)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startBuiltServer } from './lib/built-server.mjs';
import { newDatabase, postgresBase } from './lib/postgres-database.mjs';

const posts = Number(process.env.POSTS ?? 200);
const pictures = Number(process.env.PICTURES ?? 3);
const rounds = Number(process.env.ROUNDS ?? 1);
const work = process.env.WORK ?? '/tmp/blitz-bench-wordpress';
const admin = { username: 'bench', password: 'bench-password-123456' };
const siteOrigin = 'https://www.blitzschutz-bench.example';

const exportFile = path.join(work, 'export.xml');
const uploads = path.join(work, 'wp-content/uploads');
const made = fs.existsSync(exportFile) && fs.readFileSync(exportFile, 'utf8').split('<wp:post_type><![CDATA[post]]>').length - 1;
if (made !== posts) {
  const run = spawnSync(path.join(import.meta.dirname, 'wordpress-site/make-site.sh'), [work], {
    env: { ...process.env, POSTS: String(posts), PICTURES: String(pictures) },
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(1);
}

// The old site, still answering: its uploads at /wp-content/uploads/….
const oldSite = http.createServer((request, response) => {
  const prefix = '/wp-content/uploads/';
  const url = decodeURIComponent(request.url ?? '');
  const file = url.startsWith(prefix) && !url.includes('..') ? path.join(uploads, url.slice(prefix.length)) : '';
  if (!file || !fs.existsSync(file)) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'image/jpeg' });
  fs.createReadStream(file).pipe(response);
});
await new Promise((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${oldSite.address().port}`;
const exported = fs.readFileSync(exportFile, 'utf8').split(siteOrigin).join(origin);
const megabytes = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const uploadBytes = (fs.readdirSync(uploads, { recursive: true, withFileTypes: true }) ?? [])
  .filter((entry) => entry.isFile() && /bild-\d+\.jpg$/.test(entry.name))
  .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
console.log(
  `export ${megabytes(exported.length)} MB; ${posts} posts, ${posts * pictures} originals of ${megabytes(uploadBytes)} MB`,
);

const cpuSeconds = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

async function send(url, token, dryRun) {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('file', new Blob([exported], { type: 'application/xml' }), 'export.xml');
  const res = await fetch(`${url}/api/v1/Import/WordPress`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== (dryRun ? 200 : 202)) throw new Error(`import: ${res.status} ${await res.text()}`);
  return res.json();
}

async function oneRound(kind) {
  const database = kind === 'postgres' ? await newDatabase('bench_wp_import') : undefined;
  const server = await startBuiltServer(`wp-import-${kind}`, {
    SEED_SAMPLE: 'false',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SECOND_FACTOR: 'optional',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  try {
    const login = await fetch(`${server.url}/api/v1/login/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { jwtToken: token } = await login.json();

    let cpu = cpuSeconds(server.pid);
    let started = performance.now();
    const preview = await send(server.url, token, true);
    const dry = { seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(server.pid) - cpu };
    if (preview.created !== posts) throw new Error(`the dry run would create ${preview.created}, not ${posts}`);

    cpu = cpuSeconds(server.pid);
    started = performance.now();
    const queued = await send(server.url, token, false);
    let job;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${server.url}/api/v1/Import/${queued.id}`, { headers: { authorization: `Bearer ${token}` } });
      job = await res.json();
      if (job.state === 'done' || job.state === 'failed') break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (job.state !== 'done') throw new Error(`the import failed: ${job.error}`);
    const { created, pictures: taken, redirects } = job.report;
    if (created !== posts || taken.failed !== 0) throw new Error(`imported ${created} posts, ${taken.failed} pictures failed`);
    return { dry, seconds, cpu: cpuSeconds(server.pid) - cpu, pictures: taken.fetched, redirects, rss: server.rssMb() };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const spread = (values, digits = 1) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => v.toFixed(digits);
  return sorted.length === 1 ? f(sorted[0]) : `${f(median(sorted))} (${f(sorted[0])}–${f(sorted.at(-1))})`;
};

for (const kind of (process.env.DATABASES ?? 'sqlite,postgres').split(',').filter((k) => k !== 'postgres' || postgresBase)) {
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    const result = await oneRound(kind);
    results.push(result);
    console.log(
      `${kind} round ${round}: dry run ${result.dry.seconds.toFixed(1)} s (server CPU ${result.dry.cpu.toFixed(1)} s); ` +
        `import ${result.seconds.toFixed(1)} s (server CPU ${result.cpu.toFixed(1)} s), ${result.pictures} pictures, ` +
        `${result.redirects} redirects, RSS after ${result.rss.toFixed(0)} MB`,
    );
  }
  const of = (pick) => results.map(pick);
  console.log(
    `${kind}: dry run ${spread(of((r) => r.dry.seconds))} s; import ${spread(of((r) => r.seconds))} s, ` +
      `${spread(
        of((r) => (r.seconds / posts) * 1000),
        0,
      )} ms a post, ${spread(
        of((r) => (r.seconds / r.pictures) * 1000),
        0,
      )} ms a picture`,
  );
}
oldSite.close();
