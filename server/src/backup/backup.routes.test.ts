import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BackupEntry,
  apiRoutes,
  apiUrl,
  auditListSchema,
  backupEntrySchema,
  backupListSchema,
  checklistSchema,
} from '@blitz/contract';
import { signedInAs } from '../modules/accounts/accounts.test-kit';
import { createBackupStorage } from '../storage/site-storage';
import { listAll } from '../storage/object-storage';
import { type Backend, type TestApp, api, backends, signIn, startTestApp, tempDir } from '../test/helper';
import { checkArchive } from './archive-reader';
import { siteOfTestApp } from './backup.test-kit';
import { createSiteBackups } from './site-backups';

// Backups in the dashboard (issue 40, decision 044): the list, "back up now", the download, the
// nightly schedule and the keep count, on every database and storage backend.

async function started(backend: Backend, env: Record<string, string> = {}) {
  const test = await startTestApp(backend, env);
  const token = await signIn(test.url);
  const call = (method: string, route: string) => api(test.url, method, apiUrl(route), { token });
  return { ...test, token, call };
}

const list = async (call: (method: string, route: string) => ReturnType<typeof api>) => {
  const res = await call('GET', apiRoutes.backup.list);
  expect(res.status).toBe(200);
  return backupListSchema.parse(res.body);
};

/** The app's backups as the server keeps them, for the schedule's tests (a clock of their own). */
async function backupsOf(test: TestApp, overrides: { hour?: number | null; keep?: number } = {}) {
  const { storage, close } = await createBackupStorage(test.config);
  const backups = createSiteBackups({
    site: await siteOfTestApp(test),
    db: test.app.db,
    storage,
    log: test.app.log,
    hour: overrides.hour === undefined ? 3 : overrides.hour,
    keep: overrides.keep ?? 14,
  });
  return { backups, storage, close };
}

describe.each(backends)('backups in the dashboard on $name', (backend) => {
  it('writes a backup by the button, lists it with its check, downloads it whole, audits both, and the checklist counts it', async () => {
    const test = await started(backend);
    const { url, token, call } = test;
    expect(await list(call)).toEqual({
      data: [],
      count: 0,
      schedule: { hour: null, keep: 14, location: expect.stringMatching(/backups/) },
    });

    const created = await call('POST', apiRoutes.backup.list);
    expect(created.status).toBe(202);
    const entry = backupEntrySchema.parse(created.body);
    expect(entry).toMatchObject({ by: 'admin', check: { passed: true } });
    expect(entry.size).toBeGreaterThan(1000);
    expect(entry.check.tables).toBeGreaterThan(10);
    expect(entry.check.rows).toBeGreaterThan(0);
    expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(call)).data).toEqual([entry]);

    const download = await fetch(url + apiUrl(apiRoutes.backup.downloadPath(entry.id)), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(download.headers.get('content-disposition')).toContain(`blitz-backup-${entry.id}.tar.gz`);
    const file = path.join(tempDir(), 'downloaded.tar.gz');
    fs.writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    expect(fs.statSync(file).size).toBe(entry.size);
    const checked = await checkArchive(file);
    expect(checked.tables.length).toBe(entry.check.tables);

    // Never public: not under /media, nowhere in the public media storage.
    expect((await fetch(`${url}/media/backups/${entry.id}.tar.gz`)).status).toBe(404);
    expect((await fetch(`${url}/media/${entry.id}.tar.gz`)).status).toBe(404);
    expect((await listAll(test.app.media)).some((o) => o.key.includes(entry.id))).toBe(false);
    if (backend.storage === 'disk')
      expect(fs.existsSync(path.join(test.config.dataDir, 'backups', `${entry.id}.tar.gz`))).toBe(true);

    const audit = auditListSchema.parse((await api(url, 'GET', '/api/v1/Audit?Item=backup', { token })).body);
    expect(audit.data.map((e) => [e.action, e.item.kind, e.item.id, e.user.name])).toEqual([
      ['download', 'backup', entry.id, 'admin'],
      ['create', 'backup', entry.id, 'admin'],
    ]);

    const checklist = checklistSchema.parse((await call('GET', apiRoutes.goLive.checklist)).body);
    const item = checklist.items.find((i) => i.key === 'backup')!;
    expect(item.done).toBe(true);
    expect(item.detail!.lastBackup!.bytes).toBe(entry.size);
  });

  it('writes one backup at a time: a second press while one is written answers 409', async () => {
    const { call } = await started(backend);
    const answers = await Promise.all([call('POST', apiRoutes.backup.list), call('POST', apiRoutes.backup.list)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'conflict', detail: expect.stringMatching(/being written/) });
    expect((await list(call)).count).toBe(1);
    // Once it is done, the next one is written.
    expect((await call('POST', apiRoutes.backup.list)).status).toBe(202);
    expect((await list(call)).count).toBe(2);
  });

  it('keeps the newest BACKUP_KEEP backups and removes the older ones with their archives', async () => {
    const { call } = await started(backend, { BACKUP_KEEP: '2' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call('POST', apiRoutes.backup.list)).body.id);
    const kept = await list(call);
    expect(kept.schedule.keep).toBe(2);
    expect(kept.data.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect((await call('GET', apiRoutes.backup.downloadPath(ids[0]!))).status).toBe(404);
    expect((await call('GET', apiRoutes.backup.downloadPath(ids[1]!))).status).toBe(200);
  });

  it('answers bad and unknown ids with a clear 4xx, matches the path in any case, and refuses other roles', async () => {
    const { url, token, call } = await started(backend);
    const { id } = (await call('POST', apiRoutes.backup.list)).body as BackupEntry;
    const bad = await call('GET', apiRoutes.backup.downloadPath('test.sqlite'));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
    expect((await call('GET', apiRoutes.backup.downloadPath('x'.repeat(5000)))).status).toBeLessThan(500);
    const unknown = await call('GET', apiRoutes.backup.downloadPath('20200101-000000-abcd'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await api(url, 'GET', `/api/v1/backup/${id.toUpperCase()}/download`, { token })).status).toBe(200);
    expect((await api(url, 'GET', apiUrl(apiRoutes.backup.list))).status).toBe(401);
    const editor = (await signedInAs(url, token, 'redakteurin', 'editor')).token;
    for (const [method, route] of [
      ['GET', apiRoutes.backup.list],
      ['POST', apiRoutes.backup.list],
      ['GET', apiRoutes.backup.downloadPath(id)],
    ] as const) {
      const res = await api(url, method, apiUrl(route), { token: editor });
      expect(res.status, `${method} ${route}`).toBe(403);
    }
  });

  it('writes the nightly backup once a day from BACKUP_HOUR, Berlin time, and never when it is off', async () => {
    const test = await started(backend);
    const { backups, close } = await backupsOf(test, { hour: 3 });
    try {
      // 01:30 UTC = 02:30 in Berlin in winter: before the hour.
      expect(await backups.scheduledTask(() => new Date('2026-11-25T01:30:00Z')).run()).toEqual({ written: 0 });
      expect(await backups.scheduledTask(() => new Date('2026-11-25T02:10:00Z')).run()).toEqual({ written: 1, failed: 0 });
      expect(await backups.scheduledTask(() => new Date('2026-11-25T03:10:00Z')).run()).toEqual({ written: 0 });
      // A button's backup does not stand for the night's.
      const [nightly] = (await list(test.call)).data;
      expect(nightly).toMatchObject({ by: null, check: { passed: true } });
      expect(await backups.scheduledTask(() => new Date('2026-11-26T02:05:00Z')).run()).toEqual({ written: 1, failed: 0 });
      expect((await list(test.call)).count).toBe(2);
      const audit = auditListSchema.parse((await api(test.url, 'GET', '/api/v1/Audit?Item=backup', { token: test.token })).body);
      expect(audit.data.map((e) => e.user.name)).toEqual(['system', 'system']);
    } finally {
      close();
    }
    const off = await backupsOf(test, { hour: null });
    expect(await off.backups.scheduledTask(() => new Date('2026-11-27T12:00:00Z')).run()).toEqual({ written: 0 });
    off.close();
  });

  it('lists a failed backup with its reason, offers no download for it, and the checklist does not count it', async () => {
    const test = await started(backend);
    const { storage, close } = await createBackupStorage(test.config);
    const site = await siteOfTestApp(test);
    const broken = createSiteBackups({
      // A SQLite file that is not there: the backup fails before it writes anything.
      site: { ...site, database: { kind: 'sqlite', file: path.join(tempDir(), 'missing.sqlite') } },
      db: test.app.db,
      storage,
      log: test.app.log,
      hour: 3,
      keep: 14,
    });
    try {
      const entry = await broken.create(null);
      expect(entry).toMatchObject({ size: 0, check: { passed: false, error: expect.stringMatching(/no database/i) } });
      expect((await list(test.call)).data).toEqual([entry]);
      expect((await test.call('GET', apiRoutes.backup.downloadPath(entry.id))).status).toBe(404);
      const checklist = checklistSchema.parse((await test.call('GET', apiRoutes.goLive.checklist)).body);
      expect(checklist.items.find((i) => i.key === 'backup')!.done).toBe(false);
      // The next one that passes takes the failure's place.
      expect((await test.call('POST', apiRoutes.backup.list)).status).toBe(202);
      expect((await list(test.call)).data.map((e) => e.check.passed)).toEqual([true]);
    } finally {
      close();
    }
  });
});
