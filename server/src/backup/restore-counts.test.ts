import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { generalMessage, postContact, priceInquiry } from '../modules/contact/contact.test-kit';
import { inquiryStore } from '../modules/inbox/inbox.test-kit';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../test/helper';
import { createBackup } from './backup';
import { emptySite, siteOfTestApp, startAppOn } from './backup.test-kit';
import { restoreBackup } from './restore';

// Decision 055: the inquiries' kept counts are derived by triggers; an archive leaves them out and
// a restore's inserts count the restored inquiries again (restored as well, they would count twice).

const store = inquiryStore();
const application = { ...generalMessage, subject: 'application', message: 'Ich bewerbe mich als Monteur.' };
const lists = ['', 'Spam=true', 'Subject=priceInquiry', 'Subject=application&Handled=false', 'Handled=true', 'Status=new'];

async function listCounts(url: string, token: string) {
  const counts: Record<string, number> = {};
  for (const query of lists)
    counts[query] = (await api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?PageLength=1&${query}`, { token })).body.count;
  return counts;
}

describe.each(databaseKinds)('the inbox counts after a backup is restored, on %s', (kind) => {
  it('are rebuilt by a restore from the restored inquiries, never taken from the archive', async () => {
    const source = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const sourceToken = await signIn(source.url);
    await postContact(source.url, priceInquiry);
    const closed = (await postContact(source.url, application)).body.id as number;
    await api(source.url, 'PUT', apiUrl(apiRoutes.inbox.onePath(closed)), { token: sourceToken, body: { status: 'closed' } });
    for (let i = 0; i < 3; i++) await store(source.app.db, { spam: i === 0, email: `r${i}@example.org` });
    const expected = await listCounts(source.url, sourceToken);
    expect(expected['']).toBe(4);
    const file = path.join(tempDir(), 'site.tar.gz');
    await createBackup(await siteOfTestApp(source), file);

    const target = await emptySite(kind);
    const summary = await restoreBackup(target, file);
    expect(summary.tables.map((t) => t.name)).not.toContain('inquiry_counts');
    const { url, query } = await startAppOn(target);
    const token = await signIn(url);
    expect(await listCounts(url, token)).toEqual(expected);
    const kept = await query<{ n: number | string }>('select sum(n) as n from inquiry_counts');
    expect(Number(kept[0]!.n)).toBe(5);
    // And the restored site keeps counting.
    await postContact(url, priceInquiry);
    expect((await listCounts(url, token))['']).toBe(expected['']! + 1);
  }, 60_000);
});
