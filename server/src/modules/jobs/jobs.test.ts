import { describe, expect, it } from 'vitest';
import { berlinDate, company, defaultCompanyDetails, jobListSchema, jobSchema } from '@blitz/contract';
import { seedSampleJobs } from '../../sample-content/seed';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { jobBody } from './jobs.test-kit';

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

/** A day relative to today in Berlin, as YYYY-MM-DD. */
function berlinDay(offsetDays: number): string {
  return berlinDate(new Date(Date.now() + offsetDays * 24 * 3600 * 1000));
}

describe.each(databaseKinds)('job openings API on %s', (kind) => {
  it('creates, reads, changes and deletes a job; the answers match the contract', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);

    const created = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ startDate: '2027-03-01' }) });
    expect(created.status).toBe(201);
    const job = jobSchema.parse(created.body);
    expect(job).toMatchObject({
      location: 'Hanau',
      employmentType: 'FULL_TIME',
      startDate: '2027-03-01',
      validThrough: null,
      contact: 'Erika Musterfrau',
      published: true,
      position: 0,
    });
    expect(job.tasks).toEqual([
      { content: 'Installing air terminations', language: 1 },
      { content: 'Montage von Fangeinrichtungen', language: 2 },
    ]);
    expect(job.howToApply).toEqual([{ content: 'Per E-Mail', language: 2 }]);

    const read = await api(url, 'GET', `/api/v1/Job/${job.id}`);
    expect(read.status).toBe(200);
    expect(jobSchema.parse(read.body)).toEqual(job);
    // Paths match case-insensitively, as every API path does.
    expect((await api(url, 'GET', `/api/v1/job/${job.id}?language=1`)).body.title).toEqual([
      { content: 'Lightning protection installer (m/f/d)', language: 1 },
    ]);

    const changed = await api(url, 'PUT', '/api/v1/Job', {
      token,
      body: { ...jobBody({ location: 'Frankfurt am Main', employmentType: 'APPRENTICESHIP', startDate: null }), id: job.id },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: job.id,
      location: 'Frankfurt am Main',
      employmentType: 'APPRENTICESHIP',
      startDate: null,
    });
    expect(changed.body.createdAt).toBe(job.createdAt);
    // The visitors' kept answer of before the edit is not served after it.
    expect((await api(url, 'GET', `/api/v1/Job/${job.id}`)).body.location).toBe('Frankfurt am Main');

    expect((await api(url, 'DELETE', `/api/v1/Job/${job.id}`, { token })).status).toBe(204);
    expect((await api(url, 'GET', `/api/v1/Job/${job.id}`)).status).toBe(404);
    expect((await api(url, 'DELETE', `/api/v1/Job/${job.id}`, { token })).status).toBe(404);
    const list = jobListSchema.parse((await api(url, 'GET', '/api/v1/Job')).body);
    expect(list).toEqual({ data: [], count: 0 });
  });

  it('shows visitors published jobs only, and a draft is 404 to them; staff see every job', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const published = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() })).body;
    const draft = (
      await api(url, 'POST', '/api/v1/Job', {
        token,
        body: jobBody({
          published: false,
          title: [
            { content: 'Entwurf', language: 2 },
            { content: 'Draft', language: 1 },
          ],
        }),
      })
    ).body;
    expect(draft.published).toBe(false);

    const visitor = await api(url, 'GET', '/api/v1/Job');
    expect(visitor.body.count).toBe(1);
    expect(visitor.body.data.map((j: { id: number }) => j.id)).toEqual([published.id]);
    expect((await api(url, 'GET', `/api/v1/Job/${draft.id}`)).status).toBe(404);

    const staff = await api(url, 'GET', '/api/v1/Job', { token });
    expect(staff.body.count).toBe(2);
    expect(staff.headers.get('cache-control')).toBe('no-store');
    expect((await api(url, 'GET', `/api/v1/Job/${draft.id}`, { token })).status).toBe(200);

    // Publishing it shows it to visitors on the next request; unpublishing hides the other.
    await api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody({ title: draft.title }), id: draft.id, published: true } });
    await api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody(), id: published.id, published: false } });
    const after = await api(url, 'GET', '/api/v1/Job');
    expect(after.body.data.map((j: { id: number }) => j.id)).toEqual([draft.id]);
    expect((await api(url, 'GET', `/api/v1/Job/${published.id}`)).status).toBe(404);
  });

  it('hides a job from visitors once its valid-through day (Berlin) is over, and shows it through that day', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const expired = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ validThrough: berlinDay(-1) }) })).body;
    const lastDay = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ validThrough: berlinDay(0) }) })).body;
    const later = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ validThrough: berlinDay(30) }) })).body;

    const visitor = await api(url, 'GET', '/api/v1/Job');
    expect(visitor.body.data.map((j: { id: number }) => j.id)).toEqual([lastDay.id, later.id]);
    expect((await api(url, 'GET', `/api/v1/Job/${expired.id}`)).status).toBe(404);
    expect((await api(url, 'GET', `/api/v1/Job/${lastDay.id}`)).status).toBe(200);
    // Staff still see it, to extend or delete it.
    expect((await api(url, 'GET', `/api/v1/Job/${expired.id}`, { token })).body.validThrough).toBe(berlinDay(-1));
    expect((await api(url, 'GET', '/api/v1/Job', { token })).body.count).toBe(3);
  });

  it('lists by position, a new job last; a changed position moves it; pages and the title search', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const ids: number[] = [];
    for (const [i, location] of ['Hanau', 'Frankfurt', 'Offenbach'].entries()) {
      const body = jobBody({
        location,
        title: [
          { content: `Stelle ${i}`, language: 2 },
          { content: `Job ${i}`, language: 1 },
        ],
      });
      const job = (await api(url, 'POST', '/api/v1/Job', { token, body })).body;
      expect(job.position).toBe(i);
      ids.push(job.id);
    }
    const order = async (query = '') =>
      (await api(url, 'GET', `/api/v1/Job${query}`)).body.data.map((j: { id: number }) => j.id) as number[];
    expect(await order()).toEqual(ids);

    // Move the last one to the top (the dashboard's arrows swap two positions like this).
    const last = (await api(url, 'GET', `/api/v1/Job/${ids[2]!}`, { token })).body;
    const { id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = last;
    expect((await api(url, 'PUT', '/api/v1/Job', { token, body: { ...rest, id, position: 0 } })).status).toBe(200);
    const first = (await api(url, 'GET', `/api/v1/Job/${ids[0]!}`, { token })).body;
    await api(url, 'PUT', '/api/v1/Job', {
      token,
      body: { ...jobBody({ location: first.location, title: first.title }), id: first.id, position: 2 },
    });
    expect(await order()).toEqual([ids[2], ids[1], ids[0]]);
    // A change that leaves out the position keeps it.
    await api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody({ location: 'Offenbach' }), id: ids[2] } });
    expect(await order()).toEqual([ids[2], ids[1], ids[0]]);

    expect(await order('?PageLength=2&PageNumber=2')).toEqual([ids[0]]);
    expect((await api(url, 'GET', `/api/v1/Job?PageLength=2`)).body.count).toBe(3);
    // Title search: part of a title (either language) or of the location, any case.
    expect(await order('?Title=frankf')).toEqual([ids[1]]);
    expect(await order('?title=JOB%201')).toEqual([ids[1]]);
    expect(await order('?Title=stelle&Language=1')).toEqual([]);
    expect((await api(url, 'GET', `/api/v1/Job?Title=nichts`)).body).toEqual({ data: [], count: 0 });
  });

  it("needs a valid sign-in for every write; a bad token on a read gets the visitors' view", async () => {
    const { app, url } = await startTestApp(kind);
    const token = await signIn(url);
    const job = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() })).body;
    await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ published: false }) });
    for (const auth of [undefined, 'not-a-token']) {
      expect((await api(url, 'POST', '/api/v1/Job', { token: auth, body: jobBody() })).status).toBe(401);
      expect((await api(url, 'PUT', '/api/v1/Job', { token: auth, body: { ...jobBody(), id: job.id } })).status).toBe(401);
      expect((await api(url, 'DELETE', `/api/v1/Job/${job.id}`, { token: auth })).status).toBe(401);
    }
    // A stale token left in a browser must not break the public jobs page, nor show it drafts.
    const forged = await api(url, 'GET', '/api/v1/Job', { token: 'not-a-token' });
    expect(forged.status).toBe(200);
    expect(forged.body.count).toBe(1);
    expect(forged.headers.get('cache-control')).toBe('no-cache');
    const staff = await api(url, 'GET', '/api/v1/Job', { token });
    expect(staff.body.count).toBe(2);
    expect(staff.headers.get('cache-control')).toBe('no-store');
    // An admin who must first replace the generated password sees nothing of the dashboard: nor drafts.
    await app.db.updateTable('users').set({ must_change_password: 1 }).execute();
    expect((await api(url, 'GET', '/api/v1/Job', { token })).body.count).toBe(1);
  });

  it('refuses each invalid field with 400 naming it, never a 500', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: [{ content: 'Nur Deutsch', language: 2 }] }, 'title'],
      [
        {
          title: [
            { content: ' ', language: 2 },
            { content: 'Job', language: 1 },
          ],
        },
        'title.0.content',
      ],
      [{ title: 'Monteur' }, 'title'],
      [{ tasks: [{ content: 'a', language: 3 }] }, 'tasks.0.language'],
      [
        {
          profile: [
            { content: 'a', language: 2 },
            { content: 'b', language: 2 },
          ],
        },
        'profile',
      ],
      [{ offer: [{ content: 'x'.repeat(20_001), language: 2 }] }, 'offer.0.content'],
      [{ howToApply: [{ content: 'a', language: 1, extra: 1 }] }, 'howToApply.0.extra'],
      [{ location: '' }, 'location'],
      [{ location: 'x'.repeat(201) }, 'location'],
      [{ employmentType: 'SOMETIMES' }, 'employmentType'],
      [{ employmentType: undefined }, 'employmentType'],
      [{ startDate: '2027-02-30' }, 'startDate'],
      [{ startDate: '1.3.2027' }, 'startDate'],
      [{ validThrough: 'tomorrow' }, 'validThrough'],
      [{ contact: 42 }, 'contact'],
      [{ published: 'yes' }, 'published'],
      [{ position: -1 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ salary: 100 }, 'salary'],
    ];
    for (const [override, field] of cases) {
      const res = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (field) expect(fields(res.body), JSON.stringify(override)).toContain(field);
    }
    const noId = await api(url, 'PUT', '/api/v1/Job', { token, body: jobBody() });
    expect(noId.status).toBe(400);
    expect(fields(noId.body)).toContain('id');
    expect((await api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody(), id: 999 } })).status).toBe(404);
    expect((await api(url, 'GET', '/api/v1/Job/abc')).status).toBe(400);
    expect((await api(url, 'GET', '/api/v1/Job/0')).status).toBe(400);
    expect((await api(url, 'GET', `/api/v1/Job/${999}`)).status).toBe(404);
    for (const query of ['PageLength=0', 'PageLength=101', 'PageNumber=0', 'Language=3']) {
      const res = await api(url, 'GET', `/api/v1/Job?${query}`);
      expect(res.status, query).toBe(400);
      expect(fields(res.body)).toContain(query.split('=')[0]);
    }
    expect((await api(url, 'GET', '/api/v1/Job', { token })).body.count).toBe(0);
  });

  it('refuses a line break in the one-line fields (title, location, contact), not in the texts', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const title = (de: string) => [
      { content: de, language: 2 },
      { content: 'Installer', language: 1 },
    ];
    for (const [patch, field] of [
      [{ title: title('Monteur\r\nBcc: x@example.org') }, 'title.0.content'],
      [{ location: 'Hanau\nFrankfurt' }, 'location'],
      [{ contact: 'Erika\u2029Muster' }, 'contact'],
      [{ contact: 'Erika \u202EMuster' }, 'contact'],
    ] as const) {
      const res = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(fields(res.body)).toEqual([field]);
    }
    const tasks = [{ content: 'Montage\nWartung', language: 2 }];
    const created = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ tasks }) });
    expect(created.status).toBe(201);
    expect(created.body.tasks).toEqual(tasks);
  });

  it('starts a site with the two sample jobs of the spec, once', async () => {
    const { app, url } = await startTestApp(kind);
    expect(await seedSampleJobs({ db: app.db, log: app.log })).toBe(true);
    const list = jobListSchema.parse((await api(url, 'GET', `/api/v1/Job?Language=1`)).body);
    expect(list.data.map((j) => j.title[0]!.content)).toEqual([
      'Lightning protection installer (m/f/d)',
      'Junior project manager for lightning protection and earthing systems (m/f/d)',
    ]);
    const token = await signIn(url);
    for (const job of list.data) await api(url, 'DELETE', `/api/v1/Job/${job.id}`, { token });
    // Deleted sample jobs do not come back on the next start.
    expect(await seedSampleJobs({ db: app.db, log: app.log })).toBe(false);
    expect((await api(url, 'GET', '/api/v1/Job')).body.count).toBe(0);
  });

  it('the sample jobs name the saved contact for applications and e-mail, until staff change a job', async () => {
    const { app, url } = await startTestApp(kind);
    expect(await seedSampleJobs({ db: app.db, log: app.log })).toBe(true);
    const token = await signIn(url);
    const all = async (language: 1 | 2, auth?: string) =>
      jobListSchema.parse((await api(url, 'GET', `/api/v1/Job?Language=${language}`, { token: auth })).body).data;
    // A new site: the placeholder's contact and address, as before.
    const [first] = await all(2);
    expect(first!.contact).toBe(company.jobsContact);
    expect(first!.howToApply[0]!.content).toContain(company.email);

    const saved = { ...defaultCompanyDetails, name: 'Blitzwerk', legalName: 'Blitzwerk Hanau GmbH', vatId: 'DE123456789' };
    const real = { ...saved, email: 'bewerbung@blitzwerk.de', jobsContact: 'Jana Beispiel' };
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: real })).status).toBe(200);
    for (const [language, auth] of [
      [2, undefined],
      [1, undefined],
      [2, token],
    ] as const) {
      for (const job of await all(language, auth)) {
        expect(job.contact).toBe('Jana Beispiel');
        expect(job.howToApply[0]!.content).toContain('bewerbung@blitzwerk.de');
        expect(JSON.stringify(job)).not.toContain(company.email);
        expect(JSON.stringify(job)).not.toContain(company.jobsContact);
      }
    }
    // A job's own page says the same.
    const one = jobSchema.parse((await api(url, 'GET', `/api/v1/Job/${first!.id}?Language=2`)).body);
    expect([one.contact, one.howToApply[0]!.content.includes('bewerbung@blitzwerk.de')]).toEqual(['Jana Beispiel', true]);

    // What staff wrote is theirs: another contact stays when the company changes again.
    const changed = await api(url, 'PUT', '/api/v1/Job', {
      token,
      body: {
        ...jobBody(),
        id: first!.id,
        contact: 'Max Muster',
        howToApply: [{ content: 'Bitte an jobs@andere.example', language: 2 }],
      },
    });
    expect(changed.status).toBe(200);
    expect(
      (await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...real, jobsContact: 'Neu', email: 'neu@blitzwerk.de' } }))
        .status,
    ).toBe(200);
    const jobs = await all(2);
    expect(jobs.find((j) => j.id === first!.id)).toMatchObject({ contact: 'Max Muster' });
    expect(jobs.find((j) => j.id === first!.id)!.howToApply[0]!.content).toBe('Bitte an jobs@andere.example');
    expect(jobs.find((j) => j.id !== first!.id)).toMatchObject({ contact: 'Neu' });
  });
});
