import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type MailTemplate, mailTemplateListSchema } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../test/helper';
import { createBackup } from './backup';
import { emptySite, siteOfTestApp, startAppOn } from './backup.test-kit';
import { restoreBackup } from './restore';

// The settings table travels whole; this holds it for what staff write there as words of their
// own (decision 056: backups carry the mail templates).

async function confirmationOf(url: string, token: string): Promise<MailTemplate> {
  const res = await api(url, 'GET', '/api/v1/MailTemplate', { token });
  expect(res.status).toBe(200);
  return mailTemplateListSchema
    .parse(res.body)
    .data.find((t) => t.type === 'application' && t.kind === 'confirmation' && t.language === 'de')!;
}

describe.each(databaseKinds)('settings in a backup, on %s', (kind) => {
  it('keeps a saved mail template through a backup and a restore', async () => {
    const source = await startTestApp(kind);
    const token = await signIn(source.url);
    const body = 'Wir antworten innerhalb von zwei Wochen.';
    const read = await confirmationOf(source.url, token);
    expect((await api(source.url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...read, body } })).status).toBe(200);
    const file = path.join(tempDir(), 'site.tar.gz');
    await createBackup(await siteOfTestApp(source), file);
    const target = await emptySite(kind);
    await restoreBackup(target, file);
    const site = await startAppOn(target);
    expect(await confirmationOf(site.url, await signIn(site.url))).toMatchObject({ body, isDefault: false });
  });
});
