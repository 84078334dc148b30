import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { ImportReport } from '@blitz/contract';
import { type Config, loadConfig } from '../config';
import { SiteInUseError, holdSiteExclusively } from '../db/instance-lock';
import { commandLineActor, runAs } from '../modules/audit/audit-actor';
import { mediaAddress } from '../media/media-address';
import { openSource, readExport } from '../modules/wordpress-import/import-jobs';
import { recordImport, runImport } from '../modules/wordpress-import/wordpress-import.service';
import { createSiteStorage } from '../storage/site-storage';
import { withSiteDatabase } from './site-database';

// npm run admin -- import-wordpress FILE [--uploads DIR_OR_ZIP] [--dry-run] (decision 054): the
// same import as the dashboard's, run here to its end with its progress printed. A run cut off
// (Ctrl+C) is taken up by running it again: posts already imported are matched by their GUID.

type Output = { write: (text: string) => void };

export type ImportCommandOptions = { uploads?: string | undefined; dryRun: boolean };

export function reportText(report: ImportReport): string {
  const lines = [
    `${report.dryRun ? 'Would create' : 'Created'}: ${report.created} draft projects; matched (imported before): ${report.matched}`,
    `Pictures: ${report.pictures.fetched} taken, ${report.pictures.failed} failed`,
    `Redirects ${report.dryRun ? 'to add' : 'added'}: ${report.redirects}`,
  ];
  if (report.categoriesCreated.length > 0)
    lines.push(`Categories ${report.dryRun ? 'to create' : 'created'}: ${report.categoriesCreated.join(', ')}`);
  if (report.skipped.length > 0) lines.push('Skipped:', ...report.skipped.map((s) => `  ${s.item}: ${s.reason}`));
  if (report.missingAlt.length > 0)
    lines.push('Pictures without an alternative text:', ...report.missingAlt.map((m) => `  ${m.item}: ${m.picture}`));
  if (report.pages.length > 0)
    lines.push(
      'Pages (not imported; for the redirects):',
      ...report.pages.map((p) => `  ${p.from} (${p.title}) → ${p.suggested ?? 'no page suggested'}`),
    );
  return `${lines.join('\n')}\n`;
}

export async function importWordpressCommand(
  file: string,
  options: ImportCommandOptions,
  config: Config = loadConfig(),
  out: Output = process.stdout,
): Promise<number> {
  const exported = await readExport(file);
  let uploads: { zip?: string; folder?: string } = {};
  if (options.uploads) {
    const stat = await fsp.stat(options.uploads).catch(() => undefined);
    if (!stat) throw new Error(`no such file or folder: ${options.uploads}`);
    uploads = stat.isDirectory() ? { folder: options.uploads } : { zip: options.uploads };
  }
  // A server on SQLite makes every write itself and never rereads what it caches (the redirects,
  // kept pages; decision 038): an import written beside it would not be seen. PostgreSQL's servers
  // hear the import's content version at its commit.
  const release =
    config.databaseUrl || options.dryRun
      ? undefined
      : await holdSiteExclusively(config, 'import-wordpress').catch((error: unknown) => {
          if (!(error instanceof SiteInUseError)) throw error;
          throw new SiteInUseError(`${error.message}, or send the export to it (POST /api/v1/Import/WordPress)`);
        });
  try {
    return await importInto({ config, file, exported, uploads, dryRun: options.dryRun, out });
  } finally {
    await release?.();
  }
}

type ImportRun = {
  config: Config;
  file: string;
  exported: Awaited<ReturnType<typeof readExport>>;
  uploads: { zip?: string; folder?: string };
  dryRun: boolean;
  out: Output;
};

async function importInto({ config, file, exported, uploads, dryRun, out }: ImportRun): Promise<number> {
  const source = await openSource(exported, uploads);
  const storage = await createSiteStorage(config);
  try {
    const report = await withSiteDatabase((db) => {
      const log = pino({ level: 'warn' }, pino.destination(2)) as unknown as FastifyBaseLogger;
      const deps = { db, media: storage.media, log, mediaUrl: mediaAddress(config.mediaPublicUrl) };
      return runAs(commandLineActor, async () => {
        const made = await runImport(deps, exported, source, {
          dryRun,
          jobId: null,
          categories: [],
          postTypes: [],
          onProgress: async (done, total) => out.write(`  ${done}/${total} posts\n`),
        });
        if (!dryRun) await recordImport(db, made, exported.site.title, null);
        return made;
      });
    });
    out.write(`${dryRun ? 'Dry run (nothing written)' : 'Imported'} from ${exported.site.title || file}:\n${reportText(report)}`);
    return 0;
  } finally {
    await source.close();
    storage.close();
  }
}
