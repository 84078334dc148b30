import crypto from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DatabaseKind, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { storedFiles } from '../site-modules';
import { listAll } from '../storage/object-storage';
import { createSiteStorage } from '../storage/site-storage';
import { databaseKinds, onCleanup, tempDir } from '../test/helper';
import { checkArchive } from './archive-reader';
import { type Site, createBackup } from './backup';
import { emptySite, readArchive, rewriteArchive } from './backup.test-kit';
import { type Table, listTables } from './backup.repository';
import { restoreBackup } from './restore';

// Whatever text a visitor or staff type goes into an archive and comes back out of it unchanged:
// line and paragraph separators (JSON allows U+2028/U+2029 raw; Node's readline breaks lines at
// them), every control character, lone surrogates and emoji, in every text column of every table.

const lineBreaks = ['\n', '\r', '\r\n', '\u000b', '\u000c', '\u001c', '\u001d', '\u001e', '\u0085', '\u2028', '\u2029'];
const controls = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
];
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];
const others = ['😀', '👩‍👩‍👧‍👦', '🇩🇪', '👍🏽', '\ufeff', '\u200d', '"', '\\', '\\u2028', 'ä', 'Guten Tag\u2028Zeile zwei'];
const everything = [...lineBreaks, ...controls, ...loneSurrogates, ...others];

/** PostgreSQL's text takes no U+0000 (no site form can store it there); SQLite's does. */
const storable = (kind: DatabaseKind) => (text: string) => (kind === 'postgres' ? text.replaceAll('\u0000', '') : text);

const textArbitrary = (kind: DatabaseKind) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...everything),
        fc.string({ unit: 'binary', maxLength: 6 }),
        fc.string({ unit: 'grapheme', maxLength: 3 }),
      ),
      { maxLength: 10 },
    )
    .map((pieces) => storable(kind)(pieces.join('')));

const portraitKey = 'company/0123456789abcdef0123-480.webp';
const attachmentKey = '0123456789abcdef0123456789abcdef';

/**
 * The columns that name stored files (the modules' declarations, site-modules.ts) keep values naming the files this test
 * stores, with the generated text where the value has room for it (the company document's texts);
 * a new declaration needs its value here.
 */
const fileColumnValues: Record<string, (text: string) => unknown> = {
  'projects.pictures': () => '[]',
  'projects.draft': () => null,
  'inquiry_attachments.storage_key': () => attachmentKey,
  'inquiry_reply_attachments.storage_key': () => attachmentKey,
  'wordpress_import_jobs.export_key': () => attachmentKey,
  'wordpress_import_jobs.uploads_key': () => null,
  // A document of the library (the media store), no picture.
  'library_files.storage_key': () => portraitKey,
  'library_files.picture': () => null,
  'settings.key': () => 'company',
  'settings.value': (text) =>
    JSON.stringify({
      settings: { name: text, person: { name: text, picture: `/media/${portraitKey}` }, partners: [] },
      updatedAt: '2026-11-25T00:00:00.000Z',
    }),
};

const isText = (type: string) => ['text', 'varchar'].includes(type.toLowerCase());
const isInteger = (type: string) => ['integer', 'int2', 'int4', 'int8'].includes(type.toLowerCase());
const namesFiles = (table: string, column: string) => storedFiles.some((d) => d.table === table && d.columns.includes(column));

/** Every row of every table, per table in the order of their JSON text. */
async function contentsOf(db: Kysely<any>, tables: Table[]): Promise<Record<string, unknown[]>> {
  const contents: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await db.selectFrom(table.name).selectAll().execute();
    contents[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

async function storedObjects(site: Site): Promise<Record<string, string>> {
  const storage = await createSiteStorage(site);
  try {
    const objects: Record<string, string> = {};
    for (const store of ['media', 'attachments'] as const) {
      for (const { key } of await listAll(storage[store])) {
        const object = await storage[store].open(key);
        const chunks: Buffer[] = [];
        for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
        objects[`${store}/${key}`] = crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
      }
    }
    return objects;
  } finally {
    storage.close();
  }
}

/** A migrated, empty site and its open database (closed after the test). */
async function migratedSite(kind: DatabaseKind): Promise<{ site: Site; db: Kysely<any>; tables: Table[] }> {
  const site = await emptySite(kind);
  const { db } = await openDatabase(site.database);
  onCleanup(() => db.destroy());
  await migrateToLatest(db);
  return { site, db: db as Kysely<any>, tables: await listTables(db as Kysely<any>) };
}

describe.each(databaseKinds)('text in an archive, on %s', (kind) => {
  it('survives backup and restore unchanged in every text column, whatever characters it holds', async () => {
    const { site: source, db, tables } = await migratedSite(kind);
    const textColumns = tables.flatMap((t) => t.columns.filter((c) => isText(c.type)).map((c) => `${t.name}.${c.name}`));
    expect(textColumns.length).toBeGreaterThan(50);
    const storage = await createSiteStorage(source);
    await storage.media.put(portraitKey, Buffer.from('a portrait'));
    await storage.attachments.put(attachmentKey, Buffer.from('an attachment'));
    storage.close();
    const files = await storedObjects(source);

    const roundTrip = async (texts: string[]) => {
      for (const table of [...tables].reverse()) await db.deleteFrom(table.name).execute();
      let next = 0;
      for (const table of tables) {
        const row: Record<string, unknown> = {};
        for (const column of table.columns) {
          const name = `${table.name}.${column.name}`;
          if (namesFiles(table.name, column.name)) {
            const value = fileColumnValues[name];
            if (!value) throw new Error(`No value for ${name}, which names stored files: add one`);
            row[column.name] = value(isText(column.type) ? texts[next++]! : '');
          } else if (isText(column.type)) row[column.name] = texts[next++];
          // Ids and foreign keys alike: every table has its one row, with id 1.
          else if (isInteger(column.type)) row[column.name] = 1;
          else throw new Error(`${name} is of type ${column.type}, which this test does not fill yet`);
        }
        await db.insertInto(table.name).values(row).execute();
      }
      const before = await contentsOf(db, tables);

      const file = path.join(tempDir(), 'site.tar.gz');
      await createBackup(source, file);
      for (const entry of await readArchive(file)) {
        // Written escaped: no tool that breaks lines at them cuts a row.
        for (const separator of ['\u2028', '\u2029', '\u0085']) expect(entry.data.includes(Buffer.from(separator))).toBe(false);
      }
      const target = await emptySite(kind);
      await restoreBackup(target, file);
      const restored = await openDatabase(target.database);
      try {
        expect(await contentsOf(restored.db as Kysely<any>, tables)).toEqual(before);
      } finally {
        await restored.db.destroy();
      }
      expect(await storedObjects(target)).toEqual(files);
    };

    // Joined with a letter between: two lone surrogates side by side may make a pair.
    const every = storable(kind)(everything.join('x'));
    await fc.assert(
      fc.asyncProperty(
        fc.array(textArbitrary(kind), { minLength: textColumns.length, maxLength: textColumns.length }),
        roundTrip,
      ),
      // First every character of the lists in every text column at once, then random mixtures.
      { numRuns: kind === 'sqlite' ? 8 : 5, examples: [[textColumns.map(() => every)]] },
    );
  });

  it('restores an archive written before the escaping, with U+2028 and U+2029 raw in its rows', async () => {
    const { site: source, db } = await migratedSite(kind);
    const message = 'Guten Tag\u2028Zeile zwei\u2029Absatz\u0085Ende';
    await db.insertInto('settings').values({ key: 'site.note', value: message }).execute();
    const file = path.join(tempDir(), 'site.tar.gz');
    await createBackup(source, file);

    // As releases before the escaping wrote it: the characters raw, the manifest's checksum of that.
    const entries = await readArchive(file);
    const escaped = entries.find((e) => e.name === 'db/settings.jsonl')!.data.toString();
    expect(escaped).toContain('Guten Tag\\u2028Zeile zwei\\u2029Absatz\\u0085Ende');
    const raw = Buffer.from(
      escaped.replace(/\\u(2028|2029|0085)/g, (_, code: string) => String.fromCharCode(parseInt(code, 16))),
    );
    const old = await rewriteArchive(file, (name, data) => {
      if (name === 'db/settings.jsonl') return raw;
      if (name !== 'manifest.json') return data;
      const manifest = JSON.parse(data.toString());
      const table = manifest.tables.find((t: { name: string }) => t.name === 'settings');
      table.bytes = raw.length;
      table.sha256 = crypto.createHash('sha256').update(raw).digest('hex');
      return Buffer.from(JSON.stringify(manifest));
    });

    expect((await checkArchive(old)).tables.find((t) => t.name === 'settings')?.rows).toBe(1);
    const target = await emptySite(kind);
    await restoreBackup(target, old);
    const restored = await openDatabase(target.database);
    try {
      const row = await restored.db.selectFrom('settings').select('value').where('key', '=', 'site.note').executeTakeFirst();
      expect(row?.value).toBe(message);
    } finally {
      await restored.db.destroy();
    }
  });
});
