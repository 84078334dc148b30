import type { Project } from '@blitz/contract';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '@blitz/contract';
import type { DatabaseKind } from '../db/database';
import { generalMessage, postContact } from '../modules/contact/contact.test-kit';
import { testPhoto } from '../test/pictures';
import { type StorageKind, api, backends, databaseKinds, getOnce, signIn, startTestApp, tempDir } from '../test/helper';
import { listAll } from '../storage/object-storage';
import { createSiteStorage } from '../storage/site-storage';
import { listTables } from './backup.repository';
import { manifestSchema } from './archive-format';
import { filesOfRow } from './files-of-rows';
import type { Kysely } from 'kysely';
import { createBackup } from './backup';
import {
  createProjectWithPicture,
  emptySite,
  keepPosting,
  postInquiry,
  readArchive,
  reportedMedia,
  rewriteArchive,
  saveCompanyLogo,
  saveCompanyPictures,
  servedIcons,
  siteOfTestApp,
  startAppOn,
} from './backup.test-kit';
import { restoreBackup } from './restore';

const sampleJob = {
  title: [
    { content: 'Monteur', language: 2 },
    { content: 'Installer', language: 1 },
  ],
  location: 'Hanau',
  employmentType: 'FULL_TIME',
  published: true,
};

const siteEnv = { CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '100000', LOG_LEVEL: 'silent' };

type Side = { db: DatabaseKind; storage: StorageKind };
const storagePairs: [StorageKind, StorageKind][] = [
  ['disk', 'disk'],
  ['s3', 's3'],
  ['disk', 's3'],
  ['s3', 'disk'],
];
const databasePairs: [DatabaseKind, DatabaseKind][] = databaseKinds.flatMap((from) =>
  databaseKinds.map((to) => [from, to] as [DatabaseKind, DatabaseKind]),
);
/** Every database pair and every storage pair at least once, side by side rather than multiplied. */
const pairs: [Side, Side][] = storagePairs.map(([fromStorage, toStorage], i) => {
  const [fromDb, toDb] = databasePairs[i % databasePairs.length]!;
  return [
    { db: fromDb, storage: fromStorage },
    { db: toDb, storage: toStorage },
  ];
});
const sideName = (side: Side) => `${side.db} with ${side.storage} storage`;

describe.each(pairs.map(([from, to]) => ({ from, to, name: `${sideName(from)}, restored into ${sideName(to)}` })))(
  'backup of a running site on $name',
  ({ from, to }) => {
    it('holds every inquiry answered 201 before it began, with byte-identical files, and restores a working site', async () => {
      const source = await startTestApp({ ...from, name: sideName(from) }, siteEnv);
      const token = await signIn(source.url);
      const project = await createProjectWithPicture(source.url, token, await testPhoto(800, 600, 'png'));
      // The company's portrait and a partner's logo, uploaded through the settings, and the
      // company's logo with the icons and link-preview pictures drawn from it.
      await saveCompanyPictures(source.url, token);
      await saveCompanyLogo(source.url, token);
      const media = await reportedMedia(source.url, token);
      expect([...media.keys()].filter((a) => a.startsWith('/media/company/'))).toHaveLength(3);
      const icons = await servedIcons(source.url);
      expect(JSON.parse(icons['/site.webmanifest']!.toString()).icons[0].src).toMatch(/^\/media\/company\//);
      const before = [];
      for (let i = 0; i < 4; i++) before.push(await postInquiry(source.url));

      // Inquiries keep arriving over HTTP while the backup runs.
      const posting = keepPosting(source.url);
      await new Promise((r) => setTimeout(r, 150));
      const startedAt = Date.now();
      const file = path.join(tempDir(), 'site.tar.gz');
      const summary = await createBackup(await siteOfTestApp(source), file);
      const during = await posting.stop();
      const answeredBefore = [...before, ...during.filter((s) => s.answeredAt < startedAt)];
      expect(during.length).toBeGreaterThan(0);
      expect(summary.attempts).toBe(1);

      const entries = await readArchive(file);
      expect(entries[0]!.name).toBe('manifest.json');
      const manifest = manifestSchema.parse(JSON.parse(entries[0]!.data.toString()));
      expect(manifest.sourceDatabase).toBe(from.db);
      expect(manifest.migrations.at(-1)).toMatch(/^\d{4}-\d\d-\d\d_/);
      // The migration bookkeeping is not a table of the archive; the manifest names the migrations.
      expect(manifest.tables.map((t) => t.name)).not.toContain('kysely_migration');
      // A day's visitor salts and visits are gone after their day (decision 025): never archived; the counts are.
      for (const table of ['statistics_salts', 'statistics_visits', 'statistics_visit_pages']) {
        expect(manifest.tables.map((t) => t.name)).not.toContain(table);
      }
      expect(manifest.tables.map((t) => t.name)).toContain('statistics_days');
      expect(manifest.tables.findIndex((t) => t.name === 'inquiries')).toBeLessThan(
        manifest.tables.findIndex((t) => t.name === 'inquiry_attachments'),
      );

      // Exactly the files the archived rows name: two per archived inquiry, no file without its row.
      const archivedInquiries = manifest.tables.find((t) => t.name === 'inquiries')!.rows;
      expect(archivedInquiries).toBeGreaterThanOrEqual(answeredBefore.length);
      expect(summary.files.attachments).toBe(archivedInquiries * 2);
      // The project's picture (its variants, its 3:2 frame and link preview), the company's two and the logo's eight.
      const pictureFiles = (project as Project).pictures.reduce(
        (n, p) => n + p.sources.length + (p.frame?.sources.length ?? 0) + (p.shareImage ? 1 : 0),
        0,
      );
      expect(summary.files.media).toBe(pictureFiles + 2 + 1 + 7);

      const target = await emptySite(to.db, to.storage);
      const restored = await restoreBackup(target, file);
      expect(restored.tables.find((t) => t.name === 'inquiries')?.rows).toBe(archivedInquiries);
      expect(restored.files).toEqual(summary.files);

      const site = await startAppOn(target);
      // The admin of the archive signs in with the old password (the restored app's own settings name another).
      const restoredToken = await signIn(site.url);
      for (const sent of answeredBefore) {
        const detail = await api(site.url, 'GET', `/api/v1/Inquiry/${sent.id}`, { token: restoredToken });
        expect(detail.status).toBe(200);
        expect(detail.body.reference).toBe(sent.reference);
        expect(detail.body.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(sent.files.map((f) => f.name));
        for (const [i, attachment] of (detail.body.attachments as { id: number }[]).entries()) {
          const download = await getOnce(`${site.url}/api/v1/Inquiry/${sent.id}/Attachment/${attachment.id}`, {
            authorization: `Bearer ${restoredToken}`,
          });
          expect(download.status).toBe(200);
          expect(Buffer.compare(download.body, sent.files[i]!.data)).toBe(0);
        }
      }
      // The search's index is not archived: the restore's writes rebuild it (SQLite's triggers, PostgreSQL's index).
      const searched = await api(site.url, 'GET', '/api/v1/Inquiry?Search=anfrage%20nummer&PageLength=1', {
        token: restoredToken,
      });
      expect(searched.body.count).toBe(archivedInquiries);
      // Every attachment row of the restored site has its file, and every file its row.
      const keys = (await site.query<{ storage_key: string }>('select storage_key from inquiry_attachments')).map(
        (r) => r.storage_key,
      );
      const targetStorage = await createSiteStorage(target);
      const stored = (await listAll(targetStorage.attachments)).map((e) => e.key);
      targetStorage.close();
      expect(stored.sort()).toEqual(keys.sort());
      if (to.storage === 's3') expect(fs.existsSync(path.join(target.dataDir, 'inquiries'))).toBe(false);

      // Every /media/ address any API reports is served, byte for byte as by the original site.
      const restoredMedia = await reportedMedia(site.url, restoredToken);
      expect([...restoredMedia.keys()]).toEqual([...media.keys()]);
      for (const [address, bytes] of media) expect(Buffer.compare(restoredMedia.get(address)!, bytes), address).toBe(0);
      // The icons drawn from the logo come back as they were, manifest and all.
      const restoredIcons = await servedIcons(site.url);
      for (const [file, bytes] of Object.entries(icons)) expect(Buffer.compare(restoredIcons[file]!, bytes), file).toBe(0);
      for (const icon of JSON.parse(icons['/site.webmanifest']!.toString()).icons as { src: string }[]) {
        expect((await getOnce(`${site.url}${icon.src}`)).status, icon.src).toBe(200);
      }
      const restoredProject = await api(site.url, 'GET', `/api/v1/Project/${project.id}`);
      expect(restoredProject.body.picture).toBe(project.picture);
      const original = await getOnce(`${source.url}${project.picture}`);
      const served = await getOnce(`${site.url}${project.picture}`);
      expect(served.status).toBe(200);
      expect(Buffer.compare(served.body, original.body)).toBe(0);

      // Counters go on past the restored ids: a new inquiry gets a new id.
      const next = await postInquiry(site.url);
      const maxId = Math.max(...(await site.query<{ id: number }>('select id from inquiries')).map((r) => Number(r.id)));
      expect(next.id).toBe(maxId);
      expect(next.id).toBeGreaterThan(Math.max(...answeredBefore.map((s) => s.id)));
    });
  },
);

describe.each(backends)('backup on $name', (kind) => {
  it('starts over with a new snapshot when an inquiry and its files are deleted after the snapshot began', async () => {
    const source = await startTestApp(kind, siteEnv);
    const token = await signIn(source.url);
    const kept = await postInquiry(source.url);
    const doomed = await postInquiry(source.url);
    let deletions = 0;
    const file = path.join(tempDir(), 'site.tar.gz');
    const summary = await createBackup(await siteOfTestApp(source), file, {
      afterSnapshot: async () => {
        if (deletions++ > 0) return;
        // The first snapshot still has the inquiry; its files are gone once this answers.
        expect((await api(source.url, 'DELETE', `/api/v1/Inquiry/${doomed.id}`, { token })).status).toBe(204);
      },
    });
    expect(summary.attempts).toBe(2);
    expect(summary.tables.find((t) => t.name === 'inquiries')?.rows).toBe(1);
    expect(summary.files.attachments).toBe(2);
    const inquiries = (await readArchive(file)).find((e) => e.name === 'db/inquiries.jsonl')!.data.toString();
    expect(inquiries).toContain(kept.reference);
    expect(inquiries).not.toContain(doomed.reference);
    // The staging folder is gone.
    expect(fs.readdirSync(source.config.dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([]);
  });

  it('claims every stored object by a registered reference: a site with one of everything has no file a backup leaves out', async () => {
    const source = await startTestApp(kind, siteEnv);
    const token = await signIn(source.url);
    await createProjectWithPicture(source.url, token, await testPhoto(400, 300, 'png'));
    await saveCompanyPictures(source.url, token);
    await saveCompanyLogo(source.url, token);
    await postInquiry(source.url);
    expect((await api(source.url, 'POST', '/api/v1/Job', { token, body: sampleJob })).status).toBe(201);

    const db = source.database.db as Kysely<any>;
    const claimed = new Set<string>();
    for (const table of await listTables(db)) {
      for (const row of await db.selectFrom(table.name).selectAll().execute()) {
        for (const ref of filesOfRow(table.name, row)) claimed.add(`${ref.store}/${ref.key}`);
      }
    }
    const stored = [
      ...(await listAll(source.app.media)).map((o) => `media/${o.key}`),
      ...(await listAll(source.app.attachments)).map((o) => `attachments/${o.key}`),
    ];
    // Two pictures, the logo and the seven drawn from it.
    expect(stored.filter((o) => o.startsWith('media/company/'))).toHaveLength(10);
    expect(stored.length).toBeGreaterThanOrEqual(5);
    // A module storing files without declaring them (a module's record, server/src/site-modules.ts) shows up here.
    expect(stored.filter((o) => !claimed.has(o))).toEqual([]);
  });

  it('fails with a clear message, and writes no archive, when a row names its files in a form it cannot read', async () => {
    const source = await startTestApp(kind, siteEnv);
    await createProjectWithPicture(source.url, await signIn(source.url), await testPhoto(400, 300, 'png'));
    await (source.database.db as Kysely<any>).updateTable('projects').set({ pictures: '[{"variants": [' }).execute();
    const file = path.join(tempDir(), 'site.tar.gz');
    await expect(createBackup(await siteOfTestApp(source), file)).rejects.toThrow(
      /^a row of projects names its files in a form this release cannot read \(.*JSON.*\)$/,
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
    expect(fs.readdirSync(source.config.dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([]);
  });

  it("restores a visitor's message with U+2028 and U+2029 in it, and the archive holds them escaped", async () => {
    const source = await startTestApp(kind, siteEnv);
    const message = 'Guten Tag\u2028Zeile zwei\u2029Absatz 👋';
    const sent = await postContact(source.url, { ...generalMessage, message });
    expect(sent.status).toBe(201);
    const file = path.join(tempDir(), 'site.tar.gz');
    await createBackup(await siteOfTestApp(source), file);
    const inquiries = (await readArchive(file)).find((e) => e.name === 'db/inquiries.jsonl')!.data.toString();
    expect(inquiries).toContain('Guten Tag\\u2028Zeile zwei\\u2029Absatz');

    const target = await emptySite(kind.db, kind.storage);
    await restoreBackup(target, file);
    const site = await startAppOn(target);
    const detail = await api(site.url, 'GET', `/api/v1/Inquiry/${sent.body.id}`, { token: await signIn(site.url) });
    expect(detail.body.message).toBe(message);
  });

  it('reads its archive back before reporting success, and leaves none when it does not read back', async () => {
    const source = await startTestApp(kind, siteEnv);
    await postInquiry(source.url);
    const site = await siteOfTestApp(source);
    const file = path.join(tempDir(), 'site.tar.gz');
    await expect(
      createBackup(site, file, {
        // As a disk that changed bytes after they were written would.
        beforeCheck: async (partial) => {
          const damaged = await rewriteArchive(partial, (name, data) =>
            name === 'db/inquiries.jsonl' ? Buffer.from(data.toString().replace('Anfrage', 'Anfrake')) : data,
          );
          fs.copyFileSync(damaged, partial);
        },
      }),
    ).rejects.toThrow(
      /^The archive written does not read back: db\/inquiries\.jsonl in the archive is damaged: its checksum or row count differs from the manifest's; it was removed, and nothing was written to .*site\.tar\.gz$/,
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);

    const summary = await createBackup(site, file);
    expect(summary.checked.tables.find((t) => t.name === 'inquiries')?.rows).toBe(1);
    expect(summary.checked.files).toEqual({ media: 0, attachments: 2 });
    expect(summary.checked.missingFiles).toEqual([]);
  });

  it('fails with a clear message, and writes no archive, when a file named by a row is lost for good', async () => {
    const source = await startTestApp(kind, siteEnv);
    await postInquiry(source.url);
    const lost = (await listAll(source.app.attachments))[0]!.key;
    await source.app.attachments.remove([lost]);
    const file = path.join(tempDir(), 'site.tar.gz');
    await expect(createBackup(await siteOfTestApp(source), file, { maxAttempts: 2 })).rejects.toThrow(
      new RegExp(`inquiry_attachments names the attachments file ${lost}, which is not in storage, in 2 snapshots`),
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('moving a site between databases', () => {
  it('SQLite → PostgreSQL → SQLite gives back equal data in every table', async () => {
    const source = await startTestApp('sqlite', siteEnv);
    const token = await signIn(source.url);
    await createProjectWithPicture(source.url, token, await testPhoto(400, 300, 'png'));
    for (let i = 0; i < 3; i++) await postInquiry(source.url);
    // Job openings and the company details (with an uploaded portrait) travel too.
    expect((await api(source.url, 'POST', '/api/v1/Job', { token, body: sampleJob })).status).toBe(201);
    const portrait = `data:image/png;base64,${(await testPhoto(300, 400, 'png')).toString('base64')}`;
    const company = { ...defaultCompanyDetails, person: { ...defaultCompanyDetails.person, picture: portrait } };
    expect((await api(source.url, 'PUT', '/api/v1/Settings', { token, body: company })).status).toBe(200);
    const first = path.join(tempDir(), 'first.tar.gz');
    await createBackup(await siteOfTestApp(source), first);

    const postgres = await emptySite('postgres');
    await restoreBackup(postgres, first);
    const second = path.join(tempDir(), 'second.tar.gz');
    await createBackup(postgres, second);
    const sqlite = await emptySite('sqlite');
    await restoreBackup(sqlite, second);
    const third = path.join(tempDir(), 'third.tar.gz');
    await createBackup(sqlite, third);

    // Rows in the order of their JSON text: each database returns them in an order of its own.
    const tablesOf = async (file: string) =>
      Object.fromEntries(
        (await readArchive(file))
          .filter((e) => e.name.startsWith('db/'))
          .map((e) => [e.name, e.data.toString().split('\n').filter(Boolean).sort()]),
      );
    const original = await tablesOf(first);
    expect(original['db/inquiries.jsonl']).toHaveLength(3);
    expect(original['db/jobs.jsonl']).toHaveLength(1);
    expect(original['db/job_texts.jsonl']).toHaveLength(2);
    expect(original['db/settings.jsonl']!.some((row) => row.includes('"key":"company"'))).toBe(true);
    expect(await tablesOf(second)).toEqual(original);
    expect(await tablesOf(third)).toEqual(original);
    const files = async (file: string) => (await readArchive(file)).filter((e) => e.name.startsWith('files/'));
    expect(await files(third)).toEqual(await files(first));
  });
});
