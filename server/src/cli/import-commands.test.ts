import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runAdminCommand } from '../test/run-admin';
import { buildApp } from '../app';
import { openDatabase, sqliteFileIn } from '../db/database';
import { fixtureExport, fixtures } from '../modules/wordpress-import/wordpress-import.test-kit';
import { importWordpressCommand } from './import-commands';
import { tempDir, testConfig } from '../test/helper';

// npm run admin -- import-wordpress (decision 054): one run, since each spawn costs seconds; the
// import itself is tested over HTTP in modules/wordpress-import.

const runAdmin = (args: string[], dataDir: string) => runAdminCommand(args, { DATA_DIR: dataDir });

describe('npm run admin -- import-wordpress', () => {
  it('imports an export with a copy of its uploads folder, printing its progress and report', async () => {
    const dataDir = tempDir();
    // A site as npm start leaves it: created and migrated.
    const app = await buildApp(testConfig(dataDir), { logger: false });
    await app.close();
    const file = path.join(tempDir(), 'export.xml');
    fs.writeFileSync(file, fixtureExport);

    const run = await runAdmin(['import-wordpress', file, '--uploads', path.join(fixtures, 'uploads')], dataDir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  4/4 posts\n');
    expect(run.stdout).toContain(
      'Imported from Blitzschutz Mustermann GmbH:\nCreated: 2 draft projects; matched (imported before): 0\n',
    );
    expect(run.stdout).toContain('Pictures: 3 taken, 5 failed\n');
    expect(run.stdout).toContain('  /kontakt/ (Kontakt) → /contactus\n');
    expect(run.stdout).toContain(
      'Pictures without an alternative text:\n  Erdungsanlage für ein Rechenzentrum in Frankfurt: 2019/11/rechenzentrum-erdung.jpg\n',
    );

    const { db } = await openDatabase({ kind: 'sqlite', file: sqliteFileIn(dataDir) });
    try {
      const projects = await db.selectFrom('projects').select(['published']).execute();
      expect(projects).toEqual([{ published: 0 }, { published: 0 }]);
      const audit = await db
        .selectFrom('audit_log')
        .select(['user_name', 'summary'])
        .where('item_kind', '=', 'wordpressImport')
        .execute();
      expect(audit).toEqual([{ user_name: 'command line', summary: expect.stringContaining('2 created, 0 matched') }]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses to write beside a server running on the SQLite site, which would not see the import; a dry run works', async () => {
    const dataDir = tempDir();
    const config = testConfig(dataDir);
    const app = await buildApp(config, { logger: false });
    try {
      const file = path.join(tempDir(), 'export.xml');
      fs.writeFileSync(file, fixtureExport);
      const printed: string[] = [];
      const out = { write: (text: string) => void printed.push(text) };
      await expect(importWordpressCommand(file, { dryRun: false }, config, out)).rejects.toThrow(
        /^a server is running on this site \(DATA_DIR .*\): stop it before import-wordpress, or send the export to it \(POST \/api\/v1\/Import\/WordPress\)$/,
      );
      expect(printed).toEqual([]);

      vi.stubEnv('DATA_DIR', dataDir); // the command's database is the one the environment names
      const uploads = path.join(fixtures, 'uploads');
      expect(await importWordpressCommand(file, { dryRun: true, uploads }, config, out)).toBe(0);
      expect(printed.at(-1)).toMatch(
        /^Dry run \(nothing written\) from Blitzschutz Mustermann GmbH:\nWould create: 2 draft projects/,
      );
    } finally {
      vi.unstubAllEnvs();
      await app.close();
    }
  });
});
