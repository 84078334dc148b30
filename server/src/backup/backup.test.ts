import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../db/database';
import { testPhoto } from '../modules/projects/test-pictures';
import { type StorageKind, api, backends, databaseKinds, getOnce, signIn, startTestApp, tempDir } from '../test/helper';
import { listAll } from '../storage/object-storage';
import { createSiteStorage } from '../storage/site-storage';
import { manifestSchema } from './archive-format';
import { createBackup } from './backup';
import {
  createProjectWithPicture,
  emptySite,
  keepPosting,
  postInquiry,
  readArchive,
  siteOfTestApp,
  startAppOn,
} from './backup-test-kit';
import { restoreBackup } from './restore';

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
      expect(manifest.tables.findIndex((t) => t.name === 'inquiries')).toBeLessThan(
        manifest.tables.findIndex((t) => t.name === 'inquiry_attachments'),
      );

      // Exactly the files the archived rows name: two per archived inquiry, no file without its row.
      const archivedInquiries = manifest.tables.find((t) => t.name === 'inquiries')!.rows;
      expect(archivedInquiries).toBeGreaterThanOrEqual(answeredBefore.length);
      expect(summary.files.attachments).toBe(archivedInquiries * 2);
      expect(summary.files.media).toBe(project.pictureSources.length);

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
      // Every attachment row of the restored site has its file, and every file its row.
      const keys = (await site.query<{ storage_key: string }>('select storage_key from inquiry_attachments')).map(
        (r) => r.storage_key,
      );
      const targetStorage = await createSiteStorage(target);
      const stored = (await listAll(targetStorage.attachments)).map((e) => e.key);
      targetStorage.close();
      expect(stored.sort()).toEqual(keys.sort());
      if (to.storage === 's3') expect(fs.existsSync(path.join(target.dataDir, 'inquiries'))).toBe(false);

      // The picture is served, byte for byte as by the original site.
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
    await createProjectWithPicture(source.url, await signIn(source.url), await testPhoto(400, 300, 'png'));
    for (let i = 0; i < 3; i++) await postInquiry(source.url);
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
    expect(await tablesOf(second)).toEqual(original);
    expect(await tablesOf(third)).toEqual(original);
    const files = async (file: string) => (await readArchive(file)).filter((e) => e.name.startsWith('files/'));
    expect(await files(third)).toEqual(await files(first));
  });
});
