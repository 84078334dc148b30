// The project list under load: GET /api/v1/Project?PageLength=10 (and with a Title and a
// CategoryID filter) with 10,000 projects, 50 connections (autocannon), against the built server
// on SQLite and, when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set, on PostgreSQL; in the
// same run a bare Fastify route answering the very same JSON from memory, for the ratio. Then the
// picture pipeline: a 12-megapixel JPEG upload, and the bytes of a gallery card's picture.
// Run: npm run build && npm run bench -- projects   (not a CI gate; docs/benchmarks.md has the figures)
// The server keeps each public answer for the content version it was read under (content-reads.ts),
// so repeating one URL measures its cached path (one indexed read of the version per request).
// Two more figures show the SQL behind it: "pages" cycles PageNumber through all 1,000 pages,
// more distinct answers than the 500 the server keeps, so every request runs the queries; and
// "uncached ms" times single requests of each query right after the content version was changed
// (by the benchmark, in the database), so that each one reads from the database.
// Each row runs twice: as autocannon sends it (no Accept-Encoding: identity) and as a browser
// fetches it (`Accept-Encoding: br, gzip`, the "br" rows); the bare route then sends the same
// brotli bytes the server sent, from memory. "pages br" is the path of distinct answers: each
// one is read, serialised and compressed for one request.
// Options (environment): PROJECTS (10000), CONNECTIONS (50), DURATION (5 s per run), WARMUP (3 s before each),
// ROUNDS (3 turns of server and bare route per query; the medians are reported),
// QUERIES (comma-separated row names to run, e.g. `unfiltered,pages,pages br`; default all),
// DATABASES (`sqlite,postgres`; default sqlite, and postgres when a URL is set), SKIP_UPLOADS=1,
// CPU_PROF_DIR (start the server with `node --cpu-prof` writing its profile there on exit),
// SERVER (the server.js to start; default server/dist/server.js).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { freePort } from './lib/free-port.mjs';

const projects = Number(process.env.PROJECTS ?? 10_000);
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 5);
const warmup = Number(process.env.WARMUP ?? 3);
const rounds = Number(process.env.ROUNDS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const entry = path.resolve(process.env.SERVER ?? path.join(root, 'server/dist/server.js'));
const admin = { username: 'bench', password: 'bench-password-123456' };
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const onlyQueries = process.env.QUERIES?.split(',').map((q) => q.trim());
const databases = process.env.DATABASES?.split(',') ?? ['sqlite', ...(postgresUrl ? ['postgres'] : [])];
const cpuProfDir = process.env.CPU_PROF_DIR;
const browser = { 'accept-encoding': 'br, gzip' };

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer`);
}

/** The built server, as `npm start` runs it (request logging off: LOG_LEVEL=warn), with the sample content. */
async function startServer(env) {
  const port = await freePort();
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...profile, entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // The benchmark adds projects through the API, signed in with the password alone.
      SECOND_FACTOR: 'optional',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/v1/Category`);
  return { url, stop: () => stop(child) };
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * A bare Fastify 5 route per URL, answering the bytes the real server answered, from memory: the
 * JSON, or to a client that takes br the brotli bytes the server sent.
 */
async function startBare(answers, brAnswers) {
  const port = await freePort();
  const script = `
    import Fastify from 'fastify';
    const answers = new Map(${JSON.stringify([...answers])});
    const brAnswers = new Map(${JSON.stringify([...brAnswers].map(([k, v]) => [k, v.toString('base64')]))}.map(([k, v]) => [k, Buffer.from(v, 'base64')]));
    const first = '/api/v1/Project?PageLength=10';
    const app = Fastify({ logger: false });
    // A URL not recorded (the "pages" row's page numbers) gets the first page: the same size.
    app.get('/api/v1/Project', (request, reply) => {
      reply.type('application/json; charset=utf-8');
      if ((request.headers['accept-encoding'] ?? '').includes('br'))
        return reply.header('content-encoding', 'br').send(brAnswers.get(request.url) ?? brAnswers.get(first));
      return reply.send(answers.get(request.url) ?? answers.get(first));
    });
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  // Run from server/, where fastify resolves as it does for the real server.
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: path.join(root, 'server'),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/v1/Project?PageLength=10`);
  return { url, stop: () => stop(child) };
}

/** `path` is a URL path, or a function giving the path of each next request. */
function load(base, path, seconds, headers = {}) {
  const options =
    typeof path === 'function'
      ? { url: base, requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] }
      : { url: base + path };
  return new Promise((resolve, reject) => {
    autocannon({ ...options, headers, connections, duration: seconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The run of median throughput (its p99 with it). */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

async function measure(base, path, headers) {
  await load(base, path, warmup, headers);
  const result = await load(base, path, duration, headers);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/** The answer to a browser: its brotli bytes as sent (undici's fetch would decode them). */
async function brAnswer(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: browser }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.headers['content-encoding'] === 'br' ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: not br`)),
        );
      })
      .on('error', reject);
  });
}

/**
 * Fills the database up to `projects` by copying the sample projects (texts, category, picture
 * record) with numbered titles and earlier dates, in multi-row inserts. The server is running
 * meanwhile (SQLite in WAL mode allows it; PostgreSQL anyway). Then the statistics are brought up
 * to date, as autovacuum / the next ANALYZE would after such a bulk load.
 */
/** Changes the content version past the application, as another instance's write would. */
async function versionBumper(kind, target) {
  if (kind === 'sqlite') {
    const sqlite = new Database(target);
    const update = sqlite.prepare("UPDATE settings SET value = ? WHERE key = 'content_version'");
    return { bump: async () => update.run(`bench-${performance.now()}`), close: async () => sqlite.close() };
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return {
    bump: () => client.query("UPDATE settings SET value = $1 WHERE key = 'content_version'", [`bench-${performance.now()}`]),
    close: () => client.end(),
  };
}

/** Single requests, each right after a change of the content version: the answer comes from the database. */
async function uncached(url, bumper, times = 30) {
  const ms = [];
  for (let i = 0; i < times; i++) {
    await bumper.bump();
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  }
  const sorted = ms.sort((a, b) => a - b);
  return { median: sorted[Math.floor(times / 2)], p90: sorted[Math.floor(times * 0.9)] };
}

async function fill(kind, target) {
  const sqlite = kind === 'sqlite' ? new Database(target) : undefined;
  const client = kind === 'postgres' ? new pg.Client({ connectionString: target }) : undefined;
  await client?.connect();
  const all = async (sql) => (sqlite ? sqlite.prepare(sql).all() : (await client.query(sql)).rows);
  const exec = async (sql) => (sqlite ? sqlite.exec(sql) : client.query(sql));
  const insert = async (table, columns, rows) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      let n = 0;
      const values = chunk.map(() => `(${columns.map(() => (sqlite ? '?' : `$${++n}`)).join(', ')})`).join(', ');
      const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`;
      const args = chunk.flat();
      if (sqlite) sqlite.prepare(sql).run(...args);
      else await client.query(sql, args);
    }
  };
  const samples = await all('SELECT id, location, work_duration, client, category_id, picture FROM projects ORDER BY id');
  const texts = await all('SELECT project_id, field, language, content, content_folded FROM project_texts');
  const maxId = Number((await all('SELECT MAX(id) AS m FROM projects'))[0].m);
  const start = Date.parse('2023-01-01T00:00:00Z');
  const projectRows = [];
  const textRows = [];
  for (let n = samples.length; n < projects; n++) {
    const id = maxId + 1 + n - samples.length;
    const sample = samples[n % samples.length];
    const at = new Date(start - n * 3_600_000).toISOString();
    projectRows.push([id, sample.location, sample.work_duration, sample.client, sample.category_id, sample.picture, at, at]);
    for (const t of texts.filter((x) => x.project_id === sample.id)) {
      const suffix = t.field === 'title' ? ` (${n})` : '';
      textRows.push([id, t.field, t.language, t.content + suffix, t.content_folded + suffix]);
    }
  }
  await exec('BEGIN');
  await insert(
    'projects',
    ['id', 'location', 'work_duration', 'client', 'category_id', 'picture', 'created_at', 'updated_at'],
    projectRows,
  );
  await insert('project_texts', ['project_id', 'field', 'language', 'content', 'content_folded'], textRows);
  // Written past the application: tell every instance that what it kept is out of date.
  await exec(`UPDATE settings SET value = 'bench-${Date.now()}' WHERE key = 'content_version'`);
  await exec('COMMIT');
  if (client) {
    await exec("SELECT setval('projects_id_seq', (SELECT MAX(id) FROM projects))");
    await exec('VACUUM ANALYZE');
  } else {
    await exec('ANALYZE');
  }
  sqlite?.close();
  await client?.end();
}

async function apiRun(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-projects-'));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `blitz_bench_${process.pid}`;
    const adminUrl = new URL(postgresUrl);
    const client = new pg.Client({ connectionString: adminUrl.href });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl.href });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  try {
    await fill(kind, databaseUrl ?? path.join(dataDir, 'site.sqlite'));
    const categories = (await (await fetch(`${server.url}/api/v1/Category?Language=2`)).json()).data;
    const industry = categories.find((c) => c.name === 'Rechenzentren') ?? categories[0];
    const paths = {
      unfiltered: '/api/v1/Project?PageLength=10',
      title: `/api/v1/Project?PageLength=10&Title=${encodeURIComponent('umspannwerk')}`,
      category: `/api/v1/Project?PageLength=10&CategoryID=${industry.id}`,
    };
    const answers = new Map();
    const brAnswers = new Map();
    for (const p of Object.values(paths)) {
      const res = await fetch(server.url + p);
      answers.set(p, await res.text());
      brAnswers.set(p, await brAnswer(server.url + p));
    }
    const count = JSON.parse(answers.get(paths.unfiltered)).count;
    const pageCount = Math.ceil(count / 10);
    let next = 0;
    const cycling = () => `/api/v1/Project?PageLength=10&PageNumber=${(next++ % pageCount) + 1}`;
    const bumper = await versionBumper(kind, databaseUrl ?? path.join(dataDir, 'site.sqlite'));
    const cold = {};
    for (const [name, p] of Object.entries(paths)) cold[name] = await uncached(server.url + p, bumper);
    cold.pages = await uncached(server.url + `/api/v1/Project?PageLength=10&PageNumber=${pageCount / 2}`, bumper);
    await bumper.close();
    const bare = await startBare(answers, brAnswers);
    // Server and bare route measured in turns, the median of each kept: other load on the
    // machine then weighs on both alike.
    const rows = {};
    const plain = [...Object.entries(paths), ['pages', cycling]];
    const all = [...plain, ...plain.map(([name, p]) => [`${name} br`, p, browser])];
    for (const [name, p, headers] of all) {
      if (onlyQueries && !onlyQueries.includes(name)) continue;
      const serverRuns = [];
      const bareRuns = [];
      for (let round = 0; round < rounds; round++) {
        serverRuns.push(await measure(server.url, p, headers));
        bareRuns.push(await measure(bare.url, p, headers));
      }
      const sample = answers.get(typeof p === 'string' ? p : paths.unfiltered);
      rows[name] = {
        server: medianRun(serverRuns),
        serverRange: [Math.min(...serverRuns.map((r) => r.rps)), Math.max(...serverRuns.map((r) => r.rps))],
        bare: medianRun(bareRuns),
        bytes: sample.length,
        count: JSON.parse(sample).count,
        cold: cold[name.replace(/ br$/, '')],
      };
    }
    await bare.stop();
    await server.stop();
    return { count, rows };
  } finally {
    await server.stop().catch(() => {});
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A 12-megapixel photo-like JPEG (sky, a building with windows, textured ground, sensor grain) with EXIF. */
async function photo(seed) {
  const width = 4000;
  const height = 3000;
  const buf = Buffer.alloc(width * height * 3);
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const grid = Array.from({ length: 66 * 50 }, rnd);
  const noise = (x, y) => {
    const gx = x / 64,
      gy = y / 64,
      ix = gx | 0,
      iy = gy | 0,
      fx = gx - ix,
      fy = gy - iy;
    const g = (a, b) => grid[(b % 50) * 66 + (a % 66)];
    return (
      g(ix, iy) * (1 - fx) * (1 - fy) +
      g(ix + 1, iy) * fx * (1 - fy) +
      g(ix, iy + 1) * (1 - fx) * fy +
      g(ix + 1, iy + 1) * fx * fy
    );
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r, g, b;
      if (y < height * 0.5) {
        const t = y / (height * 0.5);
        r = 90 + 110 * t;
        g = 140 + 90 * t;
        b = 210 + 35 * t;
      } else {
        const n = noise(x, y) * 0.6 + noise(x * 4, y * 4) * 0.4;
        r = 70 + 70 * n;
        g = 90 + 80 * n;
        b = 50 + 40 * n;
      }
      if (x > 700 && x < 3300 && y > 800 && y < 2100) {
        const wx = (x - 700) % 160,
          wy = (y - 800) % 200;
        r = g = 140 + 20 * noise(x * 8, y * 8);
        b = r + 5;
        if (wx > 30 && wx < 130 && wy > 40 && wy < 150) {
          r = 40 + 40 * noise(x * 3, y * 3);
          g = 60 + 40 * noise(y, x);
          b = 90 + 50 * noise(x * 2, y);
        }
      }
      const grain = (rnd() - 0.5) * 10;
      const i = (y * width + x) * 3;
      buf[i] = Math.max(0, Math.min(255, r + grain));
      buf[i + 1] = Math.max(0, Math.min(255, g + grain));
      buf[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return sharp(buf, { raw: { width, height, channels: 3 } })
    .blur(0.5)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Bench', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 7/1 58/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 55/1 1/1' },
    })
    .toBuffer();
}

async function uploads() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-upload-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const { jwtToken } = await (
      await fetch(`${server.url}/api/v1/login/Auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json();
    const times = [];
    let created;
    let jpegBytes = 0;
    for (let i = 0; i < 3; i++) {
      const jpeg = await photo(7 + i);
      jpegBytes = jpeg.length;
      const body = JSON.stringify({
        title: [{ content: `Upload ${i}`, language: 2 }],
        picture: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      });
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/Project`, {
        method: 'POST',
        headers: { authorization: `Bearer ${jwtToken}`, 'content-type': 'application/json' },
        body,
      });
      created = await res.json();
      times.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(created)}`);
    }
    const size = async (url) => Number((await fetch(server.url + url, { method: 'HEAD' })).headers.get('content-length'));
    const card = async (project, type) => size(project.pictureSources.find((s) => s.width === 960 && s.type === type).url);
    const photoCard = { avif: await card(created, 'image/avif'), webp: await card(created, 'image/webp') };
    const samples = (await (await fetch(`${server.url}/api/v1/Project?PageLength=100`)).json()).data.filter(
      (p) => !p.title[0].content.startsWith('Upload'),
    );
    const sampleCards = { avif: [], webp: [] };
    for (const p of samples) {
      sampleCards.avif.push(await card(p, 'image/avif'));
      sampleCards.webp.push(await card(p, 'image/webp'));
    }
    const stored = `${created.pictureWidth}×${created.pictureHeight}, ${created.pictureSources.length} variants`;
    return { times: times.map(Math.round), jpegBytes, stored, photoCard, sampleCards };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of databases) {
  const { count, rows } = await apiRun(kind);
  const loadNow = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\n${kind}: ${count} projects, ${connections} connections, medians of ${rounds} runs of ${duration} s, in turns; load average after: ${loadNow}`,
  );
  console.log(
    '| query | server req/s (min–max) | p99 ms | bare req/s | bare p99 ms | ratio | uncached ms (median / p90) | JSON bytes | bytes on the wire | matches | errors |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, row] of Object.entries(rows)) {
    const ratio = row.server.rps / row.bare.rps;
    console.log(
      `| ${name} | ${row.server.rps} (${row.serverRange.join('–')}) | ${row.server.p99} | ${row.bare.rps} | ${row.bare.p99} | ${ratio.toFixed(2)} | ${row.cold.median.toFixed(1)} / ${row.cold.p90.toFixed(1)} | ${row.bytes} | ${row.server.bytesPerRequest} | ${row.count} | ${row.server.errors + row.bare.errors} |`,
    );
  }
  console.log(
    `(pages: PageNumber 1…${Math.ceil(count / 10)} in turn, every answer read from the database; its uncached ms is page ${Math.ceil(count / 10) / 2})`,
  );
  if (kind === 'sqlite' && rows.unfiltered) {
    const u = rows.unfiltered;
    const ok = u.server.rps / u.bare.rps >= 0.6 && u.server.p99 <= 50;
    console.log(ok ? 'OK: unfiltered ratio ≥ 0.6 and p99 ≤ 50 ms' : 'NOT OK: unfiltered ratio < 0.6 or p99 > 50 ms');
  }
}

if (process.env.SKIP_UPLOADS) process.exit(0);
const u = await uploads();
console.log(
  `\n12-megapixel JPEG (${kb(u.jpegBytes)}) POST /api/v1/Project, ms: ${u.times.join(', ')} (median ${median(u.times)}; goal < 1500); stored ${u.stored}`,
);
console.log(
  `gallery card picture (960 px wide = twice a 400 px card) of that photo: AVIF ${kb(u.photoCard.avif)} (goal ≤ 25 KB), WebP ${kb(u.photoCard.webp)} (goal ≤ 35 KB)`,
);
console.log(
  `the sample illustrations' 960 px pictures: AVIF median ${kb(median(u.sampleCards.avif))}, max ${kb(Math.max(...u.sampleCards.avif))}; WebP median ${kb(median(u.sampleCards.webp))}, max ${kb(Math.max(...u.sampleCards.webp))}`,
);
