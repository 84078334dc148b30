// What a table of 5,000 redirects adds to a page request (issue 43, decision 047; the goal: at most
// 2 %). Built servers on SQLite with the sample content, side by side: one without redirects, one
// with REDIRECTS (5,000) imported as a WordPress site's old addresses would be (a tenth of them
// `/?p=ID`, so that a query is looked at too), and, unless CONTROL=off, a second one without, to
// show how far two identical servers differ here (the noise floor). Each page request is loaded
// with autocannon for DURATION (8) seconds at CONNECTIONS (20), in ROUNDS (5) rounds, the servers
// in a turning order within each round; per run the request rate, p99 and the server's CPU time
// per request (user + system, from /proc: the cost itself, less blurred by a loaded machine than
// a rate). Printed: median (min–max) of the rounds, and the ratios to the server without
// redirects per round.
//
// The cases: the home page as kept and replayed before Fastify (decision 039: the redirect hook
// is not on its path, as for most page views), and the same page revalidated by a browser
// (`If-None-Match`: Fastify answers 304 from the page cache after the redirect hook), without and
// with a query (`?utm_source=…`: the hook looks for WordPress's ?p= among its parameters).
// STATISTICS (off) as in kept-page-vs-nginx.mjs.
//
// Then the redirect hook's lookup alone (`matchIn` of redirect-table.ts, bundled from the source
// with esbuild), in this process, on the same 5,000 addresses and on none: nanoseconds per
// lookup for the cases' addresses, beside the CPU a request costs the server.
//
// Run: npm run build && npm run bench -- redirects   (not a CI gate; docs/benchmarks.md has the figures)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { startBuiltServer } from './lib/built-server.mjs';

const rounds = Number(process.env.ROUNDS ?? 5);
const duration = Number(process.env.DURATION ?? 8);
const connections = Number(process.env.CONNECTIONS ?? 20);
const redirects = Number(process.env.REDIRECTS ?? 5000);
const control = process.env.CONTROL !== 'off';
const admin = { username: 'bench', password: 'bench-password-123456' };
const env = {
  SEED_SAMPLE: 'true',
  STATISTICS: process.env.STATISTICS ?? 'off',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  SECOND_FACTOR: 'optional',
};

const withTable = `${redirects} redirects`;
// Labels that are not numbers: an object keeps them in this order.
const servers = {
  none: await startBuiltServer('redirects-none', env),
  [withTable]: await startBuiltServer('redirects-table', env),
  ...(control ? { 'none (control)': await startBuiltServer('redirects-control', env) } : {}),
};
const table = servers[withTable];

async function call(base, method, route, { body, token, csv } = {}) {
  const headers = {
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(csv ? { 'content-type': 'text/csv' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const res = await fetch(base + route, { method, headers, body: csv ?? (body ? JSON.stringify(body) : undefined) });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

// A WordPress site's old addresses: posts by slug and by date, pages, and ?p= ids; each to a page here.
const targets = ['/contactus', '/aboutus', '/Projects', '/services', '/jobs', '/impressum'];
const lines = ['from,to'];
for (let i = 0; i < redirects; i++) {
  const from =
    i % 10 === 0
      ? `/?p=${1000 + i}`
      : i % 3 === 0
        ? `/${2010 + (i % 14)}/${String(1 + (i % 12)).padStart(2, '0')}/blitzschutz-anlage-${i}/`
        : `/referenzen/blitzschutz-objekt-${i}/`;
  lines.push(`${from},${i % 2 ? `/project/${1 + (i % 24)}` : targets[i % targets.length]}`);
}
const token = (await call(table.url, 'POST', '/api/v1/login/Auth', { body: admin })).jwtToken;
const importStarted = performance.now();
const imported = await call(table.url, 'POST', '/api/v1/Redirect/Import', { token, csv: lines.join('\n') });
const importMs = performance.now() - importStarted;
if (imported.created !== redirects) throw new Error(`imported ${JSON.stringify(imported)}`);
for (const [old, to] of [
  ['/Referenzen/Blitzschutz-Objekt-1', '/project/2'],
  ['/?lang=de&p=1000', '/contactus'],
]) {
  const res = await fetch(table.url + old, { redirect: 'manual' });
  if (res.status !== 301 || res.headers.get('location') !== to)
    throw new Error(`${old}: ${res.status} ${res.headers.get('location')}`);
}

const encoding = { 'accept-encoding': 'br' };
const etag = async (base, path) => {
  const res = await fetch(base + path, { headers: encoding });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.headers.get('etag');
};
const cases = {
  'GET / (kept, replayed)': { path: '/', headers: () => encoding, status: '2xx' },
  'GET / revalidated (304)': {
    path: '/',
    headers: async (base) => ({ ...encoding, 'if-none-match': await etag(base, '/') }),
    status: '3xx',
  },
  'GET /?utm_… revalidated (304)': {
    path: '/?utm_source=newsletter&utm_medium=email',
    headers: async (base) => ({ ...encoding, 'if-none-match': await etag(base, '/?utm_source=newsletter&utm_medium=email') }),
    status: '3xx',
  },
};
// Made and kept before the load (and its forms remade at the best quality, lib/encoded-body.ts).
for (const server of Object.values(servers)) for (const { path } of Object.values(cases)) await etag(server.url, path);
await new Promise((r) => setTimeout(r, 2000));
const headersOf = {};
for (const [name, { headers }] of Object.entries(cases)) {
  headersOf[name] = {};
  for (const [label, server] of Object.entries(servers)) headersOf[name][label] = await headers(server.url);
}

/** User and system CPU of a process in µs, from /proc (clock ticks of 10 ms). */
const cpuMicros = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

async function load(server, path, headers, status) {
  const before = cpuMicros(server.pid);
  const result = await autocannon({ url: server.url + path, connections, duration, headers });
  const cpu = cpuMicros(server.pid) - before;
  const others = ['1xx', '2xx', '3xx', '4xx', '5xx'].filter((c) => c !== status).map((c) => result[c]);
  if (result.errors || result.timeouts || !result[status] || others.some((n) => n > 0))
    throw new Error(`${path}: not all ${status}: ${JSON.stringify({ errors: result.errors, others })}`);
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest: cpu / result.requests.total };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};
const show = (values, digits = 1) => {
  const { median, min, max } = stats(values);
  return `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
};

const labels = Object.keys(servers);
const results = Object.fromEntries(Object.keys(cases).map((name) => [name, Object.fromEntries(labels.map((l) => [l, []]))]));
const loads = [os.loadavg()[0]];
console.log(
  `${redirects} redirects imported in ${(importMs / 1000).toFixed(1)} s; autocannon ${connections} connections, ${duration} s a run, ${rounds} rounds; load average ${loads[0].toFixed(1)} on ${os.cpus().length} CPUs`,
);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, { path, status }] of Object.entries(cases)) {
      // Each server first, second and last in turn, so that none always runs after the same one.
      const order = labels.map((_, i) => labels[(i + round) % labels.length]);
      for (const label of order) {
        const r = await load(servers[label], path, headersOf[name][label], status);
        results[name][label].push(r);
        console.log(
          `round ${round + 1} ${name}, ${label}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.cpuPerRequest.toFixed(1)} µs CPU/request`,
        );
      }
    }
    loads.push(os.loadavg()[0]);
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
}

console.log(
  `\nmedian (min–max) of ${rounds} rounds; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
for (const [name, byServer] of Object.entries(results)) {
  console.log(name);
  for (const [label, list] of Object.entries(byServer)) {
    console.log(
      `  ${label.padEnd(16)} ${show(
        list.map((r) => r.rps),
        0,
      )} req/s, p99 ${show(
        list.map((r) => r.p99),
        0,
      )} ms, CPU ${show(list.map((r) => r.cpuPerRequest))} µs/request`,
    );
  }
  for (const label of labels.slice(1)) {
    const ratio = (key) => byServer[label].map((r, i) => r[key] / byServer.none[i][key]);
    console.log(
      `  ${label} / none per round: req/s ${show(ratio('rps'), 3)}, CPU per request ${show(ratio('cpuPerRequest'), 3)}`,
    );
  }
}

// The lookup alone, as the hook makes it for every page request that reaches Fastify.
const root = path.resolve(import.meta.dirname, '..');
const serverPackage = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
// Inside the repository, so that the npm packages left out of the bundle are found.
const bundle = path.join(root, 'node_modules/.cache/bench-redirect-table.mjs');
await build({
  stdin: {
    contents: "export { matchIn } from './redirect-table'; export { fromKey } from './redirect-paths';",
    resolveDir: path.join(root, 'server/src/modules/redirects'),
    loader: 'ts',
  },
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  external: Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@blitz/')),
  logLevel: 'warning',
});
const { matchIn, fromKey } = await import(bundle);
fs.rmSync(bundle);
const snapshotOf = (froms) => {
  const byKey = new Map(froms.map((from, id) => [fromKey(from), { id, to: '/contactus', keepQuery: false }]));
  return { version: '1', byKey, withQueryForms: [...byKey.keys()].some((k) => k.includes('?')), notFoundAnswer: 'redirectHome' };
};
const snapshots = { none: snapshotOf([]), [withTable]: snapshotOf(lines.slice(1).map((line) => line.split(',')[0])) };
const addresses = ['/', '/?utm_source=newsletter&utm_medium=email', '/project/12', '/Referenzen/Blitzschutz-Objekt-1/'];
const lookups = 1_000_000;
console.log(
  `\nthe lookup alone (matchIn), ns per call: median (min–max) of ${rounds} rounds of ${lookups.toLocaleString('en')} calls`,
);
for (const address of addresses) {
  const ns = Object.fromEntries(Object.keys(snapshots).map((label) => [label, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, snapshot] of Object.entries(snapshots)) {
      let found = 0;
      const started = process.hrtime.bigint();
      for (let i = 0; i < lookups; i++) if (matchIn(snapshot, address)) found++;
      ns[label].push(Number(process.hrtime.bigint() - started) / lookups);
      if (label === 'none' && found) throw new Error('a match without redirects');
    }
  }
  console.log(
    `  ${address.padEnd(42)} ${Object.entries(ns)
      .map(([label, list]) => `${label} ${show(list, 0)}`)
      .join(', ')}`,
  );
}
