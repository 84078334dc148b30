// Issue 27, point 11: a public page asked for under many addresses that differ only in a query
// parameter the page does not read (/Projects?x=1, ?x=2, …). AMOUNT (4500) requests, each with
// its own parameter, over CONNECTIONS (10) connections, against the built server on SQLite with
// the sample content (the gallery, rendered per request and kept per address). Meanwhile
// /healthz is asked every 100 ms, one request at a time, and the server's resident memory is
// sampled every 100 ms from /proc. Prints the flood's req/s, /healthz p50/p90/max during it,
// RSS before, at most and after, and how many pages the cache missed (from /metrics).
// Run: npm run build && npm run bench -- page-query-flood   (not a CI gate; docs/benchmarks.md)
// Options (environment): AMOUNT (4500), CONNECTIONS (10), PAGE (/Projects), SERVER (another server.js).
import autocannon from 'autocannon';
import { startBuiltServer } from './lib/built-server.mjs';

const amount = Number(process.env.AMOUNT ?? 4500);
const connections = Number(process.env.CONNECTIONS ?? 10);
const page = process.env.PAGE ?? '/Projects';
const metricsToken = 'bench-metrics-token-0123456789abcdef';

const server = await startBuiltServer('page-query-flood', { SEED_SAMPLE: 'true', METRICS_TOKEN: metricsToken });
const { url, rssMb } = server;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
async function timed(path) {
  const started = performance.now();
  const res = await fetch(url + path);
  await res.arrayBuffer();
  return performance.now() - started;
}
async function pageMisses() {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = res.ok ? await res.text() : '';
  const match = /blitz_cache_lookups_total\{cache="page",result="miss"\} (\d+)/.exec(text);
  return match ? Number(match[1]) : NaN;
}

// Warm: the page once, and /healthz at rest.
await timed(page);
const rest = [];
for (let i = 0; i < 20; i++) {
  rest.push(await timed('/healthz'));
  await new Promise((r) => setTimeout(r, 50));
}
rest.sort((a, b) => a - b);
const rssBefore = rssMb();
const missesBefore = await pageMisses();

let rssMax = rssBefore;
const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb())), 100);
let flooding = true;
const health = [];
const prober = (async () => {
  while (flooding) {
    health.push(await timed('/healthz'));
    await new Promise((r) => setTimeout(r, 100));
  }
})();

let n = 0;
const separator = page.includes('?') ? '&' : '?';
const result = await new Promise((resolve, reject) =>
  autocannon(
    {
      url: url + page,
      connections,
      amount,
      headers: { 'accept-encoding': 'br' },
      requests: [{ setupRequest: (request) => ({ ...request, path: `${page}${separator}x=${++n}` }) }],
    },
    (error, r) => (error ? reject(error) : resolve(r)),
  ),
);
flooding = false;
await prober;
clearInterval(sampler);
const missesAfter = await pageMisses();
const rssAfter = rssMb();
health.sort((a, b) => a - b);

console.log(
  `${amount} requests, each ${page}${separator}x=<n> with its own n, over ${connections} connections (SQLite, sample content)`,
);
console.log(
  '| req/s | p50 ms | p99 ms | non-2xx | errors | page cache misses | /healthz p50 ms (at rest) | /healthz p90 ms | /healthz max ms | RSS MB before / max / after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
console.log(
  `| ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors + result.timeouts} | ${missesAfter - missesBefore} | ${quantile(health, 0.5).toFixed(1)} (${quantile(rest, 0.5).toFixed(1)}) | ${quantile(health, 0.9).toFixed(1)} | ${health.at(-1).toFixed(1)} | ${rssBefore.toFixed(0)} / ${rssMax.toFixed(0)} / ${rssAfter.toFixed(0)} |`,
);

await server.stop();
