// Backup and restore of a running site: how long `npm run admin -- backup FILE` and
// `restore FILE` take and how large the archive is, for the sample site and for a bigger one
// (PROJECTS reference projects with pictures of their own, INQUIRIES inquiries with two
// attachments each), on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
// PostgreSQL server whose user may create databases, on PostgreSQL (a database of its own per run).
// Run: npm run build -w server && npm run bench -- backup   (docs/benchmarks.md has the figures)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startBuiltServer } from './lib/built-server.mjs';
import { newDatabase, postgresBase } from './lib/postgres-database.mjs';

const root = path.resolve(import.meta.dirname, '..');
const admin = path.join(root, 'server/dist/admin.js');
const projects = Number(process.env.PROJECTS ?? 500);
const inquiries = Number(process.env.INQUIRIES ?? 1000);
const credentials = { username: 'bench', password: 'bench-password-123456' };

function runAdmin(args, env) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [admin, ...args], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`admin ${args[0]} failed: ${run.stderr}`);
  return { seconds: (performance.now() - started) / 1000, output: run.stdout };
}

async function parallel(count, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function signIn(url) {
  const res = await fetch(`${url}/api/v1/login/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return (await res.json()).jwtToken;
}

/** A 640 × 480 picture of its own for every project: blocks of random colours. */
async function picture(i) {
  const blocks = Array.from({ length: 12 }, (_, b) => {
    const colour = crypto.createHash('md5').update(`${i}-${b}`).digest('hex').slice(0, 6);
    return `<rect x="${(b % 4) * 160}" y="${Math.floor(b / 4) * 160}" width="160" height="160" fill="#${colour}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">${blocks}</svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

async function addProjects(url, token, count) {
  const text = (de, en) => [
    { content: de, language: 2 },
    { content: en, language: 1 },
  ];
  await parallel(count, 2, async (i) => {
    const res = await fetch(`${url}/api/v1/Project`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: text(`Referenz ${i}`, `Reference ${i}`),
        content: text('Äußerer Blitzschutz, Erdung und Überspannungsschutz. '.repeat(8), 'External protection. '.repeat(8)),
        scopeOfWorks: text('Planung, Montage', 'Planning, installation'),
        location: 'Hanau',
        workDuration: '3 Monate',
        client: 'Stadtwerke',
        categoryID: '0',
        picture: `data:image/png;base64,${await picture(i)}`,
      }),
    });
    if (res.status !== 201) throw new Error(`project ${i}: ${res.status} ${await res.text()}`);
  });
}

async function addInquiries(url, count) {
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  await parallel(count, 6, async (i) => {
    const form = new FormData();
    const fields = { subject: 'generalMessage', firstName: 'Erika', lastName: 'Musterfrau', phone: '+49 6181 12345' };
    for (const [k, v] of Object.entries({ ...fields, email: 'erika@example.org', message: `Anfrage ${i}`, language: 'de' })) {
      form.append(k, v);
    }
    // A plan of about 100 KB and a photo, different in every inquiry.
    const plan = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(100_000), Buffer.from('\n%%EOF\n')]);
    form.append('attachment', new Blob([plan], { type: 'application/pdf' }), `plan-${i}.pdf`);
    form.append(
      'attachment',
      new Blob([Buffer.concat([photo, Buffer.from(String(i))])], { type: 'image/png' }),
      `photo-${i}.png`,
    );
    const res = await fetch(`${url}/api/v1/Contact`, { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`inquiry ${i}: ${res.status} ${await res.text()}`);
  });
}

/** Backs up the running site and restores the archive into an empty site of the same kind. */
async function measure(label, kind, server, sourceUrl) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-backup-'));
  const file = path.join(dir, 'site.tar.gz');
  const backup = runAdmin(['backup', file], { DATA_DIR: server.dataDir, ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}) });
  const bytes = fs.statSync(file).size;
  const target = kind === 'postgres' ? await newDatabase('bench_backup') : undefined;
  const restore = runAdmin(['restore', file], {
    DATA_DIR: path.join(dir, 'restored'),
    ...(target ? { DATABASE_URL: target.url } : {}),
  });
  await target?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
  const rows = (name) => backup.output.match(new RegExp(`  ${name}: (\\d+)`))?.[1];
  const files = backup.output.match(/pictures: (\d+) files, attachments: (\d+) files/);
  console.log(
    `${kind.padEnd(8)} ${label.padEnd(7)} ${rows('projects')} projects, ${rows('inquiries')} inquiries, ` +
      `${files[1]} pictures, ${files[2]} attachments: backup ${backup.seconds.toFixed(1)} s, ` +
      `archive ${(bytes / 1024 / 1024).toFixed(1)} MB, restore ${restore.seconds.toFixed(1)} s`,
  );
}

for (const kind of ['sqlite', ...(postgresBase ? ['postgres'] : [])]) {
  const source = kind === 'postgres' ? await newDatabase('bench_backup') : undefined;
  const server = await startBuiltServer('backup', {
    ADMIN_USERNAME: credentials.username,
    ADMIN_PASSWORD: credentials.password,
    SECOND_FACTOR: 'optional',
    CONTACT_MIN_FILL_SECONDS: '0',
    CONTACT_RATE_LIMIT: '1000000',
    ...(source ? { DATABASE_URL: source.url } : {}),
  });
  try {
    await measure('sample', kind, server, source?.url);
    const token = await signIn(server.url);
    const started = performance.now();
    await addProjects(server.url, token, projects);
    await addInquiries(server.url, inquiries);
    console.log(
      `${kind.padEnd(8)} (${projects} projects and ${inquiries} inquiries added in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    await measure('bigger', kind, server, source?.url);
  } finally {
    await server.stop();
    await source?.drop();
  }
}
