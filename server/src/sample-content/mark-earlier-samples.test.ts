import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { jobBody } from '../modules/jobs/jobs.test-kit';
import { api, databaseKinds, signIn, startTestApp } from '../test/helper';
import { sampleProjects } from './sample-content';
import { smallSamplePictures } from './sample-content.test-kit';
import { markEarlierSampleContent, seedSampleContent, seedSampleJobs } from './seed';

// A site seeded before sample rows were marked (decision 029): its samples nobody changed are
// marked once, so the go-live checklist can remove them; anything staff touched is left alone.

describe.each(databaseKinds)('the sample content of an earlier release on %s', (kind) => {
  it('is marked once, exactly the rows still as seeded; the checklist then removes them and nothing else', async () => {
    const testApp = await startTestApp(kind);
    const { url } = testApp;
    const db = testApp.database.db;
    const deps = { db, media: testApp.app.media, log: testApp.app.log };
    await seedSampleContent(deps, smallSamplePictures, sampleProjects.slice(0, 3));
    await seedSampleJobs(deps);
    // As an earlier release left it: nothing marked, no marking done.
    for (const table of ['categories', 'projects', 'jobs'] as const) await db.updateTable(table).set({ sample: 0 }).execute();
    await db.deleteFrom('settings').where('key', 'in', ['sample_content_marked', 'sample_jobs_marked']).execute();

    // What staff did since: one project edited, one category's English title changed, a job of their own.
    const token = await signIn(url);
    const projects = (await api(url, 'GET', apiUrl(`${apiRoutes.projects.list}?PageLength=100`))).body.data as Record<
      string,
      any
    >[];
    const edited = projects[0]!;
    const put = await api(url, 'PUT', apiUrl(apiRoutes.projects.list), {
      token,
      body: {
        id: edited['id'],
        title: edited['title'],
        content: edited['content'],
        scopeOfWorks: edited['scopeOfWorks'],
        location: edited['location'],
        workDuration: edited['workDuration'],
        client: 'Stadtwerke',
        categoryID: String(edited['categoryID']),
      },
    });
    expect(put.status).toBe(200);
    const categories = (await api(url, 'GET', apiUrl(apiRoutes.categories.list))).body.data as {
      id: number;
      name: string;
      translation: { content: string; language: number }[];
    }[];
    const renamed = categories.find((c) => c.id !== edited['categoryID'])!;
    const translation = renamed.translation.map((t) => (t.language === 1 ? { ...t, content: `${t.content} (ours)` } : t));
    expect((await api(url, 'PUT', apiUrl(apiRoutes.categories.list), { token, body: { ...renamed, translation } })).status).toBe(
      200,
    );
    const sampleTitle = (await api(url, 'GET', apiUrl(`${apiRoutes.jobs.list}?PageLength=100`), { token })).body.data[0].title;
    const ours = await api(url, 'POST', apiUrl(apiRoutes.jobs.list), {
      token,
      body: jobBody({ title: sampleTitle, contact: 'Max Mustermann' }),
    });
    expect(ours.status).toBe(201);

    expect(await markEarlierSampleContent(deps)).toEqual({ projects: 2, categories: categories.length - 1, jobs: 2 });
    // Once only.
    expect(await markEarlierSampleContent(deps)).toEqual({ projects: 0, categories: 0, jobs: 0 });

    // The edited project is staff's now: its sample category stays with it (issue 40, point 13).
    const removed = await api(url, 'POST', apiUrl(apiRoutes.goLive.removeSampleContent), { token });
    expect(removed.body).toEqual({ projects: 2, categories: categories.length - 2, jobs: 2 });
    expect((await api(url, 'GET', apiUrl(apiRoutes.projects.list))).body.data.map((p: { id: number }) => p.id)).toEqual([
      edited['id'],
    ]);
    const keptCategories = (await api(url, 'GET', apiUrl(apiRoutes.categories.list))).body.data.map((c: { id: number }) => c.id);
    expect(keptCategories.sort()).toEqual([Number(edited['categoryID']), renamed.id].sort());
    const jobs = (await api(url, 'GET', apiUrl(`${apiRoutes.jobs.list}?PageLength=100`), { token })).body.data;
    expect(jobs.map((j: { id: number }) => j.id)).toEqual([ours.body.id]);
  });

  it('is not looked for on a site this release seeded: its rows were marked as they were written', async () => {
    const testApp = await startTestApp(kind);
    const deps = { db: testApp.database.db, media: testApp.app.media, log: testApp.app.log };
    await seedSampleContent(deps, smallSamplePictures, sampleProjects.slice(0, 2));
    await seedSampleJobs(deps);
    expect(await markEarlierSampleContent(deps)).toEqual({ projects: 0, categories: 0, jobs: 0 });
    const marked = await testApp.database.db.selectFrom('projects').select('sample').execute();
    expect(marked.map((row) => row.sample)).toEqual([1, 1]);
  });
});
