// Where a CPU profile's time went: `node bench/lib/cpu-profile-summary.mjs FILE.cpuprofile [N]`
// prints the share of samples per function (self time, the N largest) and per area (idle, GC,
// SQLite, PostgreSQL driver, Kysely, compression, JSON, Fastify, the app's own code, other), so
// that a `node --cpu-prof` run of a benchmark (projects-api.mjs: CPU_PROF_DIR) says where its
// time goes without opening a profiler.
import fs from 'node:fs';

const [file, top = '25'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const areas = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['compression (zlib, brotli)', (f, u) => /zlib|brotli/i.test(u) || /brotli|zlib|gzip|deflate/i.test(f.functionName)],
  ['SQLite (better-sqlite3)', (f, u) => u.includes('better-sqlite3')],
  ['PostgreSQL driver (pg)', (f, u) => /node_modules\/pg/.test(u)],
  ['Kysely', (f, u) => u.includes('kysely')],
  ['JSON', (f) => /^(stringify|parse|JSON\.)/.test(f.functionName) || f.functionName.includes('JSON')],
  ['Fastify and plugins', (f, u) => /fastify|find-my-way|avvio|light-my-request|@fastify/.test(u)],
  ['zod', (f, u) => u.includes('/zod/')],
  ['Node.js (net, http, streams)', (f, u) => u.startsWith('node:')],
  ['the app (server/dist, server/src)', (f, u) => /server\/(dist|src)/.test(u)],
  ['program / native', (f) => f.functionName === '(program)' || f.functionName === ''],
];

const perArea = new Map();
const perFunction = new Map();
for (const [id, time] of self) {
  const node = byId.get(id);
  const f = node.callFrame;
  const url = f.url ?? '';
  const area = areas.find(([, test]) => test(f, url))?.[0] ?? 'other';
  perArea.set(area, (perArea.get(area) ?? 0) + time);
  const name = `${f.functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/server\//, 'server/')}:${f.lineNumber + 1}`;
  perFunction.set(name, (perFunction.get(name) ?? 0) + time);
}
const pct = (t) => `${((100 * t) / total).toFixed(1)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\n| area | share |\n| --- | --- |');
for (const [area, time] of [...perArea].sort((a, b) => b[1] - a[1])) console.log(`| ${area} | ${pct(time)} |`);
console.log(`\n| function (self time) | share |\n| --- | --- |`);
for (const [name, time] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`| ${name} | ${pct(time)} |`);
