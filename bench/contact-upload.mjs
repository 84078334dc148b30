// Load on POST /api/v1/Contact: CONCURRENCY clients each sending an inquiry with one SIZE_MB PDF,
// again and again for DURATION seconds, against the built server with a local SMTP server taking
// the mails (so the outbox sends them meanwhile). Counts answers and errors, and samples the
// server's resident memory (it streams uploads to disk; it must not hold whole bodies).
// Then it checks what was kept: the inquiry rows in the SQLite file under DATA_DIR must equal the
// 201 answers, and it waits (at most MAIL_WAIT seconds) until every inquiry's mail has reached the
// local SMTP server, each parsed (mailparser) and its attachment compared with the file sent.
// Run: npm run build && npm run bench -- contact   (not a CI gate)
// Options (environment): CONCURRENCY (20), SIZE_MB (5), DURATION (30), MAIL_WAIT (1200).
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startBuiltServer } from './lib/built-server.mjs';

const concurrency = Number(process.env.CONCURRENCY ?? 20);
const sizeMb = Number(process.env.SIZE_MB ?? 5);
const durationMs = Number(process.env.DURATION ?? 30) * 1000;
const mailWaitMs = Number(process.env.MAIL_WAIT ?? 1200) * 1000;

// One PDF-looking file per client (random content, so nothing compresses it away).
const files = Array.from({ length: concurrency }, () =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(sizeMb * 1024 * 1024 - 16), Buffer.from('\n%%EOF\n')]),
);
const fileHashes = files.map((file) => crypto.createHash('sha256').update(file).digest('hex'));

// Every mail is taken at once (the outbox is not kept waiting), then parsed in turn: its inquiry
// reference (header) is noted, its attachment compared with the file that client sent.
let mails = 0;
const delivered = new Set();
const badMails = [];
let lastMailAt = 0;
let parsing = Promise.resolve();
async function check(raw) {
  try {
    const mail = await simpleParser(raw);
    const reference = mail.headers.get('x-inquiry-reference');
    const file = mail.attachments[0];
    const index = Number(/^plan-(\d+)\.pdf$/.exec(file?.filename ?? '')?.[1]);
    const intact =
      mail.attachments.length === 1 && crypto.createHash('sha256').update(file.content).digest('hex') === fileHashes[index];
    if (!reference || !intact || delivered.has(reference)) badMails.push(reference ?? 'no reference');
    else delivered.add(reference);
  } catch (error) {
    badMails.push(`unparsable: ${error.message}`);
  }
}
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 64 * 1024 * 1024,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      mails++;
      lastMailAt = performance.now();
      callback();
      const raw = Buffer.concat(chunks);
      parsing = parsing.then(() => check(raw));
    });
  },
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));

const server = await startBuiltServer('contact', {
  SEED_SAMPLE: 'false',
  SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
  CONTACT_RATE_LIMIT: '1000000',
  CONTACT_MIN_FILL_SECONDS: '0',
  CONFIRMATION_MAIL: 'false',
});
const { url, dataDir, rssMb } = server;

const fields = {
  subject: 'priceInquiry',
  firstName: 'Bench',
  lastName: 'Mark',
  phone: '+49 6181 0',
  email: 'bench@example.org',
  message: 'Load test',
  CompanyName: 'Bench GmbH',
  CompanyAddress: 'Teststraße 1',
  BuildingSize: '1000 m²',
  Regards: 'lps,earthing',
};

const rssBefore = rssMb();
let rssMax = rssBefore;
const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb())), 100);
const statuses = {};
const latencies = [];
let errors = 0;
const started = performance.now();
const deadline = started + durationMs;

async function client(index) {
  while (performance.now() < deadline) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('attachment', new Blob([files[index]], { type: 'application/pdf' }), `plan-${index}.pdf`);
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}/api/v1/Contact`, { method: 'POST', body: form });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status !== 201) errors++;
    } catch (error) {
      errors++;
      statuses[error.cause?.code ?? 'network'] = (statuses[error.cause?.code ?? 'network'] ?? 0) + 1;
    }
    latencies.push(performance.now() - t0);
  }
}

await Promise.all(Array.from({ length: concurrency }, (_, i) => client(i)));
const ended = performance.now();
const elapsed = (ended - started) / 1000;
const mailsDuringLoad = mails;
const rssMaxDuringLoad = rssMax;

// What was stored: the rows in the SQLite file (the server keeps running and writing meanwhile).
const sqlite = new Database(path.join(dataDir, 'site.sqlite'), { readonly: true });
const stored = sqlite.prepare('SELECT COUNT(*) AS n FROM inquiries').get().n;
const storedFiles = sqlite.prepare('SELECT COUNT(*) AS n FROM inquiry_attachments').get().n;
const queued = sqlite.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'inquiry'").get().n;
const references = new Set(sqlite.prepare('SELECT reference FROM inquiries').pluck().all());

// Then the outbox drains: wait until every inquiry's mail has arrived (bounded), still sampling memory.
const waitDeadline = ended + mailWaitMs;
while (mails < stored && performance.now() < waitDeadline) {
  await new Promise((r) => setTimeout(r, 250));
}
await parsing;
const drainedAfter = ((Math.max(lastMailAt, ended) - ended) / 1000).toFixed(1);
const outbox = Object.fromEntries(
  sqlite
    .prepare('SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status')
    .all()
    .map((r) => [r.status, r.n]),
);
sqlite.close();
clearInterval(sampler);
const rssAfter = rssMb();
const missing = [...references].filter((r) => !delivered.has(r)).length;
const strangers = [...delivered].filter((r) => !references.has(r)).length;

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const uploads = statuses[201] ?? 0;
console.log(`${concurrency} concurrent clients, ${sizeMb} MB PDF each, ${elapsed.toFixed(1)} s:`);
console.log(`  requests: ${latencies.length}, answers: ${JSON.stringify(statuses)}, errors: ${errors}`);
console.log(`  201 answers: ${uploads}, ${((uploads * sizeMb) / elapsed).toFixed(1)} MB/s uploaded`);
console.log(
  `  stored: ${stored} inquiry rows, ${storedFiles} attachment rows, ${queued} mails queued (${stored === uploads ? '= the 201 answers' : 'NOT the number of 201 answers'})`,
);
console.log(`  latency ms: p50 ${pct(50).toFixed(0)}, p95 ${pct(95).toFixed(0)}, max ${sorted.at(-1).toFixed(0)}`);
console.log(`  mails received during the load (each with its ${sizeMb} MB file): ${mailsDuringLoad}`);
console.log(
  `  mails received in all: ${mails}, intact and of a stored inquiry: ${delivered.size}, bad: ${badMails.length}, missing: ${missing}, unknown: ${strangers}; the last one ${drainedAfter} s after the load ended (wait bound ${mailWaitMs / 1000} s); outbox ${JSON.stringify(outbox)}`,
);
console.log(
  `  server RSS MB: before ${rssBefore.toFixed(0)}, max ${rssMax.toFixed(0)} (during the load ${rssMaxDuringLoad.toFixed(0)}), after ${rssAfter.toFixed(0)}`,
);
const ok =
  rssMax < 300 &&
  errors === 0 &&
  stored === uploads &&
  storedFiles === uploads &&
  missing === 0 &&
  strangers === 0 &&
  badMails.length === 0 &&
  delivered.size === stored;
console.log(
  ok
    ? '  OK: no errors, stored rows = 201 answers, every mail delivered intact, RSS under 300 MB'
    : '  NOT OK: errors, rows ≠ 201 answers, a mail missing or damaged, or RSS of 300 MB or more',
);

await server.stop();
await new Promise((r) => smtp.close(r));
