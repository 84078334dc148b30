import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { PageManifest } from '@blitz/contract';
import type { Db } from '../../db/database';
import { TimeoutError, withTimeout } from '../../lib/with-timeout';
import { migrationNames, migrationStatus } from '../../db/migrate';
import { outboxBacklog } from '../../mail/outbox.repository';
import type { ClamdAddress } from '../../config';
import { pingClamd } from '../contact/malware-scanner';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ContentVersionSource } from '../content/content-version-watcher';

/**
 * Why a check failed, in a word: no error text, path or address of the machine behind it leaves
 * the server (the answer is public); the log has the details.
 */
const reason = z.enum(['timeout', 'error', 'missing', 'stuck', 'mismatch']);
const checkSchema = z.object({ ok: z.boolean(), reason: reason.optional() });

export const readinessSchema = z.object({
  status: z.enum(['ok', 'fail']),
  /** The names of the failing checks (empty when ready). */
  failing: z.array(z.string()),
  /**
   * Checks that fail without making the instance unready (it answers correctly, at a higher
   * cost): `contentVersion` while the PostgreSQL notifications are not received. Absent when none.
   */
  degraded: z.array(z.string()).optional(),
  checks: z.object({
    database: checkSchema,
    /** The database's applied migrations are exactly this release's (not after a `migrate down`, nor a newer release's). */
    schema: checkSchema,
    storage: checkSchema,
    webBuild: checkSchema,
    /** Only where CLAMD_URL is set. */
    clamd: checkSchema.optional(),
    outbox: checkSchema.extend({ oldestDueAgeSeconds: z.number().nullable() }),
    /**
     * How the instance learns the content version (decision 038): `notifications` (PostgreSQL,
     * listening), `own-writes` (SQLite), or `reads` (PostgreSQL without the listening connection:
     * the version is read per request while it is reconnected; degraded, not failing).
     */
    contentVersion: checkSchema.extend({ source: z.enum(['own-writes', 'notifications', 'reads']) }).optional(),
  }),
});

export type Readiness = z.infer<typeof readinessSchema>;

/**
 * What /readyz tells anyone: whether the instance is ready and the names of the failing checks
 * (a failing `clamd` check does show that a scanner is configured). The checks' details (reasons,
 * how long the oldest mail has waited, the checks that pass) only with the metrics token.
 */
export const readinessAnswerSchema = readinessSchema.extend({ checks: readinessSchema.shape.checks.optional() });
type Check = z.infer<typeof checkSchema>;

/** Each check's limit: all run at once, so /readyz answers within about this long, even with PostgreSQL hanging. */
export const checkTimeoutMs = 1500;

/** A result this young is answered again instead of checking anew: a flood of probes costs no more than one per second. */
const reuseForMs = 1000;

/** A failed storage probe is tried again after this long (or the interval, if shorter), so that a mended store is seen soon. */
const storageRetryAfterFailureMs = 5000;

export type ReadinessDeps = {
  db: Db;
  media: ObjectStorage;
  attachments: ObjectStorage;
  webDist: string;
  clamd: ClamdAddress | undefined;
  outboxMaxAgeMs: number;
  /** A passed storage probe is reused this long: each probe writes and deletes an object per store (on S3, paid requests). */
  storageProbeMs: number;
  log: FastifyBaseLogger;
  /** Where the content version comes from now (the watcher's `source`). */
  contentVersion?: () => ContentVersionSource;
};

/** The web build has what page serving needs: the page manifest, every page it names, the assets folder. */
async function checkWebBuild(webDist: string): Promise<boolean> {
  let manifest: PageManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(webDist, 'pages', 'manifest.json'), 'utf8')) as PageManifest;
  } catch {
    return false;
  }
  const files = Object.values(manifest.files ?? {}).flatMap((languages) => Object.values(languages ?? {}));
  if (files.length === 0) return false;
  const present = await Promise.all(
    [...files.map((file) => path.join(webDist, file)), path.join(webDist, 'assets')].map((file) =>
      fsp.access(file).then(
        () => true,
        () => false,
      ),
    ),
  );
  return present.every(Boolean);
}

/**
 * Every migration this release knows is applied (none undone by a `migrate down`). Migrations of
 * a newer release beyond them do not fail it: in a rolling upgrade on PostgreSQL the first new
 * instance migrates while the old ones still serve, and taking them all out at that moment, before
 * a new one is ready, would take the site down (the old release refuses that schema at its next start).
 */
async function checkMigrations(db: Db): Promise<boolean> {
  const status = await migrationStatus(db);
  const applied = new Set(status.filter((m) => m.known && m.appliedAt !== null).map((m) => m.name));
  return migrationNames.every((name) => applied.has(name));
}

/**
 * Writes a small object through each storage the app writes to, streamed as an upload is, and
 * removes it again: on disk a read-only or full disk, a vanished folder or lost permissions fail
 * it; on S3 an unreachable endpoint, a missing bucket or wrong keys.
 */
async function probeStorage(media: ObjectStorage, attachments: ObjectStorage): Promise<void> {
  // Unique per probe: instances sharing DATA_DIR or a bucket probe at the same time without meeting.
  const key = `readyz-${crypto.randomBytes(8).toString('hex')}.probe`;
  for (const storage of [media, attachments]) {
    try {
      await storage.put(key, Readable.from([Buffer.from('ready\n')]));
    } finally {
      await storage.remove([key]).catch(() => {});
    }
  }
}

/**
 * The readiness of this instance to take traffic: the database answers with this release's schema, storage takes writes, the
 * web build is there, ClamAV answers (where configured), and the outbox is not stuck. Checks run
 * in parallel, each bounded by `checkTimeoutMs`; one evaluation runs at a time, and its result is
 * reused for a second; the storage probe's for `storageProbeMs` while it passes. A change between ready and not ready is logged with the failing checks.
 */
export function createReadiness(deps: ReadinessDeps): { evaluate(): Promise<Readiness> } {
  let running: Promise<Readiness> | undefined;
  let last: { at: number; result: Readiness } | undefined;
  let lastStorage: { at: number; result: { check: Check } } | undefined;

  async function run<T>(name: string, work: () => Promise<T>): Promise<{ check: Check; value?: T }> {
    try {
      return { check: { ok: true }, value: await withTimeout(checkTimeoutMs, work) };
    } catch (error) {
      const timedOut = error instanceof TimeoutError;
      deps.log.warn({ check: name, ...(timedOut ? { timeoutMs: checkTimeoutMs } : { err: error }) }, 'readiness check failed');
      return { check: { ok: false, reason: timedOut ? 'timeout' : 'error' } };
    }
  }

  /** The storage probe, at most once per `storageProbeMs` while it passes; a failure is probed again after a few seconds. */
  async function storage(): Promise<{ check: Check }> {
    const age = lastStorage ? Date.now() - lastStorage.at : Infinity;
    const reuseFor = lastStorage?.result.check.ok
      ? deps.storageProbeMs
      : Math.min(storageRetryAfterFailureMs, deps.storageProbeMs);
    if (lastStorage && age < reuseFor) return lastStorage.result;
    const result = await run('storage', () => probeStorage(deps.media, deps.attachments));
    lastStorage = { at: Date.now(), result };
    return result;
  }

  async function evaluate(): Promise<Readiness> {
    const now = new Date();
    const [database, schema, storageResult, webBuild, clamd, outbox] = await Promise.all([
      run('database', () => sql`select 1`.execute(deps.db)),
      run('schema', () => checkMigrations(deps.db)),
      storage(),
      run('webBuild', () => checkWebBuild(deps.webDist)),
      deps.clamd ? run('clamd', () => pingClamd(deps.clamd!, checkTimeoutMs)) : undefined,
      run('outbox', () => outboxBacklog(deps.db, now.toISOString())),
    ]);
    const webBuildCheck: Check = webBuild.check.ok && !webBuild.value ? { ok: false, reason: 'missing' } : webBuild.check;
    const schemaCheck: Check = schema.check.ok && !schema.value ? { ok: false, reason: 'mismatch' } : schema.check;
    const oldestDueAt = outbox.value?.oldestDueAt;
    const oldestDueAgeSeconds = oldestDueAt ? Math.max(0, Math.round((now.getTime() - Date.parse(oldestDueAt)) / 1000)) : null;
    const outboxCheck: Check =
      outbox.check.ok && oldestDueAgeSeconds !== null && oldestDueAgeSeconds * 1000 > deps.outboxMaxAgeMs
        ? { ok: false, reason: 'stuck' }
        : outbox.check;
    const checks: Readiness['checks'] = {
      database: database.check,
      schema: schemaCheck,
      storage: storageResult.check,
      webBuild: webBuildCheck,
      ...(clamd ? { clamd: clamd.check } : {}),
      outbox: { ...outboxCheck, oldestDueAgeSeconds },
    };
    const failing = Object.entries(checks)
      .filter(([, check]) => !check.ok)
      .map(([name]) => name);
    const source = deps.contentVersion?.();
    if (!source) return { status: failing.length === 0 ? 'ok' : 'fail', failing, checks };
    const told = source !== 'reads';
    checks.contentVersion = told ? { ok: true, source } : { ok: false, reason: 'error', source };
    return {
      status: failing.length === 0 ? 'ok' : 'fail',
      failing,
      ...(told ? {} : { degraded: ['contentVersion'] }),
      checks,
    };
  }

  return {
    evaluate() {
      if (last && Date.now() - last.at < reuseForMs) return Promise.resolve(last.result);
      running ??= evaluate()
        .then((result) => {
          if (result.status !== last?.result.status) {
            if (result.status === 'ok') deps.log.info({ ready: true }, 'ready');
            else deps.log.warn({ ready: false, failing: result.failing }, 'not ready');
          }
          last = { at: Date.now(), result };
          return result;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}
