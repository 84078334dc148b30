import { describe, expect, it } from 'vitest';
import { type Checklist, type ChecklistKey, checklistKeys, checklistSchema, defaultCompanyDetails } from '@blitz/contract';
import { seedSampleContent, seedSampleJobs } from '../../sample-content/seed';
import { smallSamplePictures } from '../../sample-content/sample-content.test-kit';
import { sampleProjects } from '../../sample-content/sample-content';
import { dataUrl, testPhoto } from '../../test/pictures';
import { SmtpSink } from '../../test/smtp-sink';
import { type TestApp, api, databaseKinds, signIn, startTestApp, testAdmin } from '../../test/helper';
import { currentTotp } from '../auth/second-factor';

const checklistPath = '/api/v1/Settings/Checklist';
const itemPath = (key: string) => `${checklistPath}/${key}`;
const removePath = '/api/v1/Settings/SampleContent/Remove';

const realCompany = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk.de',
  vatId: 'DE123456789',
};
const mailSettings = {
  recipients: {
    generalMessage: ['info@blitzwerk.de'],
    priceInquiry: ['vertrieb@blitzwerk.de'],
    application: ['personal@blitzwerk.de'],
  },
  sender: 'website@blitzwerk.de',
  replyTo: 'info@blitzwerk.de',
};

async function checklist(url: string, token: string, headers: Record<string, string> = {}): Promise<Checklist> {
  const res = await api(url, 'GET', checklistPath, { token, headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return checklistSchema.parse(res.body);
}

const item = (list: Checklist, key: ChecklistKey) => list.items.find((i) => i.key === key)!;

/** Seeds a few sample projects (with their categories) and the sample jobs, as an empty site's first start does. */
async function seedSamples(testApp: TestApp) {
  const deps = { db: testApp.database.db, media: testApp.app.media, log: testApp.app.log };
  expect(await seedSampleContent(deps, smallSamplePictures, sampleProjects.slice(0, 3))).toBe(true);
  expect(await seedSampleJobs(deps)).toBe(true);
}

async function exists(testApp: TestApp, key: string): Promise<boolean> {
  const object = await testApp.app.media.open(key);
  object?.stream.destroy();
  return object !== undefined;
}

describe.each(databaseKinds)('go-live checklist API on %s', (kind) => {
  it('lists every item of a fresh site as not done; saving the company ticks its item off', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const fresh = await checklist(url, token);
    expect(fresh.items.map((i) => i.key)).toEqual([...checklistKeys]);
    expect(fresh.complete).toBe(false);
    // A fresh test site has no sample content (SEED_SAMPLE=false): nothing to remove; and it
    // replaces no earlier site (no import, no redirect): no old address to check.
    expect(fresh.items.filter((i) => i.done).map((i) => i.key)).toEqual(['sampleContent', 'oldAddresses']);
    expect(item(fresh, 'oldAddresses').detail).toBeUndefined();
    expect(fresh.items.every((i) => !i.dismissed)).toBe(true);
    expect(item(fresh, 'backup').detail).toEqual({ lastBackup: null });
    expect(item(fresh, 'secondFactor').detail).toEqual({ without: [testAdmin.username] });

    // The placeholder saved unchanged is still the sample company.
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: defaultCompanyDetails })).status).toBe(200);
    expect(item(await checklist(url, token), 'companyDetails').done).toBe(false);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    expect(item(await checklist(url, token), 'companyDetails').done).toBe(true);
    // The shipped drawing (logo null) is no logo of the company's; an upload is.
    expect(item(await checklist(url, token), 'logo').done).toBe(false);
    const logo = dataUrl(await testPhoto(64, 64, 'png'));
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, logo } })).status).toBe(200);
    expect(item(await checklist(url, token), 'logo').done).toBe(true);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, logo: null } })).status).toBe(200);
    expect(item(await checklist(url, token), 'logo').done).toBe(false);
  });

  it('counts the mail recipients confirmed once a test mail reached every one, until they change', async () => {
    const smtp = await SmtpSink.start();
    smtp.refuseRecipients.add('personal@blitzwerk.de');
    const { url } = await startTestApp(kind, { SMTP_URL: smtp.url });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: mailSettings })).status).toBe(200);

    // One address refused: not confirmed.
    expect((await api(url, 'POST', '/api/v1/Settings/Mail/Test', { token })).status).toBe(200);
    expect(item(await checklist(url, token), 'mailRecipients')).toMatchObject({ done: false, detail: { confirmedAt: null } });

    smtp.refuseRecipients.clear();
    expect((await api(url, 'POST', '/api/v1/Settings/Mail/Test', { token })).status).toBe(200);
    const confirmed = item(await checklist(url, token), 'mailRecipients');
    expect(confirmed.done).toBe(true);
    expect(Date.parse(confirmed.detail!.confirmedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // The same recipients in another order and case are the same: still confirmed. The sender is no recipient.
    const reordered = {
      ...mailSettings,
      sender: 'web@blitzwerk.de',
      recipients: { ...mailSettings.recipients, generalMessage: ['INFO@blitzwerk.de'] },
    };
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: reordered })).status).toBe(200);
    expect(item(await checklist(url, token), 'mailRecipients').done).toBe(true);

    const changed = { ...mailSettings, recipients: { ...mailSettings.recipients, priceInquiry: ['chef@blitzwerk.de'] } };
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: changed })).status).toBe(200);
    expect(item(await checklist(url, token), 'mailRecipients')).toMatchObject({ done: false, detail: { confirmedAt: null } });
  });

  it('never counts a test mail without a mail server as a confirmation', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'POST', '/api/v1/Settings/Mail/Test', { token })).status).toBe(200);
    expect(item(await checklist(url, token), 'mailRecipients').done).toBe(false);
  });

  it('removes every unchanged sample project, category and job with their pictures; what staff changed stays', async () => {
    const testApp = await startTestApp(kind);
    const { url } = testApp;
    const token = await signIn(url);
    await seedSamples(testApp);
    const before = item(await checklist(url, token), 'sampleContent');
    expect(before.done).toBe(false);
    const categories = (await api(url, 'GET', '/api/v1/Category')).body.data as {
      id: number;
      name: string;
      translation: unknown[];
    }[];
    const projects = (await api(url, 'GET', '/api/v1/Project?PageLength=100')).body.data as Record<string, any>[];
    const jobs = (await api(url, 'GET', '/api/v1/Job?PageLength=100', { token })).body.data as { id: number }[];
    expect(before.detail!.remaining).toEqual({ projects: 3, categories: categories.length, jobs: jobs.length });
    expect(jobs.length).toBeGreaterThan(0);

    // Staff change one project and one category: replaced, not sample content any more.
    const [kept, ...removed] = projects;
    const keptCategory = categories.find((c) => c.id === kept!['categoryID'])!;
    const changed = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: {
        id: kept!['id'],
        title: kept!['title'],
        content: kept!['content'],
        scopeOfWorks: kept!['scopeOfWorks'],
        location: 'Frankfurt am Main',
        workDuration: kept!['workDuration'],
        client: 'Stadtwerke',
        categoryID: String(kept!['categoryID']),
      },
    });
    expect(changed.status).toBe(200);
    expect(
      (await api(url, 'PUT', '/api/v1/Category', { token, body: { ...keptCategory, name: `${keptCategory.name} (eigene)` } }))
        .status,
    ).toBe(200);

    const pictureKeys = async () =>
      (await testApp.database.db.selectFrom('projects').select(['id', 'pictures']).execute()).map((row) => ({
        id: row.id,
        keys: (JSON.parse(row.pictures) as { variants: { key: string }[] }[]).flatMap((p) => p.variants.map((v) => v.key)),
      }));
    const removedKeys = (await pictureKeys()).filter((p) => p.id !== kept!['id']).flatMap((p) => p.keys);
    expect(removedKeys.length).toBeGreaterThan(0);
    for (const key of removedKeys) expect(await exists(testApp, key), key).toBe(true);

    const res = await api(url, 'POST', removePath, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ projects: removed.length, categories: categories.length - 1, jobs: jobs.length });
    expect(item(await checklist(url, token), 'sampleContent')).toMatchObject({
      done: true,
      detail: { remaining: { projects: 0, categories: 0, jobs: 0 } },
    });

    // The public gallery and jobs hold nothing of the samples; the changed project and category stay.
    const gallery = (await api(url, 'GET', '/api/v1/Project?PageLength=100')).body;
    expect(gallery.data.map((p: { id: number }) => p.id)).toEqual([kept!['id']]);
    expect(gallery.data[0].category.id).toBe(keptCategory.id);
    expect((await api(url, 'GET', '/api/v1/Category')).body.data.map((c: { id: number }) => c.id)).toEqual([keptCategory.id]);
    expect((await api(url, 'GET', '/api/v1/Job?Language=2&PageLength=100')).body.data).toEqual([]);
    for (const key of removedKeys) expect(await exists(testApp, key), key).toBe(false);
    for (const key of (await pictureKeys()).flatMap((p) => p.keys)) expect(await exists(testApp, key), key).toBe(true);

    // Again: nothing left to remove.
    expect((await api(url, 'POST', removePath, { token })).body).toEqual({ projects: 0, categories: 0, jobs: 0 });
  });

  it('keeps a sample category that a project of staff uses, live or in the trash, and no longer counts it', async () => {
    const testApp = await startTestApp(kind);
    const { url } = testApp;
    const token = await signIn(url);
    await seedSamples(testApp);
    const categories = (await api(url, 'GET', '/api/v1/Category')).body.data as { id: number; name: string }[];
    expect(categories.length).toBeGreaterThan(2);
    const [used, usedByTrashed] = categories;
    const create = async (title: string, categoryId: number) => {
      const res = await api(url, 'POST', '/api/v1/Project', {
        token,
        body: {
          title: [
            { content: title, language: 1 },
            { content: title, language: 2 },
          ],
          content: [],
          scopeOfWorks: [],
          location: 'Hanau',
          workDuration: '',
          categoryID: String(categoryId),
          picture: dataUrl(await testPhoto(), 'image/jpeg'),
        },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    await create('Eigenes Projekt', used!.id);
    const trashed = await create('Eigenes Projekt im Papierkorb', usedByTrashed!.id);
    expect((await api(url, 'DELETE', `/api/v1/Project/${trashed}`, { token })).status).toBe(204);
    // Counted before removal as what the removal will take: the two categories in use are not.
    expect(item(await checklist(url, token), 'sampleContent').detail!.remaining!.categories).toBe(categories.length - 2);

    const res = await api(url, 'POST', removePath, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ categories: categories.length - 2 });
    expect(item(await checklist(url, token), 'sampleContent').done).toBe(true);
    const left = (await api(url, 'GET', '/api/v1/Category')).body.data as { id: number }[];
    expect(left.map((c) => c.id).sort()).toEqual([used!.id, usedByTrashed!.id].sort());
    const gallery = (await api(url, 'GET', '/api/v1/Project?PageLength=100')).body.data as { category: { id: number } | null }[];
    expect(gallery.map((p) => p.category?.id)).toEqual([used!.id]);
    // The trashed project comes back with its category.
    expect((await api(url, 'POST', '/api/v1/Trash/Restore', { token, body: { kind: 'project', id: trashed } })).status).toBe(200);
    const restored = (await api(url, 'GET', `/api/v1/Project/${trashed}`)).body as { category: { id: number } | null };
    expect(restored.category?.id).toBe(usedByTrashed!.id);
  });

  it('checks the old addresses of a site that replaces another: each redirect leads to a page visitors see', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const redirect = (from: string, to: string) => api(url, 'POST', '/api/v1/Redirect', { token, body: { from, to } });
    expect((await redirect('/kontakt/', '/contactus')).status).toBe(201);
    expect(item(await checklist(url, token), 'oldAddresses')).toMatchObject({
      done: true,
      detail: { redirects: 1, unredirected: [], toHidden: [] },
    });
    // A redirect to a project visitors cannot see (never made, a draft, deleted) leaves it open, naming the old address.
    expect((await redirect('/referenzen/halle-xy/', '/project/999999')).status).toBe(201);
    expect(item(await checklist(url, token), 'oldAddresses')).toMatchObject({
      done: false,
      detail: { redirects: 2, unredirected: [], toHidden: ['/referenzen/halle-xy/'] },
    });
  });

  it('counts two-step sign-in done once every enabled admin has it', async () => {
    const { url } = await startTestApp(kind);
    let token = await signIn(url);
    expect(item(await checklist(url, token), 'secondFactor')).toMatchObject({ done: false, detail: { without: ['admin'] } });
    const started = await api(url, 'POST', '/api/v1/login/SecondFactor/Setup', { token, body: { password: testAdmin.password } });
    expect(started.status).toBe(200);
    const confirmed = await api(url, 'POST', '/api/v1/login/SecondFactor/Confirm', {
      token,
      body: { code: currentTotp(started.body.secret as string) },
    });
    expect(confirmed.status).toBe(200);
    token = confirmed.body.jwtToken as string;
    expect(item(await checklist(url, token), 'secondFactor')).toMatchObject({ done: true, detail: { without: [] } });
  });

  it('takes the public address as in effect only when SITE_URL is set and every recent request came by it', async () => {
    const { url } = await startTestApp(kind, { SITE_URL: 'https://www.blitzwerk.de', TRUST_PROXY: '127.0.0.1' });
    const token = await signIn(url);
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.blitzwerk.de' };
    expect(item(await checklist(url, token, proxied), 'publicAddress')).toMatchObject({
      done: true,
      detail: { publicOrigin: 'https://www.blitzwerk.de', requestOrigin: 'https://www.blitzwerk.de' },
    });
    // Reached under another host lately (a forgotten DNS change): not in effect, even from the right one.
    const elsewhere = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'blitzwerk.herokuapp.example' };
    expect(item(await checklist(url, token, elsewhere), 'publicAddress').done).toBe(false);
    expect(item(await checklist(url, token, proxied), 'publicAddress').done).toBe(false);
  });

  it('takes the saved website as the public address where SITE_URL is not set', async () => {
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const token = await signIn(url);
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.blitzwerk.de' };
    expect(item(await checklist(url, token, proxied), 'publicAddress').done).toBe(false);
    const saved = { ...realCompany, website: 'https://www.blitzwerk.de/' };
    // Saved through the same proxy (a signed-in request's host is listed too, issue 40).
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: saved, headers: proxied })).status).toBe(200);
    // The request before the save came by the same host: it matches now.
    expect(item(await checklist(url, token, proxied), 'publicAddress')).toMatchObject({
      done: true,
      detail: { publicOrigin: 'https://www.blitzwerk.de' },
    });
  });

  it('never takes the shipped placeholder address as the public one', async () => {
    const { url } = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    const token = await signIn(url);
    const placeholder = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.example.com' };
    expect(item(await checklist(url, token, placeholder), 'publicAddress').done).toBe(false);
  });

  it('records who dismissed an item and who reviewed the legal texts; a dismissal is taken back; all dismissed is complete', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const dismissed = await api(url, 'PUT', itemPath('logo'), { token, body: { dismissed: true } });
    expect(dismissed.status).toBe(200);
    const logo = item(checklistSchema.parse(dismissed.body), 'logo');
    expect(logo).toMatchObject({ done: false, dismissed: true, detail: { dismissedBy: 'admin' } });
    expect(Date.parse(logo.detail!.dismissedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(item(await checklist(url, token), 'logo').dismissed).toBe(true);

    expect((await api(url, 'PUT', itemPath('logo'), { token, body: { dismissed: false } })).status).toBe(200);
    const back = item(await checklist(url, token), 'logo');
    expect(back.dismissed).toBe(false);
    expect(back.detail).toBeUndefined();

    const reviewed = await api(url, 'PUT', itemPath('legalTexts'), { token, body: { reviewed: true } });
    expect(reviewed.status).toBe(200);
    expect(item(checklistSchema.parse(reviewed.body), 'legalTexts')).toMatchObject({
      done: true,
      dismissed: false,
      detail: { reviewedBy: 'admin' },
    });

    for (const key of checklistKeys) {
      expect((await api(url, 'PUT', itemPath(key), { token, body: { dismissed: true } })).status).toBe(200);
    }
    expect((await checklist(url, token)).complete).toBe(true);
    expect((await api(url, 'PUT', itemPath('backup'), { token, body: { dismissed: false } })).status).toBe(200);
    expect((await checklist(url, token)).complete).toBe(false);
  });

  it('keeps every dismissal of admins acting at once', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const answers = await Promise.all(
      checklistKeys.map((key) => api(url, 'PUT', itemPath(key), { token, body: { dismissed: true } })),
    );
    expect(answers.map((a) => a.status)).toEqual(checklistKeys.map(() => 200));
    const items = (await checklist(url, token)).items;
    expect(items.filter((i) => i.dismissed).map((i) => i.key)).toEqual([...checklistKeys]);
  });

  it('refuses bad keys and bodies with problem details, and changes nothing', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const before = await checklist(url, token);
    const bad: [string, unknown, string][] = [
      ['nonsense', { dismissed: true }, 'key'],
      ['LOGO', { dismissed: true }, 'key'],
      ['logo', { reviewed: true }, 'reviewed'],
      ['legalTexts', { reviewed: false }, ''],
      ['logo', { dismissed: 'yes' }, ''],
      ['logo', {}, ''],
      ['logo', { dismissed: true, reviewed: true }, ''],
    ];
    for (const [key, body, field] of bad) {
      const res = await api(url, 'PUT', itemPath(key), { token, body });
      expect(res.status, `${key} ${JSON.stringify(body)}`).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      if (field) expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const notJson = await api(url, 'PUT', itemPath('logo'), { token, raw: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await checklist(url, token)).toEqual(before);
  });

  it('answers only a signed-in admin: 401 without a token, 403 before the required second factor is set up', async () => {
    const { url } = await startTestApp(kind, { SECOND_FACTOR: 'required' });
    for (const [method, route, body] of [
      ['GET', checklistPath, undefined],
      ['PUT', itemPath('logo'), { dismissed: true }],
      ['POST', removePath, undefined],
    ] as const) {
      const anonymous = await api(url, method, route, { body });
      expect(anonymous.status, `${method} ${route}`).toBe(401);
      const forged = await api(url, method, route, { body, token: 'not.a.token' });
      expect(forged.status, `${method} ${route}`).toBe(401);
    }
    const token = await signIn(url);
    for (const [method, route, body] of [
      ['GET', checklistPath, undefined],
      ['PUT', itemPath('logo'), { dismissed: true }],
      ['POST', removePath, undefined],
    ] as const) {
      const res = await api(url, method, route, { body, token });
      expect(res.status, `${method} ${route}`).toBe(403);
      expect(res.body.code ?? res.body.type).toBeDefined();
    }
  });
});
