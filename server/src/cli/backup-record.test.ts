import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl, checklistSchema } from '@blitz/contract';
import { siteOfTestApp } from '../backup/backup.test-kit';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../test/helper';
import { recordedBackup } from './backup-commands';

// `npm run admin -- backup` records each backup's time and size; the dashboard's go-live checklist shows the last one.

async function backupItem(url: string, token: string) {
  const res = await api(url, 'GET', apiUrl(apiRoutes.goLive.checklist), { token });
  expect(res.status).toBe(200);
  return checklistSchema.parse(res.body).items.find((i) => i.key === 'backup')!;
}

describe.each(databaseKinds)('the backup record on %s', (kind) => {
  it('records each backup taken with the admin command, and shows the last one', async () => {
    const testApp = await startTestApp(kind);
    const token = await signIn(testApp.url);
    expect((await backupItem(testApp.url, token)).done).toBe(false);
    const file = path.join(tempDir(), 'site.tar.gz');
    const { summary, recordError } = await recordedBackup(await siteOfTestApp(testApp), file);
    expect(recordError).toBeUndefined();
    const backup = await backupItem(testApp.url, token);
    expect(backup.done).toBe(true);
    expect(backup.detail!.lastBackup!.bytes).toBe(summary.bytes);
    expect(Date.parse(backup.detail!.lastBackup!.at)).toBeGreaterThan(Date.now() - 60_000);
  });
});
