import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditList, type BackupList, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Backups in the dashboard (issue 40, decision 044): the office manager sees the nightly backup
// with its self-check, takes one with the button and downloads it. In German on a phone and in
// English on a desktop.

// From midnight on: the server writes the day's nightly backup in its first housekeeping round.
const site = useSite({ SEED_SAMPLE: 'false', BACKUP_HOUR: '0', BACKUP_KEEP: '5' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  // The first round runs as the server starts: wait until its backup is listed.
  const deadline = Date.now() + 60_000;
  while ((await api<BackupList>(site.url, token, 'GET', apiRoutes.backup.list)).count === 0) {
    if (Date.now() > deadline) throw new Error('no nightly backup was written at start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

const texts = {
  de: {
    tab: 'Sicherungen',
    schedule:
      'Jede Nacht ab 0 Uhr (Berliner Zeit) wird eine Sicherung der ganzen Website geschrieben; die neuesten 5 werden aufbewahrt',
    nightly: 'Nächtlich (automatisch)',
    checked: 'Geprüft:',
    now: 'Jetzt sichern',
    written: 'Sicherung geschrieben',
    download: 'Herunterladen',
    restore: 'Eine Sicherung zurückspielen',
  },
  en: {
    tab: 'Backups',
    schedule: 'Every night from 0:00 (Berlin time) a backup of the whole site is written; the newest 5 are kept',
    nightly: 'Nightly (automatic)',
    checked: 'Checked:',
    now: 'Back up now',
    written: 'Backup written',
    download: 'Download',
    restore: 'Restoring a backup',
  },
} as const;

async function backupsTab(lang: 'de' | 'en', phone: boolean): Promise<Page> {
  const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
  await page.locator('main').getByRole('tab', { name: texts[lang].tab }).click();
  await page.locator('main table').waitFor();
  await page.locator('main tbody [role=status]').waitFor({ state: 'detached' });
  return page;
}

describe.each(['de', 'en'] as const)('backups in %s', (lang) => {
  const t = texts[lang];

  it('shows the nightly backup with its self-check, writes one by the button and downloads it', async () => {
    const page = await backupsTab(lang, lang === 'de');
    const main = page.locator('main');
    await main.getByText(t.schedule).waitFor();
    const nightly = main.locator('tbody tr', { hasText: t.nightly });
    await nightly.first().waitFor();
    expect(await nightly.first().textContent()).toContain(t.checked);
    await main.getByRole('heading', { name: t.restore }).waitFor();
    await main.getByText('npm run admin -- restore FILE', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const before = (await api<BackupList>(site.url, token, 'GET', apiRoutes.backup.list)).count;
    await main.getByRole('button', { name: t.now }).click();
    await main.locator('[role=status]', { hasText: t.written }).waitFor({ timeout: 60_000 });
    const list = await api<BackupList>(site.url, token, 'GET', apiRoutes.backup.list);
    expect(list.count).toBe(before + 1);
    const newest = list.data[0]!;
    expect(newest).toMatchObject({ by: 'admin', check: { passed: true } });
    const row = main.locator('tbody tr', { hasText: 'admin' }).first();
    expect(await row.textContent()).toContain(t.checked);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: t.download }).click()]);
    expect(download.suggestedFilename()).toBe(`blitz-backup-${newest.id}.tar.gz`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.length).toBe(newest.size);
    // gzip's magic number.
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);

    const audit = await api<AuditList>(site.url, token, 'GET', `${apiRoutes.audit.list}?Item=backup:${newest.id}`);
    expect(audit.data.map((e) => e.action)).toEqual(['download', 'create']);
  });
});
