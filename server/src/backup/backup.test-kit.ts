import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import tarStream from 'tar-stream';
import { onTestFinished } from 'vitest';
import { defaultCompanyDetails, apiRoutes, apiUrl } from '@blitz/contract';
import { buildApp } from '../app';
import { type DatabaseKind, openDatabase } from '../db/database';
import { type UploadFile, generalMessage, pdfFile, pngFile, postContact } from '../modules/contact/contact.test-kit';
import { testPhoto } from '../test/pictures';
import { type StorageKind, type TestApp, api, getOnce, tempDir, testConfig, testDatabaseUrl, testS3 } from '../test/helper';
import type { Site } from './backup';

// Shared by the backup and restore tests: sites, inquiries with files, and archive surgery.

/** The site behind a test app: its DATA_DIR, its bucket if any, and its database (the test's SQLite file or PostgreSQL schema). */
export async function siteOfTestApp(testApp: TestApp): Promise<Site> {
  const { config, database } = testApp;
  const storage = { dataDir: config.dataDir, objectStorage: config.objectStorage };
  if (database.kind === 'sqlite')
    return { ...storage, database: { kind: 'sqlite', file: path.join(config.dataDir, 'test.sqlite') } };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return { ...storage, database: { kind: 'postgres', url: testDatabaseUrl!, schema: rows[0]!.schema } };
}

/**
 * An empty site to restore into: a new DATA_DIR (and with S3 storage a new bucket), and a SQLite
 * file not yet made or a new PostgreSQL schema.
 */
export async function emptySite(kind: DatabaseKind, storage: StorageKind = 'disk'): Promise<Site> {
  const dataDir = tempDir();
  const objectStorage = storage === 's3' ? (await testS3()).settings : undefined;
  if (kind === 'sqlite') return { dataDir, objectStorage, database: { kind: 'sqlite', file: path.join(dataDir, 'site.sqlite') } };
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  onTestFinished(async () => {
    const dropper = new pg.Client({ connectionString: testDatabaseUrl });
    await dropper.connect();
    await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
    await dropper.end();
  });
  return { dataDir, objectStorage, database: { kind: 'postgres', url: testDatabaseUrl!, schema } };
}

/**
 * The app on a restored site, listening on a free port. Its own admin settings name another
 * user, so signing in as the archive's admin proves the users were restored.
 */
export async function startAppOn(
  site: Site,
  env: Record<string, string> = {},
): Promise<{ url: string; query: <T>(sql: string) => Promise<T[]> }> {
  const database = await openDatabase(site.database);
  const config = testConfig(site.dataDir, {
    ADMIN_USERNAME: 'another-admin',
    ADMIN_PASSWORD: 'another password of the restored site',
    // The contact form's counts are rows too (restored with the rest): the limit of the posting source site.
    CONTACT_RATE_LIMIT: '100000',
    ...env,
  });
  const app = await buildApp({ ...config, objectStorage: site.objectStorage }, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(async () => {
    await app.close();
    await database.db.destroy();
  });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    query: async <T>(text: string) => (await sql.raw<T>(text).execute(database.db)).rows,
  };
}

export type SentInquiry = { id: number; reference: string; files: UploadFile[]; answeredAt: number };

let counter = 0;

/** Posts one inquiry with two attachments of its own content; answers what was sent once 201 came. */
export async function postInquiry(url: string): Promise<SentInquiry> {
  const n = ++counter;
  const files = [await pngFile(`photo-${n}.png`, 8 + (n % 50)), pdfFile(`plan-${n}.pdf`, 1000 + n)];
  const res = await postContact(url, { ...generalMessage, message: `Anfrage Nummer ${n}` }, files);
  if (res.status !== 201) throw new Error(`POST /api/v1/Contact answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.id, reference: res.body.reference, files, answeredAt: Date.now() };
}

/** Keeps posting inquiries, `parallel` at a time, until `stop()`; answers every one answered 201. */
export function keepPosting(url: string, parallel = 3): { stop: () => Promise<SentInquiry[]> } {
  const sent: SentInquiry[] = [];
  let running = true;
  // Settled, not rejected, so that a failing test never leaves an unhandled rejection behind.
  const workers = Array.from({ length: parallel }, async () => {
    while (running) sent.push(await postInquiry(url));
  }).map((worker) =>
    worker.then(
      () => undefined,
      (error: unknown) => error,
    ),
  );
  onTestFinished(() => {
    running = false;
  });
  return {
    async stop() {
      running = false;
      const failure = (await Promise.all(workers)).find((e) => e !== undefined);
      if (failure) throw failure;
      return sent;
    },
  };
}

export async function createProjectWithPicture(url: string, token: string, picture: Buffer): Promise<any> {
  const text = (de: string, en: string) => [
    { content: de, language: 2 },
    { content: en, language: 1 },
  ];
  const res = await api(url, 'POST', '/api/v1/Project', {
    token,
    body: {
      title: text('Blitzschutz Halle 7', 'Lightning protection hall 7'),
      content: text('Fangstangen und Ableitungen.', 'Air terminals and down conductors.'),
      scopeOfWorks: text('Planung', 'Planning'),
      location: 'Hanau',
      workDuration: '2 Wochen',
      client: 'Stadtwerke',
      categoryID: '0',
      picture: `data:image/png;base64,${picture.toString('base64')}`,
    },
  });
  if (res.status !== 201) throw new Error(`POST /api/v1/Project answered ${res.status}: ${res.text}`);
  return res.body;
}

/** Saves the company details with an uploaded portrait and an uploaded logo for the first partner. */
export async function saveCompanyPictures(url: string, token: string): Promise<any> {
  const dataUrl = async (width: number, height: number) =>
    `data:image/png;base64,${(await testPhoto(width, height, 'png')).toString('base64')}`;
  const [first, ...others] = defaultCompanyDetails.partners;
  const body = {
    ...defaultCompanyDetails,
    partners: [{ ...first!, logo: await dataUrl(320, 120) }, ...others],
    person: { ...defaultCompanyDetails.person, picture: await dataUrl(300, 400) },
  };
  const res = await api(url, 'PUT', apiUrl(apiRoutes.companyDetails), { token, body });
  if (res.status !== 200) throw new Error(`PUT ${apiUrl(apiRoutes.companyDetails)} answered ${res.status}: ${res.text}`);
  return res.body;
}

/**
 * Uploads a company logo over the details as staff read them: the logo and the seven pictures
 * drawn from it (five icons, two link-preview pictures) are stored (decision 028).
 */
export async function saveCompanyLogo(url: string, token: string): Promise<any> {
  const {
    isSample: _sample,
    updatedAt: _updated,
    ...current
  } = (await api(url, 'GET', apiUrl(apiRoutes.companyDetails), { token })).body;
  const logo = `data:image/png;base64,${(await testPhoto(240, 240, 'png')).toString('base64')}`;
  const res = await api(url, 'PUT', apiUrl(apiRoutes.companyDetails), { token, body: { ...current, logo } });
  if (res.status !== 200) throw new Error(`PUT ${apiUrl(apiRoutes.companyDetails)} answered ${res.status}: ${res.text}`);
  return res.body;
}

/** The site's root icons and web app manifest, as browsers ask for them. */
export async function servedIcons(url: string): Promise<Record<string, Buffer>> {
  const icons: Record<string, Buffer> = {};
  for (const file of [
    '/favicon.ico',
    '/apple-touch-icon.png',
    '/icon-192.png',
    '/icon-512.png',
    '/icon-maskable-512.png',
    '/site.webmanifest',
  ]) {
    const res = await getOnce(`${url}${file}`);
    if (res.status !== 200) throw new Error(`${file} answers ${res.status}`);
    icons[file] = res.body;
  }
  return icons;
}

/**
 * Every /media/ address the site's APIs report (projects, one by one too, and the company
 * details as visitors and as staff read them), each with the bytes the site serves for it.
 */
export async function reportedMedia(url: string, token: string): Promise<Map<string, Buffer>> {
  const projects = await api(url, 'GET', apiUrl(apiRoutes.projects.list));
  const answers = [
    projects.text,
    ...(await Promise.all(
      (projects.body.data as { id: number }[]).map(
        async (p) => (await api(url, 'GET', apiUrl(apiRoutes.projects.onePath(p.id)))).text,
      ),
    )),
    (await api(url, 'GET', apiUrl(apiRoutes.companyDetails))).text,
    (await api(url, 'GET', apiUrl(apiRoutes.companyDetails), { token })).text,
  ];
  const addresses = new Set(answers.flatMap((text) => text.match(/\/media\/[a-z0-9_./-]+\.[a-z0-9]+/g) ?? []));
  const served = new Map<string, Buffer>();
  for (const address of [...addresses].sort()) {
    const res = await getOnce(`${url}${address}`);
    if (res.status !== 200) throw new Error(`${address}, reported by the API, answers ${res.status}`);
    served.set(address, res.body);
  }
  return served;
}

/** Every entry of an archive, in memory (test archives are small). */
export async function readArchive(file: string): Promise<{ name: string; data: Buffer }[]> {
  const extract = tarStream.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}

/** A copy of the archive with entries changed by `edit` (undefined: left out). */
export async function rewriteArchive(file: string, edit: (name: string, data: Buffer) => Buffer | undefined): Promise<string> {
  const out = path.join(tempDir(), 'edited.tar.gz');
  const pack = tarStream.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(out));
  for (const entry of await readArchive(file)) {
    const data = edit(entry.name, entry.data);
    if (data) pack.entry({ name: entry.name }, data);
  }
  pack.finalize();
  await writing;
  return out;
}
