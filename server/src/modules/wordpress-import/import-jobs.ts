import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type ImportJob,
  type ImportReport,
  type WordpressImportOptions,
  importReportSchema,
  wordpressImportLimits,
  wordpressImportOptionsSchema,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { type AuditActor, runAs } from '../audit/audit-actor';
import { releaseLease, takeLease } from '../housekeeping/leases.repository';
import { type PictureSource, SourceError, openFolderSource, openZipSource, siteSource } from './picture-sources';
import {
  finishImportJob,
  findImportJob,
  insertImportJob,
  recordImportProgress,
  unfinishedImportJobs,
  type ImportJobRecord,
} from './wordpress-import.repository';
import { type ImportDeps, ImportStopped, recordImport, runImport } from './wordpress-import.service';
import { WxrError, type WxrExport, parseWxr } from './wxr';

/**
 * Imports as jobs (decision 054): the export and the uploads zip are kept in the attachments
 * storage (private, shared by every instance) while the job runs, its state, progress and report
 * in its row; one instance at a time runs jobs (a lease in the database, renewed as it goes). A
 * job cut off (the server stopped or died) is `running` still: the next start of any instance
 * takes it up again, and since every post is recorded by its GUID in the transaction that made
 * its project, nothing is created twice. When a job ends its files are removed.
 */

export type JobDeps = ImportDeps & { attachments: ObjectStorage };

/** Where a job's files are kept: the attachments storage, under a folder of their own (never swept as an inquiry's). */
const storedKey = (name: string) => `wordpress-import/${crypto.randomBytes(12).toString('hex')}/${name}`;

/** The refusal of an export that is not one, or is hostile (a DOCTYPE, too large): a problem, never a 500. */
export function exportRefusal(error: WxrError): HttpError {
  const errors = [{ field: 'file', message: error.message }];
  return error.code === 'too-large'
    ? new HttpError(413, 'payload_too_large', error.message, { errors })
    : new HttpError(400, 'validation', error.message, { errors });
}

export function sourceRefusal(error: SourceError): HttpError {
  const errors = [{ field: 'uploads', message: error.message }];
  return new HttpError(error.status, error.status === 413 ? 'payload_too_large' : 'validation', error.message, { errors });
}

/** Reads the export file, refusing what is not a WordPress export as a problem. */
export async function readExport(file: string): Promise<WxrExport> {
  try {
    return await parseWxr(fs.createReadStream(file), { maxBytes: wordpressImportLimits.exportMaxBytes });
  } catch (error) {
    if (error instanceof WxrError) throw exportRefusal(error);
    throw error;
  }
}

/** Where the pictures come from: the uploads (a zip, or a folder on the command line), else the old site itself. */
export async function openSource(
  exported: WxrExport,
  uploads: { zip?: string; folder?: string },
  siteUrl: string | null = null,
): Promise<PictureSource> {
  try {
    if (uploads.zip) return await openZipSource(uploads.zip);
    if (uploads.folder) return await openFolderSource(uploads.folder);
  } catch (error) {
    if (error instanceof SourceError) throw sourceRefusal(error);
    throw error;
  }
  return siteSource(exported.site.baseSiteUrl, { confirmedUrl: siteUrl });
}

/** A temporary folder of this process, removed by `done`. */
export async function scratchFolder(): Promise<{ folder: string; done: () => Promise<void> }> {
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'wordpress-import-'));
  return { folder, done: () => fsp.rm(folder, { recursive: true, force: true }) };
}

/** Keeps the export (and the zip) in the storage and queues a job for them. */
export async function queueImportJob(
  deps: JobDeps,
  files: { exportFile: string; uploadsZip: string | undefined },
  options: Pick<WordpressImportOptions, 'categories' | 'postTypes' | 'siteUrl'>,
  actor: AuditActor,
): Promise<number> {
  const exportKey = storedKey('export.xml');
  const uploadsKey = files.uploadsZip ? storedKey('uploads.zip') : null;
  await deps.attachments.put(exportKey, fs.createReadStream(files.exportFile));
  try {
    if (uploadsKey) await deps.attachments.put(uploadsKey, fs.createReadStream(files.uploadsZip!));
    return await insertImportJob(deps.db, {
      options: JSON.stringify({ categories: options.categories, postTypes: options.postTypes, siteUrl: options.siteUrl }),
      exportKey,
      uploadsKey,
      userId: actor.id,
      userName: actor.name,
    });
  } catch (error) {
    await deps.attachments.remove([exportKey, ...(uploadsKey ? [uploadsKey] : [])]);
    throw error;
  }
}

export function toImportJob(record: ImportJobRecord): ImportJob {
  let report: ImportReport | null = null;
  if (record.report) {
    const parsed = importReportSchema.safeParse(JSON.parse(record.report));
    report = parsed.success ? parsed.data : null;
  }
  return {
    id: record.id,
    state: record.state,
    progress: { done: record.done, total: record.total },
    report,
    error: record.error,
    createdBy: record.userName,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt,
  };
}

async function download(storage: ObjectStorage, key: string, file: string): Promise<boolean> {
  const object = await storage.open(key);
  if (!object) return false;
  await pipeline(object.stream, fs.createWriteStream(file, { mode: 0o600 }));
  return true;
}

export type JobRunOptions = {
  signal?: AbortSignal;
  /** Called after each post (tests cut a job there). */
  onProgress?: (done: number, total: number) => void;
};

/**
 * Runs (or resumes) one job to its end: `done` with its report, or `failed` with the reason; its
 * files removed either way. Stopped between two posts (`signal`), it stays `running` for a resume.
 */
export async function runImportJob(deps: JobDeps, id: number, options: JobRunOptions = {}): Promise<void> {
  const job = await findImportJob(deps.db, id);
  if (!job || (job.state !== 'queued' && job.state !== 'running')) return;
  const actor: AuditActor = { id: job.userId, name: job.userName };
  const scratch = await scratchFolder();
  let source: PictureSource | undefined;
  const ended = async (outcome: { state: 'done' | 'failed'; report: string | null; error: string | null }) => {
    await finishImportJob(deps.db, id, outcome);
    await deps.attachments.remove([job.exportKey, job.uploadsKey].filter((k): k is string => k !== null));
  };
  try {
    const exportFile = path.join(scratch.folder, 'export.xml');
    if (!job.exportKey || !(await download(deps.attachments, job.exportKey, exportFile))) {
      await ended({ state: 'failed', report: null, error: 'The stored export is gone; send it again.' });
      return;
    }
    const zip = job.uploadsKey ? path.join(scratch.folder, 'uploads.zip') : undefined;
    if (zip && !(await download(deps.attachments, job.uploadsKey!, zip))) {
      await ended({ state: 'failed', report: null, error: 'The stored uploads zip is gone; send it again.' });
      return;
    }
    // The options as queued (a job queued before `siteUrl` existed has none: the export's address).
    const choice = wordpressImportOptionsSchema.safeParse(JSON.parse(job.options));
    if (!choice.success) {
      await ended({ state: 'failed', report: null, error: 'The import options stored with the job cannot be read.' });
      return;
    }
    const exported = await readExport(exportFile);
    source = await openSource(exported, zip ? { zip } : {}, choice.data.siteUrl);
    const sofar = job.state === 'running' && job.report ? importReportSchema.safeParse(JSON.parse(job.report)) : undefined;
    const report = await runAs(actor, () =>
      runImport(deps, exported, source!, {
        dryRun: false,
        jobId: id,
        categories: choice.data.categories,
        postTypes: choice.data.postTypes,
        ...(options.signal ? { signal: options.signal } : {}),
        resume: sofar?.success ? { report: sofar.data, done: job.done } : undefined,
        onProgress: async (done, total, current) => {
          await recordImportProgress(deps.db, id, { done, total, report: JSON.stringify(current) });
          options.onProgress?.(done, total);
        },
      }),
    );
    await runAs(actor, () => recordImport(deps.db, report, exported.site.title, id));
    await ended({ state: 'done', report: JSON.stringify(report), error: null });
    deps.log.info({ job: id, created: report.created, matched: report.matched }, 'wordpress import done');
  } catch (error) {
    if (error instanceof ImportStopped) {
      deps.log.info({ job: id }, 'wordpress import stopped; it resumes on the next start');
      return;
    }
    deps.log.error({ err: error, job: id }, 'wordpress import failed');
    const message = error instanceof HttpError ? error.message : 'The import failed on the server; see its log.';
    await ended({ state: 'failed', report: null, error: message }).catch(() => undefined);
  } finally {
    await source?.close();
    await scratch.done();
  }
}

/** The lease of the instance that runs the jobs. */
export const importLeaseName = 'wordpress-import';
/** Long enough for one post's pictures (20 of them, 20 s each at most) between two renewals. */
const leaseMs = 15 * 60_000;

/**
 * Runs the queued and cut-off jobs of the database, one after the other, on one instance at a
 * time (the lease, renewed after every post). After each job it looks again, so a job another
 * instance queued meanwhile is run too. `start` once the server is ready: it looks at once and
 * then every `retryMs`, so that a job whose instance died holding the lease (killed mid-post, its
 * lease left to run out) is taken up by whichever instance looks after the lease ran out, and a
 * job it could not end (the database away) is tried again. `kick` after queueing a job; `stop` on
 * shutdown (the running job stops between two posts and resumes later).
 */
export function createImportRunner(deps: JobDeps, { retryMs = 60_000 }: { retryMs?: number } = {}) {
  const owner = crypto.randomUUID();
  const controller = new AbortController();
  let running: Promise<void> | undefined;
  // A kick while a round runs: it may have looked for jobs already, so another round follows.
  let kicked = false;
  let timer: NodeJS.Timeout | undefined;

  const hold = () => takeLease(deps.db, importLeaseName, owner, new Date(), new Date(Date.now() + leaseMs));

  async function drain(): Promise<void> {
    // A look costs a read; the lease (a write) only when there is a job to run.
    if ((await unfinishedImportJobs(deps.db)).length === 0) return;
    if (!(await hold())) return;
    const tried = new Set<number>();
    try {
      for (;;) {
        const next = (await unfinishedImportJobs(deps.db)).find((id) => !tried.has(id));
        if (next === undefined || controller.signal.aborted) return;
        tried.add(next);
        await runImportJob(deps, next, { signal: controller.signal, onProgress: () => void hold().catch(() => undefined) });
      }
    } finally {
      await releaseLease(deps.db, importLeaseName, owner).catch(() => undefined);
    }
  }

  function kick(): void {
    if (controller.signal.aborted) return;
    if (running) {
      kicked = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => deps.log.error({ err: error }, 'wordpress import runner failed'))
      .finally(() => {
        running = undefined;
        if (kicked) {
          kicked = false;
          kick();
        }
      });
  }

  return {
    kick,
    start() {
      kick();
      timer ??= setInterval(kick, retryMs).unref();
    },
    async stop() {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
