// What rendering every public page with the staff's texts and company details costs (issue 16,
// decision 022): the first byte of the home page under load (CONNECTIONS, 20) as built
// (prerendered: the shipped texts) against the same page rendered with a published text and
// kept per content version; then how long a publish takes to show: the time from sending
// `POST /Text/Publish` to the first `GET /` that has the new text (polled back to back).
// The built server on SQLite; RUNS (5) runs of DURATION (10) seconds per case, alternating;
// printed as median and min–max. BEFORE names the server.js of an older build (e.g. a worktree of
// the release before this one) to load its prerendered home page in the same rounds.
// Run: npm run build && npm run bench -- page-content   (not a CI gate; docs/benchmarks.md has the figures)
import os from 'node:os';
import autocannon from 'autocannon';
import { startBuiltServer } from './lib/built-server.mjs';

const connections = Number(process.env.CONNECTIONS ?? 20);
const duration = Number(process.env.DURATION ?? 10);
const runs = Number(process.env.RUNS ?? 5);
const admin = { username: 'bench', password: 'bench-password-123456' };

const server = await startBuiltServer('page-content', {
  SEED_SAMPLE: 'true',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  SECOND_FACTOR: 'optional',
});
const { url } = server;

async function call(method, route, body, token) {
  const headers = {
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const res = await fetch(url + route, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}
const token = (await call('POST', '/api/v1/login/Auth', admin)).jwtToken;
const before = process.env.BEFORE
  ? await startBuiltServer('page-content-before', { SEED_SAMPLE: 'true' }, { entry: process.env.BEFORE })
  : undefined;
const slogan = (content) =>
  call('PUT', '/api/v1/Text', { namespace: 'homepage', key: 'hero.slogan', language: 'de', content }, token);

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { median, min: sorted[0], max: sorted.at(-1) };
};
const show = ({ median, min, max }, digits = 1) => `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;

async function load(base = url) {
  const result = await autocannon({ url: `${base}/`, connections, duration, headers: { 'accept-encoding': 'br' } });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`non-2xx ${result.non2xx}, errors ${result.errors}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Sets the page as built (the shipped slogan) or rendered (a published one), then loads it. */
const cases = {
  prerendered: async () => {
    await slogan(null);
    await call('POST', '/api/v1/Text/Publish', undefined, token);
  },
  rendered: async () => {
    await slogan('Wir leiten Blitze sicher in die Erde – seit 2005.');
    await call('POST', '/api/v1/Text/Publish', undefined, token);
  },
};

console.log(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const results = { prerendered: [], rendered: [], ...(before ? { before: [] } : {}) };
for (let run = 0; run < runs; run++) {
  if (before) results.before.push(await load(before.url));
  for (const [name, prepare] of Object.entries(cases)) {
    await prepare();
    await fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } }); // rendered and kept before the load
    results[name].push(await load());
  }
}
for (const [name, list] of Object.entries(results)) {
  console.log(
    `GET / ${name.padEnd(11)} ${connections} connections: req/s ${show(stats(list.map((r) => r.rps)), 0)}, ` +
      `p50 ms ${show(stats(list.map((r) => r.p50)))}, p99 ms ${show(stats(list.map((r) => r.p99)))}`,
  );
}

// From publish to the first page with the new text.
const visible = [];
for (let i = 0; i < 10; i++) {
  const text = `Blitzschutz, Probe ${i} – ${Date.now()}`;
  await slogan(text);
  const started = performance.now();
  await call('POST', '/api/v1/Text/Publish', undefined, token);
  for (;;) {
    const html = await (await fetch(`${url}/`)).text();
    if (html.includes(text)) break;
  }
  visible.push(performance.now() - started);
}
console.log(`publish → visible on GET /: ms ${show(stats(visible))} (10 publishes)`);
console.log(
  `load average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await server.stop();
await before?.stop();
