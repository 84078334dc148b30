import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../test/run-admin';
import { openDatabase } from '../db/database';
import { migrateTo, migrateToLatest, migrationNames } from '../db/migrate';
import { testPhoto } from '../test/pictures';
import { databaseKinds, signIn, startTestApp, tempDir, testConfig } from '../test/helper';
import type { Kysely } from 'kysely';
import { type Site, createBackup } from './backup';
import {
  createProjectWithPicture,
  emptySite,
  postInquiry,
  rewriteArchive,
  saveCompanyPictures,
  siteOfTestApp,
  startAppOn,
} from './backup.test-kit';
import { checkArchive } from './archive-reader';
import { checkCommand, restoreCommand } from '../cli/backup-commands';
import { appliedMigrations, countRows, listTables } from './backup.repository';
import { restoreBackup } from './restore';
import { createSiteStorage } from '../storage/site-storage';

/** What a target holds after a refused or failed restore: rows per table, and files under DATA_DIR. */
async function contentsOf(site: Site): Promise<{ rows: number; files: string[]; databaseFile: boolean }> {
  const files = fs.existsSync(site.dataDir)
    ? fs
        .readdirSync(site.dataDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.startsWith('site.sqlite'))
        .map((e) => path.relative(site.dataDir, path.join(e.parentPath, e.name)))
    : [];
  const databaseFile = site.database.kind === 'sqlite' && fs.existsSync(site.database.file);
  if (site.database.kind === 'sqlite' && !databaseFile) return { rows: 0, files, databaseFile };
  const { db } = await openDatabase(site.database);
  try {
    let rows = 0;
    for (const table of await listTables(db as Kysely<any>)) rows += await countRows(db as Kysely<any>, table.name);
    return { rows, files, databaseFile };
  } finally {
    await db.destroy();
  }
}

let archiveDir: string;
let archive: string;
/** An archive as releases before the company pictures were declared wrote it: the settings name two pictures it lacks. */
let withoutCompanyPictures: string;

beforeAll(async () => {
  // One small site's archive, taken from SQLite: a project with its picture, two inquiries with files.
  const source = await startTestApp('sqlite', { CONTACT_MIN_FILL_SECONDS: '0', LOG_LEVEL: 'silent' });
  await createProjectWithPicture(source.url, await signIn(source.url), await testPhoto(400, 300, 'png'));
  await postInquiry(source.url);
  await postInquiry(source.url);
  archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-archive-'));
  archive = path.join(archiveDir, 'site.tar.gz');
  await createBackup(await siteOfTestApp(source), archive);
  await source.app.close();

  const company = await startTestApp('sqlite', { LOG_LEVEL: 'silent' });
  await saveCompanyPictures(company.url, await signIn(company.url));
  const complete = path.join(archiveDir, 'company.tar.gz');
  await createBackup(await siteOfTestApp(company), complete);
  await company.app.close();
  const left = (name: string) => name.startsWith('files/media/company/');
  const incomplete = await rewriteArchive(complete, (name, data) => {
    if (left(name)) return undefined;
    if (name !== 'manifest.json') return data;
    const manifest = JSON.parse(data.toString());
    manifest.files = manifest.files.filter((f: { path: string }) => !left(f.path));
    return Buffer.from(JSON.stringify(manifest));
  });
  withoutCompanyPictures = path.join(archiveDir, 'without-company-pictures.tar.gz');
  fs.copyFileSync(incomplete, withoutCompanyPictures);
});

afterAll(() => fs.rmSync(archiveDir, { recursive: true, force: true }));

describe.each(databaseKinds)('restore into %s', (kind) => {
  it('refuses a target that holds rows, naming what it found, and changes nothing', async () => {
    const target = await emptySite(kind);
    await startAppOn(target); // the first start creates an admin
    const before = await contentsOf(target);
    await expect(restoreBackup(target, archive)).rejects.toThrow(/^The target is not empty: it has (.+, )?1 users row[,;]/);
    expect(await contentsOf(target)).toEqual(before);
  });

  it('refuses a target whose DATA_DIR already holds pictures', async () => {
    const target = await emptySite(kind);
    fs.mkdirSync(path.join(target.dataDir, 'media/projects'), { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'media/projects/0123456789abcdef0123-480.avif'), 'x');
    await expect(restoreBackup(target, archive)).rejects.toThrow(/The target is not empty: it has 1 media file in .*media/);
    expect((await contentsOf(target)).rows).toBe(0);
  });

  it('refuses a target whose bucket already holds attachments', async () => {
    const target = await emptySite(kind, 's3');
    const storage = await createSiteStorage(target);
    await storage.attachments.put('a'.repeat(32), Buffer.from('x'));
    storage.close();
    await expect(restoreBackup(target, archive)).rejects.toThrow(
      /The target is not empty: it has 1 attachments file in s3:\/\/test-[a-f0-9]+\/inquiries\//,
    );
    expect((await contentsOf(target)).rows).toBe(0);
  });

  it('refuses an archive from a newer schema before touching the target', async () => {
    const newer = await rewriteArchive(archive, (name, data) => {
      if (name !== 'manifest.json') return data;
      const manifest = JSON.parse(data.toString());
      manifest.migrations.push('2099-01-01_from-the-future');
      return Buffer.from(JSON.stringify(manifest));
    });
    const target = await emptySite(kind);
    await expect(restoreBackup(target, newer)).rejects.toThrow(
      `The archive comes from a newer release: its schema has migration 2099-01-01_from-the-future, which this release (latest ${migrationNames.at(-1)}) does not know`,
    );
    expect(await contentsOf(target)).toEqual({ rows: 0, files: [], databaseFile: false });
  });

  it('refuses a damaged file (checksum mismatch), and leaves no file and no row behind', async () => {
    let flipped = '';
    const damaged = await rewriteArchive(archive, (name, data) => {
      if (flipped || !name.startsWith('files/attachments/')) return data;
      flipped = name;
      const copy = Buffer.from(data);
      copy[copy.length - 3]! ^= 0xff;
      return copy;
    });
    const target = await emptySite(kind);
    await expect(restoreBackup(target, damaged)).rejects.toThrow(
      `${flipped} in the archive is damaged: its checksum or size differs from the manifest's.`,
    );
    const after = await contentsOf(target);
    expect(after.rows).toBe(0);
    expect(after.files).toEqual([]);
  });

  it('refuses a damaged table after writing the files, rolls the rows back and removes the files', async () => {
    const damaged = await rewriteArchive(archive, (name, data) =>
      name === 'db/inquiries.jsonl' ? Buffer.from(data.toString().replace('Anfrage', 'Anfrake')) : data,
    );
    const target = await emptySite(kind);
    await expect(restoreBackup(target, damaged)).rejects.toThrow(
      /^db\/inquiries.jsonl in the archive is damaged: its checksum or row count differs from the manifest's. The files written were removed again./,
    );
    const after = await contentsOf(target);
    expect(after.rows).toBe(0);
    expect(after.files).toEqual([]);
  });

  it.each([
    ['in the middle', (length: number) => Math.floor(length * 0.8)],
    // Every entry whole, only gzip's trailer (CRC and length) cut: caught before the commit.
    ['in the gzip trailer', (length: number) => length - 4],
  ])('refuses an archive truncated %s with one clear line', async (_where, cut) => {
    const truncated = path.join(tempDir(), 'truncated.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, cut(bytes.length)));
    const target = await emptySite(kind);
    const error = await restoreBackup(target, truncated).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^The archive is truncated or damaged \(.+\); nothing was restored from it\./);
    expect((error as Error).message).not.toContain('\n');
    const after = await contentsOf(target);
    expect(after.rows).toBe(0);
    expect(after.files).toEqual([]);
  });

  it("migrates the target to exactly the archive's schema, from which the server migrates on", async () => {
    const older = migrationNames.at(-2)!;
    const source = await emptySite(kind);
    const { db } = await openDatabase(source.database);
    try {
      await migrateTo(db, older);
      await (db as Kysely<any>).insertInto('settings').values({ key: 'site.note', value: 'from an older release' }).execute();
    } finally {
      await db.destroy();
    }
    const file = path.join(tempDir(), 'older.tar.gz');
    await createBackup(source, file);
    // An empty target migrated past the archive is refused: migrating it back down is not restore's call.
    const ahead = await emptySite(kind);
    const aheadDb = await openDatabase(ahead.database);
    await migrateToLatest(aheadDb.db);
    await aheadDb.db.destroy();
    await expect(restoreBackup(ahead, file)).rejects.toThrow(
      `The target database is migrated past the archive's schema (${older}) to ${migrationNames.at(-1)}`,
    );

    const target = await emptySite(kind);
    const { manifest, tables } = await restoreBackup(target, file);
    expect(manifest.migrations.at(-1)).toBe(older);
    expect(tables.find((t) => t.name === 'settings')?.rows).toBe(1);
    const restored = await openDatabase(target.database);
    try {
      expect(await appliedMigrations(restored.db as Kysely<any>)).toEqual(migrationNames.slice(0, -1));
      await migrateToLatest(restored.db);
      const note = await restored.db.selectFrom('settings').select('value').where('key', '=', 'site.note').executeTakeFirst();
      expect(note?.value).toBe('from an older release');
    } finally {
      await restored.db.destroy();
    }
  });

  it('restores an archive that lacks files its rows name, and names them (archives of releases that left them out)', async () => {
    const target = await emptySite(kind);
    const { missingFiles } = await restoreBackup(target, withoutCompanyPictures);
    expect(missingFiles.map((m) => `${m.table} ${m.ref.store} ${m.ref.key}`)).toEqual([
      expect.stringMatching(/^settings media company\/[a-f0-9]{20}-\d+\.webp$/),
      expect.stringMatching(/^settings media company\/[a-f0-9]{20}-\d+\.webp$/),
    ]);
  });

  it('refuses a file that is not a backup archive', async () => {
    const notArchive = path.join(tempDir(), 'notes.tar.gz');
    fs.writeFileSync(notArchive, 'just some text');
    await expect(restoreBackup(await emptySite(kind), notArchive)).rejects.toThrow(/^The archive is truncated or damaged/);
  });
});

describe('checking an archive without a target', () => {
  it('reads every row, size and checksum, and names what is damaged or missing', async () => {
    const checked = await checkArchive(archive);
    expect(checked.tables.find((t) => t.name === 'inquiries')?.rows).toBe(2);
    expect(checked.files.attachments).toBe(4);
    const damaged = await rewriteArchive(archive, (name, data) =>
      name === 'db/inquiries.jsonl' ? Buffer.from(data.toString().replace('Anfrage', 'Anfrake')) : data,
    );
    await expect(checkArchive(damaged)).rejects.toThrow(
      "db/inquiries.jsonl in the archive is damaged: its checksum or row count differs from the manifest's",
    );
    const cut = await rewriteArchive(archive, (name, data) =>
      name === 'db/inquiries.jsonl' ? Buffer.from(data.toString().replace(/\}\n$/, '\n')) : data,
    );
    await expect(checkArchive(cut)).rejects.toThrow('db/inquiries.jsonl in the archive is damaged: row 2 is not JSON');
    const unreadable = await rewriteArchive(archive, (name, data) =>
      name === 'db/projects.jsonl' ? Buffer.from(data.toString().replace(/"pictures":"\[\{/, '"pictures":"[{{')) : data,
    );
    await expect(checkArchive(unreadable)).rejects.toThrow(
      /^db\/projects\.jsonl in the archive: row 1: a row of projects names its files in a form this release cannot read \(.*JSON.*\)$/,
    );
    await expect(checkArchive(withoutCompanyPictures)).rejects.toThrow(
      /^The archive lacks 2 files its rows name \(a row of settings names the media file company\/[a-f0-9]{20}-\d+\.webp, …\)$/,
    );
    await expect(checkArchive(path.join(archiveDir, 'absent.tar.gz'))).rejects.toThrow(/^There is no file .*absent\.tar\.gz$/);
  });

  it('restore --check refuses an archive of a newer schema, which this release could not restore', async () => {
    const newer = await rewriteArchive(archive, (name, data) => {
      if (name !== 'manifest.json') return data;
      const manifest = JSON.parse(data.toString());
      manifest.migrations.push('2099-01-01_from-the-future');
      return Buffer.from(JSON.stringify(manifest));
    });
    await expect(checkCommand(newer, { write: () => {} })).rejects.toThrow(
      /^The archive comes from a newer release: its schema has migration 2099-01-01_from-the-future/,
    );
  });

  it('restore prints a warning naming each file the archive lacks', async () => {
    let printed = '';
    const code = await restoreCommand(withoutCompanyPictures, testConfig(tempDir()), { write: (text) => (printed += text) });
    expect(code).toBe(0);
    expect(printed).toMatch(
      /\nWarning: the archive lacks 2 files its rows name \(taken by a release that left them out\), restored without them: settings → media\/company\/[a-f0-9]{20}-\d+\.webp, settings → media\/company\/[a-f0-9]{20}-\d+\.webp\n/,
    );
  });
});

describe('npm run admin -- backup / restore', () => {
  it('restore --check reads an archive with no target: exit code 0 when whole, 1 with one line when not', async () => {
    const whole = await runAdminCommand(['restore', '--check', archive], {});
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    expect(whole.stdout).toMatch(
      /^.*site\.tar\.gz \(taken .* from sqlite, release .*\) reads whole:\n {2}\d+ tables, \d+ rows, pictures: 5 files, attachments: 4 files \(.* MB\); every row parsed, every checksum matched, every file its rows name present\n$/,
    );
    const incomplete = await runAdminCommand(['restore', '--check', withoutCompanyPictures], {});
    expect(incomplete.code).toBe(1);
    expect(incomplete.stdout).toBe('');
    expect(incomplete.stderr).toMatch(/^Error: The archive lacks 2 files its rows name \(.*\)\n$/);
  });

  it('backs up DATA_DIR, restores it elsewhere, and refuses a second restore with one line and exit code 1', async () => {
    const source = tempDir();
    // A site made by restoring the test archive, then backed up and restored again through the command.
    const sqliteSource: Site = { dataDir: source, database: { kind: 'sqlite', file: path.join(source, 'site.sqlite') } };
    await restoreBackup(sqliteSource, archive);
    const file = path.join(tempDir(), 'again.tar.gz');
    const backup = await runAdminCommand(['backup', file], { DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup of SQLite .* written to .*again\.tar\.gz/);
    expect(backup.stdout).toMatch(/inquiries: 2\n/);
    expect(backup.stdout).toMatch(/attachments: 4 files/);
    expect(backup.stdout).toMatch(/\nRead back and checked: every row parsed, every checksum matched\.\n$/);

    const target = tempDir();
    const restore = await runAdminCommand(['restore', file], { DATA_DIR: target });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/inquiry_attachments: 4\n/);
    expect(restore.stdout).toMatch(/every checksum matched/);

    const again = await runAdminCommand(['restore', file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      /^Error: The target is not empty: it has .*2 inquiries rows, .*1 users row, .*5 media files in .*; restore only into an empty database and an empty DATA_DIR or bucket\.\n$/,
    );
  });
});
