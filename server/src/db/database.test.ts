import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helper';
import { openDatabase, sqliteFileIn } from './database';

describe('the SQLite database on disk', () => {
  it('is readable by its owner alone, in a data folder of the owner alone', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const { db } = await openDatabase({ kind: 'sqlite', file: sqliteFileIn(dataDir) });
    try {
      await sql`create table t (x text)`.execute(db);
      const mode = (file: string) => fs.statSync(file).mode & 0o777;
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(sqliteFileIn(dataDir))).toBe(0o600);
      expect(mode(`${sqliteFileIn(dataDir)}-wal`)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });

  it('takes group and other rights off a data folder and database file made before', async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(sqliteFileIn(dataDir), '', { mode: 0o644 });
    const { db } = await openDatabase({ kind: 'sqlite', file: sqliteFileIn(dataDir) });
    await db.destroy();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(sqliteFileIn(dataDir)).mode & 0o777).toBe(0o600);
  });
});
