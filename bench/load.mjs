// Load on the public reads: CONNECTIONS (100) connections for DURATION (30) seconds each, one
// after another, on the gallery API (GET /api/v1/Project?PageLength=10, plain and as a browser
// asks for it, with Accept-Encoding: br, which the server compresses per request), on the prerendered home
// page (GET /, sent compressed as a browser asks: Accept-Encoding: br) and on the gallery page
// (GET /Projects, rendered per request, also br), against the built server on SQLite with the
// sample content. Prints req/s, latency p50/p99/max, errors (connection errors, timeouts) and
// non-2xx answers per URL, and the server's resident memory (sampled every 100 ms from /proc).
// The inquiry part of the load issue (20 connections posting inquiries with attachments, stored
// rows = 2xx answers, every mail delivered) is bench/contact-upload.mjs.
// Run: npm run build && npm run bench -- load   (not a CI gate; docs/benchmarks.md has the figures)
// Options (environment): CONNECTIONS (100), DURATION (30), SERVER (default server/dist/server.js),
// SERVER_LOG (a file: the server then logs at LOG_LEVEL, default info, into it as it does in
// production, and the log's growth under load is printed per URL and per minute).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { startBuiltServer } from './lib/built-server.mjs';

const connections = Number(process.env.CONNECTIONS ?? 100);
const duration = Number(process.env.DURATION ?? 30);

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const logFile = process.env.SERVER_LOG;
const logBytes = () => (logFile ? fs.statSync(logFile).size : 0);

const server = await startBuiltServer(
  'load',
  {
    SEED_SAMPLE: 'true',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'bench-password-123456',
    ...(logFile ? { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } : {}),
  },
  { logFile },
);
const { url, rssMb } = server;

const targets = [
  { name: 'GET /api/v1/Project?PageLength=10', path: '/api/v1/Project?PageLength=10', headers: {} },
  // As a browser's fetch asks for it: the JSON is then compressed per request.
  { name: 'GET /api/v1/Project?PageLength=10 (br)', path: '/api/v1/Project?PageLength=10', headers: { 'accept-encoding': 'br' } },
  { name: 'GET / (prerendered, br)', path: '/', headers: { 'accept-encoding': 'br' } },
  { name: 'GET /Projects (rendered per request, br)', path: '/Projects', headers: { 'accept-encoding': 'br' } },
];

// What each answers, once, before the load: status, encoding and size on the wire.
for (const target of targets) {
  const res = await new Promise((resolve, reject) =>
    http
      .get(url + target.path, { headers: target.headers }, (r) => {
        let bytes = 0;
        r.on('data', (chunk) => (bytes += chunk.length));
        r.on('end', () => resolve({ status: r.statusCode, headers: r.headers, bytes }));
      })
      .on('error', reject),
  );
  target.check = `${res.status} ${res.headers['content-type'].split(';')[0]}, ${res.headers['content-encoding'] ?? 'identity'}`;
  if (res.status !== 200) throw new Error(`${target.path} answered ${res.status}`);
  target.wireBytes = res.bytes;
}

console.log(`machine: ${os.cpus().length} cores, load average ${loadAverage()}`);
console.log(`${connections} connections, ${duration} s per URL, one URL after another; server on SQLite with the sample content`);
const rows = [];
const rssIdle = rssMb();
let rssMax = rssIdle;
let phaseRssMax = rssIdle;
const sampler = setInterval(() => {
  const rss = rssMb();
  rssMax = Math.max(rssMax, rss);
  phaseRssMax = Math.max(phaseRssMax, rss);
}, 100);
for (const target of targets) {
  phaseRssMax = rssMb();
  const logStart = logBytes();
  const started = Date.now();
  const result = await new Promise((resolve, reject) =>
    autocannon({ url: url + target.path, headers: target.headers, connections, duration, pipelining: 1 }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  );
  rows.push({
    target,
    result,
    rssMax: phaseRssMax,
    load: loadAverage(),
    log: { bytes: logBytes() - logStart, ms: Date.now() - started },
  });
}
clearInterval(sampler);
const rssAfter = rssMb();

console.log(
  '| URL | answer | req/s | p50 ms | p99 ms | max ms | requests | errors | timeouts | non-2xx | MB/s | RSS max MB | load avg after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { target, result, load, rssMax: phaseRss } of rows) {
  console.log(
    `| ${target.name} | ${target.check}, ${target.wireBytes} B | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result.requests.total} | ${result.errors} | ${result.timeouts} | ${result.non2xx} | ${(result.throughput.average / 1024 / 1024).toFixed(1)} | ${phaseRss.toFixed(0)} | ${load} |`,
  );
}
console.log(`server RSS MB: idle ${rssIdle.toFixed(0)}, max ${rssMax.toFixed(0)}, after ${rssAfter.toFixed(0)}`);
if (logFile) {
  // Lines are written as the answers go out: a little may still be on its way; wait for it.
  await new Promise((r) => setTimeout(r, 500));
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  console.log('| URL | log bytes | requests | bytes per request | log MB per minute |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const { target, result, log } of rows) {
    console.log(
      `| ${target.name} | ${log.bytes} | ${result.requests.total} | ${(log.bytes / Math.max(1, result.requests.total)).toFixed(0)} | ${mb((log.bytes / log.ms) * 60_000)} |`,
    );
  }
  const bytes = rows.reduce((sum, r) => sum + r.log.bytes, 0);
  const ms = rows.reduce((sum, r) => sum + r.log.ms, 0);
  console.log(
    `log under load: ${mb(bytes)} MB in ${(ms / 1000).toFixed(0)} s = ${mb((bytes / ms) * 60_000)} MB per minute (file ${logFile}, ${logBytes()} bytes in all)`,
  );
}
const failed = rows.filter(({ result }) => result.errors + result.timeouts + result.non2xx > 0);
console.log(
  failed.length === 0 ? 'OK: 0 errors, 0 non-2xx' : `NOT OK: errors or non-2xx on ${failed.map((r) => r.target.path).join(', ')}`,
);

await server.stop();
