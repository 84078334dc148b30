import { describe, expect, it } from 'vitest';
import { ContentLanguage, type Project, pickText, trashListSchema, trashRestoreResultSchema } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import {
  type Backend,
  api,
  backends,
  databaseKinds,
  getOnce,
  isStored,
  signIn,
  startTestApp,
  tempDir,
  testAdmin,
} from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { jobBody } from '../jobs/jobs.test-kit';
import { categoryTrash } from '../categories/category-trash';
import { jobTrash } from '../jobs/job-trash';
import { projectTrash } from '../projects/project-trash';
import { trashHousekeeping } from './trash-housekeeping';

async function projectBody(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title: [
      { content: title, language: 2 },
      { content: `${title} (en)`, language: 1 },
    ],
    content: [{ content: 'Äußerer Blitzschutz mit Fangstangen.', language: 2 }],
    scopeOfWorks: [{ content: 'Planung, Montage', language: 2 }],
    location: 'Hanau',
    workDuration: '3 Monate',
    client: 'Stadtwerke',
    categoryID: '0',
    picture: dataUrl(await testPhoto(640, 480), 'image/png'),
    ...overrides,
  };
}

const day = 24 * 3600_000;

/** An app with a signed-in admin, and short ways to call it. */
async function started(backend: Backend) {
  const test = await startTestApp(backend);
  const token = await signIn(test.url);
  const call = (method: string, path: string, body?: unknown) =>
    api(test.url, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body }) });
  const anonymous = (path: string) => api(test.url, 'GET', `/api/v1${path}`);
  const fileStatus = async (project: Project) =>
    Promise.all(project.pictureSources.map(async (s) => (await fetch(test.url + s.url)).status));
  const purgeAfter = (days: number) =>
    trashHousekeeping(
      { db: test.app.db, media: test.app.media, log: test.app.log, adapters: [projectTrash, categoryTrash, jobTrash] },
      () => new Date(Date.now() + days * day),
    ).run();
  return { ...test, token, call, anonymous, fileStatus, purgeAfter };
}

describe.each(backends)('the trash on $name', (backend) => {
  it('takes a project with its category out of every visitor read, and brings both back as they were', async () => {
    const { url, call, anonymous, fileStatus } = await started(backend);
    const category = (await call('POST', '/Category', { name: 'Industrie', translation: [{ content: 'Industry', language: 1 }] }))
      .body as { id: number };
    const created: Project[] = [];
    for (const title of ['Umspannwerk', 'Klärwerk', 'Rathaus'])
      created.push(
        (await call('POST', '/Project', await projectBody(title, { categoryID: String(category.id), featured: true }))).body,
      );
    // Newest on top: Rathaus 1, Klärwerk 2, Umspannwerk 3.
    const middle = (await anonymous(`/Project/${created[1]!.id}`)).body as Project;
    expect(middle.position).toBe(2);
    expect((await anonymous('/Project')).body.count).toBe(3);

    expect((await call('DELETE', `/Category/${category.id}`)).status).toBe(204);
    expect((await call('DELETE', `/Project/${middle.id}`)).status).toBe(204);

    // Gone for visitors and for the dashboard's lists, on every path; the kept answers are made anew.
    expect((await anonymous(`/Project/${middle.id}`)).status).toBe(404);
    const list = (await anonymous('/Project')).body as { data: Project[]; count: number };
    expect(list.count).toBe(2);
    expect(list.data.map((p) => p.position)).toEqual([1, 2]);
    expect(list.data.every((p) => p.category === null && p.categoryID === null)).toBe(true);
    expect((await anonymous(`/Project?CategoryID=${category.id}`)).body.count).toBe(0);
    expect((await anonymous('/Project?Featured=true&Sort=featured&PageLength=3&Language=2')).body.count).toBe(2);
    expect((await anonymous('/Category')).body).toEqual({ data: [], count: 0 });
    expect((await anonymous(`/Category/${category.id}`)).status).toBe(404);
    const sitemap = await api(url, 'GET', '/sitemap.xml');
    expect(sitemap.text).not.toContain(`/project/${middle.id}`);
    expect(sitemap.text).toContain(`/project/${created[0]!.id}`);
    // Staff can neither change nor move it, nor link a project to the trashed category.
    expect((await call('PUT', `/Project/${middle.id}`, { ...(await projectBody('x')), picture: undefined })).status).toBe(404);
    expect((await call('POST', `/Project/${middle.id}/Move`, { after: null, list: 'gallery' })).status).toBe(404);
    expect((await call('POST', '/Project', await projectBody('y', { categoryID: String(category.id) }))).status).toBe(400);
    // Its pictures stay, served still: the other two projects use the same upload.
    expect(await fileStatus(middle)).toEqual(middle.pictureSources.map(() => 200));

    const trash = trashListSchema.parse((await call('GET', '/Trash')).body);
    expect(trash.count).toBe(2);
    expect(trash.data.map((i) => [i.kind, i.id, i.title, i.deletedBy])).toEqual([
      ['project', middle.id, 'Klärwerk', testAdmin.username],
      ['category', category.id, 'Industrie', testAdmin.username],
    ]);

    const restored = await call('POST', '/Trash/Restore', { kind: 'project', id: middle.id });
    expect(restored.status).toBe(200);
    expect(trashRestoreResultSchema.parse(restored.body)).toEqual({
      restored: [
        { kind: 'project', id: middle.id },
        { kind: 'category', id: category.id },
      ],
      featuredDropped: false,
    });
    const back = (await anonymous(`/Project/${middle.id}`)).body as Project;
    expect(back).toEqual({
      ...middle,
      category: { id: category.id, name: 'Industrie', translation: [{ content: 'Industry', language: 1 }] },
    });
    expect((await anonymous('/Project')).body.data.map((p: Project) => p.id)).toEqual(created.map((p) => p.id).reverse());
    expect((await anonymous(`/Project?CategoryID=${category.id}`)).body.count).toBe(3);
    expect((await call('GET', '/Trash')).body).toEqual({ data: [], count: 0 });
    expect((await api(url, 'GET', '/sitemap.xml')).text).toContain(`/project/${middle.id}`);
    expect(await fileStatus(middle)).toEqual(middle.pictureSources.map(() => 200));
  });

  it('restores a category alone with its projects’ links, and a project in its place among projects added and moved meanwhile', async () => {
    const { call, anonymous } = await started(backend);
    const category = (await call('POST', '/Category', { name: 'Wohnbau' })).body as { id: number };
    const a = (await call('POST', '/Project', await projectBody('A', { categoryID: String(category.id) }))).body as Project;
    const b = (await call('POST', '/Project', await projectBody('B'))).body as Project;
    const c = (await call('POST', '/Project', await projectBody('C'))).body as Project;
    // Order: C, B, A. B goes to the trash; D comes on top, A moves after C (into B's old place).
    await call('DELETE', `/Project/${b.id}`);
    await call('DELETE', `/Category/${category.id}`);
    const d = (await call('POST', '/Project', await projectBody('D'))).body as Project;
    expect((await call('POST', `/Project/${a.id}/Move`, { after: c.id, list: 'gallery' })).status).toBe(200);
    expect((await anonymous(`/Project/${a.id}`)).body.categoryID).toBeNull();

    expect((await call('POST', '/Trash/Restore', { kind: 'category', id: category.id })).body).toEqual({
      restored: [{ kind: 'category', id: category.id }],
      featuredDropped: false,
    });
    expect((await anonymous(`/Project/${a.id}`)).body.category).toMatchObject({ id: category.id, name: 'Wohnbau' });
    expect((await call('POST', '/Trash/Restore', { kind: 'project', id: b.id })).status).toBe(200);
    const order = ((await anonymous('/Project')).body.data as Project[]).map((p) => p.id);
    // B's key lay between C's and A's old one: A was moved before it, so B follows A.
    expect(order).toEqual([d.id, c.id, a.id, b.id]);
    expect(new Set(order).size).toBe(4);
  });

  it('brings a featured project back featured while the selection has room, else not featured, and says so', async () => {
    const { call, anonymous } = await started(backend);
    const first = (await call('POST', '/Project', await projectBody('Eins', { featured: true }))).body as Project;
    await call('DELETE', `/Project/${first.id}`);
    for (const title of ['Zwei', 'Drei', 'Vier']) await call('POST', '/Project', await projectBody(title, { featured: true }));
    const answer = await call('POST', '/Trash/Restore', { kind: 'project', id: first.id });
    expect(answer.body).toEqual({ restored: [{ kind: 'project', id: first.id }], featuredDropped: true });
    expect((await anonymous(`/Project/${first.id}`)).body.featured).toBe(false);
    expect((await anonymous('/Project?Featured=true')).body.count).toBe(3);

    const second = (await anonymous('/Project?Featured=true&Sort=featured')).body.data[0] as Project;
    await call('DELETE', `/Project/${second.id}`);
    const again = await call('POST', '/Trash/Restore', { kind: 'project', id: second.id });
    expect(again.body.featuredDropped).toBe(false);
    expect(((await anonymous('/Project?Featured=true&Sort=featured')).body.data as Project[]).map((p) => p.id)[0]).toBe(
      second.id,
    );
  });

  it('lists a project’s and a job’s title in each language, for the dashboard to show its own; a category by its name', async () => {
    const { app, call } = await started(backend);
    const project = (await call('POST', '/Project', await projectBody('Umspannwerk'))).body as Project;
    const job = (await call('POST', '/Job', jobBody())).body as { id: number };
    const category = (await call('POST', '/Category', { name: 'Industrie', translation: [{ content: 'Industry', language: 1 }] }))
      .body as { id: number };
    // A job from before both titles were required: German only.
    await app.db
      .deleteFrom('job_texts')
      .where('job_id', '=', job.id)
      .where('field', '=', 'title')
      .where('language', '=', 1)
      .execute();
    for (const path of [`/Project/${project.id}`, `/Job/${job.id}`, `/Category/${category.id}`])
      expect((await call('DELETE', path)).status).toBe(204);

    const trash = trashListSchema.parse((await call('GET', '/Trash')).body);
    const byKind = Object.fromEntries(trash.data.map((i) => [i.kind, i]));
    expect(byKind.project).toMatchObject({
      title: 'Umspannwerk',
      titles: [
        { content: 'Umspannwerk (en)', language: ContentLanguage.English },
        { content: 'Umspannwerk', language: ContentLanguage.German },
      ],
    });
    expect(pickText(byKind.project!.titles, ContentLanguage.English)).toBe('Umspannwerk (en)');
    // No English title: the German one, in either language.
    expect(byKind.job).toMatchObject({
      title: 'Blitzschutzmonteur (m/w/d)',
      titles: [{ content: 'Blitzschutzmonteur (m/w/d)', language: ContentLanguage.German }],
    });
    expect(pickText(byKind.job!.titles, ContentLanguage.English)).toBe('Blitzschutzmonteur (m/w/d)');
    expect(byKind.category).toMatchObject({ title: 'Industrie', titles: [] });
  });

  it('hides a trashed job from visitors and staff, and restores it in its place', async () => {
    const { call, anonymous } = await started(backend);
    const one = (await call('POST', '/Job', jobBody())).body as { id: number };
    const two = (await call('POST', '/Job', jobBody({ location: 'Fulda' }))).body as { id: number };
    await call('DELETE', `/Job/${one.id}`);
    expect((await anonymous(`/Job/${one.id}`)).status).toBe(404);
    expect((await call('GET', `/Job/${one.id}`)).status).toBe(404);
    expect((await call('GET', '/Job')).body.data.map((j: { id: number }) => j.id)).toEqual([two.id]);
    expect((await call('PUT', '/Job', { ...jobBody(), id: one.id })).status).toBe(404);
    expect((await call('GET', '/Trash')).body.data).toMatchObject([
      { kind: 'job', id: one.id, title: 'Blitzschutzmonteur (m/w/d)' },
    ]);
    expect((await call('POST', '/Trash/Restore', { kind: 'job', id: one.id })).status).toBe(200);
    expect((await anonymous('/Job')).body.data.map((j: { id: number }) => j.id)).toEqual([one.id, two.id]);
  });

  it('withholds the pictures only a trashed project uses from visitors, and serves them again on restore', async () => {
    const { url, app, call, fileStatus } = await started(backend);
    const project = (
      await call(
        'POST',
        '/Project',
        await projectBody('Eigenes Bild', { picture: dataUrl(await testPhoto(700, 300), 'image/png') }),
      )
    ).body as Project;
    expect(await fileStatus(project)).toEqual(project.pictureSources.map(() => 200));
    expect((await call('DELETE', `/Project/${project.id}`)).status).toBe(204);

    expect(await fileStatus(project)).toEqual(project.pictureSources.map(() => 404));
    const refused = await fetch(url + project.pictureSources[0]!.url);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    // Still stored: a restore needs them.
    for (const source of project.pictureSources) expect(await isStored(app, source.url)).toBe(true);

    expect((await call('POST', '/Trash/Restore', { kind: 'project', id: project.id })).status).toBe(200);
    expect(await fileStatus(project)).toEqual(project.pictureSources.map(() => 200));
  });

  it('purges after 30 days, with the files no other project uses', async () => {
    const { call, fileStatus, purgeAfter } = await started(backend);
    const body = await projectBody('Gleiches Bild');
    const kept = (await call('POST', '/Project', body)).body as Project;
    const trashed = (await call('POST', '/Project', body)).body as Project;
    const alone = (await call('POST', '/Project', { ...body, picture: dataUrl(await testPhoto(500, 400), 'image/png') }))
      .body as Project;
    const category = (await call('POST', '/Category', { name: 'Alt' })).body as { id: number };
    const job = (await call('POST', '/Job', jobBody())).body as { id: number };
    for (const path of [`/Project/${trashed.id}`, `/Project/${alone.id}`, `/Category/${category.id}`, `/Job/${job.id}`])
      expect((await call('DELETE', path)).status).toBe(204);

    // In the trash: a picture a live project shares is still served, one only a trashed project uses is not.
    expect(await fileStatus(trashed)).toEqual(trashed.pictureSources.map(() => 200));
    expect(await fileStatus(alone)).toEqual(alone.pictureSources.map(() => 404));
    expect(await purgeAfter(29)).toEqual({ purged: 0 });
    expect((await call('GET', '/Trash')).body.count).toBe(4);
    expect(await purgeAfter(30.01)).toEqual({ purged: 4 });
    expect((await call('GET', '/Trash')).body).toEqual({ data: [], count: 0 });
    expect(await fileStatus(alone)).toEqual(alone.pictureSources.map(() => 404));
    expect(await fileStatus(kept)).toEqual(kept.pictureSources.map(() => 200));
    expect((await call('POST', '/Trash/Restore', { kind: 'project', id: trashed.id })).status).toBe(404);
    // The name of a purged category is free again.
    expect((await call('POST', '/Category', { name: 'Alt' })).status).toBe(201);
  });

  it('purges a category and keeps its projects, live and in the trash, without one (their foreign key unlinks them)', async () => {
    const { app, call, anonymous, purgeAfter } = await started(backend);
    const category = (await call('POST', '/Category', { name: 'Gewerbe' })).body as { id: number };
    const inCategory = { categoryID: String(category.id) };
    const live = (await call('POST', '/Project', await projectBody('Bleibt', inCategory))).body as Project;
    const trashed = (await call('POST', '/Project', await projectBody('Liegt', inCategory))).body as Project;
    expect((await call('DELETE', `/Category/${category.id}`)).status).toBe(204);
    expect((await call('DELETE', `/Project/${trashed.id}`)).status).toBe(204);
    // The category has been in the trash for 31 days, the project since now: the purge takes the category alone.
    const longAgo = new Date(Date.now() - 31 * day).toISOString();
    await app.db.updateTable('categories').set({ deleted_at: longAgo }).where('id', '=', category.id).execute();
    expect(await purgeAfter(0)).toEqual({ purged: 1 });

    const rows = await app.db
      .selectFrom('projects')
      .select(['id', 'category_id'])
      .where('id', 'in', [live.id, trashed.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: live.id, category_id: null },
      { id: trashed.id, category_id: null },
    ]);
    expect((await call('POST', '/Trash/Restore', { kind: 'project', id: trashed.id })).status).toBe(200);
    for (const project of [live, trashed])
      expect((await anonymous(`/Project/${project.id}`)).body).toMatchObject({ categoryID: null, category: null });
  });

  it('is emptied by an admin at once; a picture shared by two trashed projects goes with the last', async () => {
    const { call, fileStatus, anonymous } = await started(backend);
    const body = await projectBody('Doppelt');
    const one = (await call('POST', '/Project', body)).body as Project;
    const two = (await call('POST', '/Project', body)).body as Project;
    const stays = (
      await call('POST', '/Project', await projectBody('Bleibt', { picture: dataUrl(await testPhoto(300, 200), 'image/png') }))
    ).body as Project;
    await call('DELETE', `/Project/${one.id}`);
    await call('DELETE', `/Project/${two.id}`);
    const emptied = await call('DELETE', '/Trash');
    expect(emptied.status).toBe(200);
    expect(emptied.body).toEqual({ removed: 2 });
    expect(await fileStatus(one)).toEqual(one.pictureSources.map(() => 404));
    expect(await fileStatus(stays)).toEqual(stays.pictureSources.map(() => 200));
    expect((await anonymous('/Project')).body.count).toBe(1);
    expect((await call('DELETE', '/Trash')).body).toEqual({ removed: 0 });
  });

  it('a restore and a purge at the same time: each item is either back whole or gone whole', async () => {
    const { call, anonymous, purgeAfter } = await started(backend);
    const ids: number[] = [];
    for (const title of ['Eins', 'Zwei', 'Drei', 'Vier']) {
      const project = (await call('POST', '/Project', await projectBody(title))).body as Project;
      await call('DELETE', `/Project/${project.id}`);
      ids.push(project.id);
    }
    const [restores, purged] = await Promise.all([
      Promise.all(ids.map((id) => call('POST', '/Trash/Restore', { kind: 'project', id }))),
      purgeAfter(31),
    ]);
    const back = ids.filter((_, i) => restores[i]!.status === 200);
    expect(restores.every((r) => r.status === 200 || r.status === 404)).toBe(true);
    expect(back.length + (purged.purged ?? 0)).toBe(ids.length);
    for (const id of ids) {
      const read = await anonymous(`/Project/${id}`);
      expect(read.status).toBe(back.includes(id) ? 200 : 404);
      if (read.status === 200) expect(read.body.title).toHaveLength(2);
    }
    expect((await call('GET', '/Trash')).body.count).toBe(0);
  });

  it('answers bad or unknown restores with a clear 4xx', async () => {
    const { call } = await started(backend);
    const live = (await call('POST', '/Job', jobBody())).body as { id: number };
    for (const body of [
      {},
      { kind: 'user', id: 1 },
      { kind: 'project', id: 'abc' },
      { kind: 'project', id: -1 },
      { kind: 'job', id: 1, extra: 1 },
    ])
      expect((await call('POST', '/Trash/Restore', body)).status, JSON.stringify(body)).toBe(400);
    expect((await call('POST', '/Trash/Restore', { kind: 'project', id: 424242 })).status).toBe(404);
    // A live item is not in the trash.
    expect((await call('POST', '/Trash/Restore', { kind: 'job', id: live.id })).status).toBe(404);
    expect((await call('DELETE', `/Job/${live.id}`)).status).toBe(204);
    expect((await call('DELETE', `/Job/${live.id}`)).status).toBe(404);
    expect((await call('POST', '/Trash/Restore', { kind: 'job', id: String(live.id) })).status).toBe(200);
  });
});

/** A web build whose server bundle renders each page's data as JSON: what a page shows is in its HTML. */
function webBuildRenderingData(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"></div></body></html>`,
    `return { html: '<main>' + JSON.stringify(data) + '</main>', head: '' };`,
  );
}

describe.each(databaseKinds)('the public pages and the trash on %s', (kind) => {
  it('no page shows a trashed project or job (home, gallery, its page, job board, job page, sitemap); a restore shows them again', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildRenderingData() });
    const token = await signIn(url);
    const call = (method: string, path: string, body?: unknown) =>
      api(url, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body }) });
    const project = (await call('POST', '/Project', await projectBody('Papierkorbprojekt', { featured: true }))).body as Project;
    const job = (await call('POST', '/Job', jobBody({ location: 'Papierkorbstadt' }))).body as { id: number };
    const page = (path: string) => getOnce(url + path, { 'accept-encoding': 'identity' });
    const seen = async () => {
      const sitemap = (await api(url, 'GET', '/sitemap.xml')).text;
      return {
        home: (await page('/')).body.toString().includes('Papierkorbprojekt'),
        gallery: (await page('/Projects')).body.toString().includes('Papierkorbprojekt'),
        project: (await page(`/project/${project.id}`)).status,
        jobs: (await page('/jobs')).body.toString().includes('Papierkorbstadt'),
        job: (await page(`/jobs/${job.id}`)).status,
        sitemap: [sitemap.includes(`/project/${project.id}<`), sitemap.includes(`/jobs/${job.id}<`)],
      };
    };
    expect(await seen()).toEqual({ home: true, gallery: true, project: 200, jobs: true, job: 200, sitemap: [true, true] });
    await call('DELETE', `/Project/${project.id}`);
    await call('DELETE', `/Job/${job.id}`);
    expect(await seen()).toEqual({ home: false, gallery: false, project: 302, jobs: false, job: 302, sitemap: [false, false] });
    await call('POST', '/Trash/Restore', { kind: 'project', id: project.id });
    await call('POST', '/Trash/Restore', { kind: 'job', id: job.id });
    expect(await seen()).toEqual({ home: true, gallery: true, project: 200, jobs: true, job: 200, sitemap: [true, true] });
  });
});
