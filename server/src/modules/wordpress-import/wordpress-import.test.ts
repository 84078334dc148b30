import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ImportJob,
  apiRoutes,
  apiUrl,
  auditListSchema,
  categoryListSchema,
  checklistSchema,
  importJobListSchema,
  importJobSchema,
  importReportSchema,
  problemSchema,
  projectListSchema,
  projectSchema,
  redirectListSchema,
} from '@blitz/contract';
import { buildApp } from '../../app';
import { listAll } from '../../storage/object-storage';
import { type TestApp, api, backends, onCleanup, signIn, startSharedTestApp, startTestApp } from '../../test/helper';
import { commandLineActor } from '../audit/audit-actor';
import { mediaAddress } from '../../media/media-address';
import { createImportRunner, importLeaseName, queueImportJob, runImportJob, scratchFolder } from './import-jobs';
import { takeLease } from '../housekeeping/leases.repository';
import { exportAt, fixtureExport, fixtureUploadsZip, oldSite, postImport, zipOf } from './wordpress-import.test-kit';
import fs from 'node:fs';
import path from 'node:path';

// The WordPress import (issue 43, decision 054) over real HTTP, on the fixture a real WordPress
// exported (decision 053): drafts with pictures, alternative texts and categories, a repeat that
// creates nothing, a dry run that writes nothing, a resume after a cut, hostile files refused.

const jobUrl = (id: number) => apiUrl(apiRoutes.imports.onePath(id));

async function finished(base: string, token: string, id: number): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await api(base, 'GET', jobUrl(id), { token });
    expect(res.status, res.text).toBe(200);
    const job = importJobSchema.parse(res.body);
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not end`);
}

/** Everything an import could write, counted: what a refused or dry import must leave as it was. */
async function written(site: TestApp, token: string) {
  const projects = projectListSchema.parse((await api(site.url, 'GET', '/api/v1/Project?PageLength=100', { token })).body);
  const categories = categoryListSchema.parse((await api(site.url, 'GET', '/api/v1/Category', { token })).body);
  const redirects = redirectListSchema.parse((await api(site.url, 'GET', '/api/v1/Redirect?PageLength=100', { token })).body);
  const jobs = await site.database.db.selectFrom('wordpress_import_jobs').select('id').execute();
  const items = await site.database.db.selectFrom('wordpress_imported_items').select('guid').execute();
  return {
    projects: projects.count,
    categories: categories.count,
    redirects: redirects.count,
    jobs: jobs.length,
    items: items.length,
    media: (await listAll(site.app.media)).filter((o) => !o.key.startsWith('.')).length,
    kept: (await listAll(site.app.attachments, 'wordpress-import/')).length,
  };
}

const attachmentUrl = (url: string) => `<wp:attachment_url><![CDATA[${url}]]></wp:attachment_url>`;

const nothing = { projects: 0, categories: 0, redirects: 0, jobs: 0, items: 0, media: 0, kept: 0 };

describe.each(backends)('WordPress import on $name', (kind) => {
  let site: TestApp & { close: () => Promise<void> };
  let token: string;
  beforeAll(async () => {
    site = await startSharedTestApp(kind);
    token = await signIn(site.url);
  });
  afterAll(async () => site.close());

  it('refuses hostile and wrong files with a problem, keeping nothing', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><rss><channel>&lol2;</channel></rss>';
    const external = '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss>&x;</rss>';
    // A zip whose entry climbs out of its folder (zip slip): yazl will not write one, so its name is changed in the bytes.
    const climbing = await zipOf({ 'xx/xx/etc/cron.d/evil.jpg': Buffer.from('x') });
    const slip = Buffer.from(climbing.toString('latin1').split('xx/xx/').join('../../'), 'latin1');
    const cases: [string, Parameters<typeof postImport>[2], number, string][] = [
      ['entity bomb', { file: bomb }, 400, 'DOCTYPE'],
      ['external entity', { file: external }, 400, 'DOCTYPE'],
      ['not XML', { file: 'from,to\n/a,/b\n' }, 400, 'not well-formed'],
      [
        'XML but no export',
        { file: '<?xml version="1.0"?><rss><channel><title>x</title></channel></rss>' },
        400,
        'not a WordPress export',
      ],
      ['cut off', { file: fixtureExport.slice(0, 5000) }, 400, 'not well-formed'],
      ['uploads not a zip', { file: fixtureExport, uploads: Buffer.from('PK\u0003\u0004 not really a zip') }, 400, 'not a zip'],
      ['zip slip', { file: fixtureExport, uploads: slip }, 400, 'cannot be read'],
      ['unknown field', { file: fixtureExport, fields: { publish: 'true' } }, 400, 'Invalid field'],
      ['uploads as text', { file: fixtureExport, fields: { uploads: 'wp-content/uploads' } }, 400, 'Invalid field: uploads'],
      ['bad dry run', { file: fixtureExport, fields: { dryRun: 'perhaps' } }, 400, 'Invalid field'],
    ];
    for (const [name, form, status, detail] of cases) {
      const res = await postImport(site.url, token, form);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.headers.get('content-type'), name).toContain('application/problem+json');
      expect(problemSchema.parse(res.body).detail, name).toContain(detail);
    }
    const noFile = new FormData();
    noFile.append('dryRun', 'true');
    const missing = await fetch(site.url + apiUrl(apiRoutes.imports.wordpress), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: noFile,
    });
    expect(missing.status).toBe(400);
    // Admins only.
    const anonymous = await fetch(site.url + apiUrl(apiRoutes.imports.wordpress), { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(await written(site, token)).toEqual(nothing);
  });

  it('reports in a dry run what it would do, writing nothing; fetches only from the old site', async () => {
    const old = await oldSite({
      // A picture larger than the limit, and one the old site sends elsewhere.
      '/wp-content/uploads/2022/03/logistikhalle-offenbach.jpg': Buffer.alloc(16 * 1024 * 1024),
      '/wp-content/uploads/2024/09/kirchturm-gelnhausen.jpg': 'http://localhost:9/kirchturm.jpg',
    });
    const file = exportAt(old.origin)
      // One picture moved to another host, one to a local file: neither is fetched.
      .replace(
        attachmentUrl(`${old.origin}/wp-content/uploads/2022/03/logistikhalle-dach-1.jpg`),
        attachmentUrl('http://localhost:9/x.jpg'),
      )
      .replace(
        attachmentUrl(`${old.origin}/wp-content/uploads/2022/03/logistikhalle-dach-2.jpg`),
        attachmentUrl('file:///etc/passwd'),
      );
    const res = await postImport(site.url, token, { file, dryRun: true });
    expect(res.status, res.text).toBe(200);
    const report = importReportSchema.parse(res.body);
    expect(report).toMatchObject({ dryRun: true, created: 2, matched: 0, redirects: 4, pictures: { fetched: 3, failed: 5 } });
    expect(report.categoriesCreated.sort()).toEqual(['Industrie', 'Kirchen']);
    const reasons = Object.fromEntries(report.skipped.map((s) => [s.item, s.reason]));
    expect(reasons['Blitzschutz für die neue Turnhalle in Maintal']).toBe('not published (draft)');
    expect(reasons['Überspannungsschutz im Einfamilienhaus in Bad Vilbel']).toContain('no picture');
    expect(reasons['Äußerer Blitzschutz für eine Logistikhalle in Offenbach']).toContain('none of its pictures');
    expect(reasons['Äußerer Blitzschutz für eine Logistikhalle in Offenbach: 2022/03/logistikhalle-dach-1.jpg']).toContain(
      'another host',
    );
    expect(reasons['Äußerer Blitzschutz für eine Logistikhalle in Offenbach: 2022/03/logistikhalle-dach-2.jpg']).toContain(
      'not an http(s) address',
    );
    expect(reasons['Äußerer Blitzschutz für eine Logistikhalle in Offenbach: 2022/03/logistikhalle-offenbach.jpg']).toBe(
      'picture not taken: larger than 15 MB',
    );
    expect(reasons['Sanierung der Fangeinrichtung am Kirchturm in Gelnhausen: 2024/09/kirchturm-gelnhausen.jpg']).toContain(
      'another host',
    );
    expect(reasons['Erdungsanlage für ein Rechenzentrum in Frankfurt: 2019/11/rechenzentrum-frankfurt.jpg']).toBe(
      'picture not taken: the old site answered 404',
    );
    expect(report.missingAlt).toEqual([
      { item: 'Erdungsanlage für ein Rechenzentrum in Frankfurt', picture: '2019/11/rechenzentrum-erdung.jpg', projectId: null },
    ]);
    expect(report.pages).toContainEqual({ title: 'Kontakt', from: '/kontakt/', suggested: '/contactus' });
    expect(report.pages).toContainEqual({ title: 'Karriere', from: '/karriere/', suggested: '/jobs' });
    // Only the old site was asked, and only for pictures.
    expect(old.hits.every((hit) => hit.startsWith('/wp-content/uploads/'))).toBe(true);
    expect(await written(site, token)).toEqual(nothing);

    // From a zip: a picture larger than the limit is refused unread (a zip bomb ends there too).
    const large = await zipOf({ 'uploads/2022/03/logistikhalle-offenbach.jpg': Buffer.alloc(16 * 1024 * 1024) });
    const zipped = importReportSchema.parse((await postImport(site.url, token, { file, dryRun: true, uploads: large })).body);
    expect(zipped.skipped).toContainEqual({
      item: 'Äußerer Blitzschutz für eine Logistikhalle in Offenbach: 2022/03/logistikhalle-offenbach.jpg',
      reason: 'picture not taken: larger than 15 MB',
      code: 'picture_failed',
    });
    expect(zipped.skipped).toContainEqual({
      item: 'Blitzschutz für die Stadtkirche St. Marien in Hanau: 2021/06/kirche-hanau-turm.jpg',
      reason: 'picture not taken: not in the uploads zip (2021/06/kirche-hanau-turm.jpg)',
      code: 'picture_failed',
    });

    // A choice of categories: the news post is not a reference.
    const chosen = importReportSchema.parse(
      (await postImport(site.url, token, { file, dryRun: true, categories: ['referenzen'] })).body,
    );
    expect(chosen.skipped).toContainEqual({
      item: 'Neuer Standort in Gelnhausen',
      reason: 'not in the chosen categories',
      code: 'other_category',
    });
    expect(chosen.created).toBe(2);
  });

  it('fetches the pictures from the address an admin confirms where the old site answers today, and from no other', async () => {
    // The export as WordPress wrote it, naming an address that no longer answers (a domain moved).
    const old = await oldSite();
    const res = await postImport(site.url, token, { file: fixtureExport, dryRun: true, fields: { siteUrl: `${old.origin}/` } });
    expect(res.status, res.text).toBe(200);
    const report = importReportSchema.parse(res.body);
    expect(report).toMatchObject({ created: 2, pictures: { fetched: 3 } });
    expect(old.hits).toContain('/wp-content/uploads/2021/06/kirche-hanau-turm.jpg');
    expect(old.hits.every((hit) => hit.startsWith('/wp-content/uploads/'))).toBe(true);
    // Only an http(s) address of a site.
    for (const siteUrl of ['file:///etc/', 'ftp://example.com', 'https://example.com/wp/uploads', 'not an address']) {
      const refused = await postImport(site.url, token, { file: fixtureExport, dryRun: true, fields: { siteUrl } });
      expect(refused.status, siteUrl).toBe(400);
      expect(problemSchema.parse(refused.body).errors?.[0]?.field).toBe('siteUrl');
    }
    expect(await written(site, token)).toEqual(nothing);
  });

  it('stops a dry run whose client left after the post it is at, asking the old site nothing more', async () => {
    // An old site that takes its time with every picture.
    const hits: string[] = [];
    const slow = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      setTimeout(() => response.writeHead(404).end(), 400);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise((resolve) => slow.close(() => resolve())));
    const file = exportAt(`http://127.0.0.1:${(slow.address() as { port: number }).port}`);
    const leave = new AbortController();
    const sent = postImport(site.url, token, { file, dryRun: true, signal: leave.signal }).catch((error: Error) => error);
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBeGreaterThan(0);
    leave.abort();
    expect(await sent).toBeInstanceOf(Error);
    // The post it was at has at most three pictures; a whole dry run asks for eight.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const asked = hits.length;
    expect(asked).toBeLessThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hits.length).toBe(asked);
    expect(await written(site, token)).toEqual(nothing);
  });

  it('imports posts as drafts with their pictures, texts, categories and redirects; a repeat creates nothing', async () => {
    const old = await oldSite();
    const file = exportAt(old.origin);
    const res = await postImport(site.url, token, { file });
    expect(res.status, res.text).toBe(202);
    const queued = importJobSchema.parse(res.body);
    expect(res.headers.get('location')).toBe(jobUrl(queued.id));
    const job = await finished(site.url, token, queued.id);
    expect(job.state, job.error ?? '').toBe('done');
    const report = job.report!;
    expect(report).toMatchObject({ dryRun: false, created: 2, matched: 0, redirects: 4, pictures: { fetched: 3, failed: 5 } });
    expect(job.progress).toEqual({ done: 4, total: 4 });

    const church = report.projects.find((p) => p.title.startsWith('Blitzschutz für die Stadtkirche'))!;
    const read = projectSchema.parse((await api(site.url, 'GET', `/api/v1/Project/${church.id}`, { token })).body);
    expect(read.published).toBe(false);
    expect(read.title).toEqual([{ content: 'Blitzschutz für die Stadtkirche St. Marien in Hanau', language: 2 }]);
    expect(read.content[0]!.content).toMatch(/^Die Stadtkirche St. Marien prägt/);
    expect(read.scopeOfWorks[0]!.content.split('\n')[0]).toBe('Fangeinrichtung am Turm mit 2 m Fangstange');
    expect(read.category?.name).toBe('Kirchen');
    expect(read.pictures.map((p) => p.alt)).toEqual([
      [{ content: 'Turm der Stadtkirche St. Marien mit neuer Fangstange', language: 2 }],
      [{ content: 'Kupferne Ableitung an der Außenwand des Kirchenschiffs', language: 2 }],
    ]);
    expect(read.createdAt).toBe('2021-06-14T08:30:00.000Z');
    // Visitors see no draft.
    expect((await api(site.url, 'GET', `/api/v1/Project/${church.id}`)).status).toBe(404);
    // Re-encoded by the upload pipeline: WebP and AVIF files, no JPEG kept.
    expect(read.pictures[0]!.sources.map((s) => s.type)).toContain('image/webp');
    expect((await listAll(site.app.media)).some((o) => o.key.endsWith('.jpg'))).toBe(false);
    expect(report.missingAlt).toEqual([
      expect.objectContaining({ picture: '2019/11/rechenzentrum-erdung.jpg', projectId: expect.any(Number) }),
    ]);

    // The old addresses answer 301 to the new pages.
    const old1 = await fetch(`${site.url}/referenzen/blitzschutz-kirche-hanau/`, { redirect: 'manual' });
    expect(old1.status).toBe(301);
    expect(old1.headers.get('location')).toBe(`/project/${church.id}`);
    const old2 = await fetch(`${site.url}/?p=4`, { redirect: 'manual' });
    expect(old2.headers.get('location')).toBe(`/project/${church.id}`);

    // The audit trail: the import with its counts, by the admin who started it.
    const trail = auditListSchema.parse((await api(site.url, 'GET', '/api/v1/Audit?PageLength=100', { token })).body);
    const entry = trail.data.find((e) => e.item.kind === 'wordpressImport')!;
    expect(entry).toMatchObject({ action: 'import', user: expect.objectContaining({ name: 'admin' }) });
    expect(entry.summary).toContain('2 created, 0 matched');
    expect(trail.data.filter((e) => e.item.kind === 'project' && e.action === 'create')).toHaveLength(2);

    const before = await written(site, token);
    expect(before).toMatchObject({ projects: 2, categories: 2, redirects: 4, items: 2, kept: 0 });

    // The same file again, now with the uploads as a zip (not asking the old site): nothing made twice.
    const asked = old.hits.length;
    const again = await postImport(site.url, token, { file, uploads: await fixtureUploadsZip() });
    expect(again.status, again.text).toBe(202);
    const repeat = await finished(site.url, token, importJobSchema.parse(again.body).id);
    expect(repeat.report).toMatchObject({ created: 0, matched: 2, redirects: 0 });
    expect(old.hits.length).toBe(asked);
    expect(await written(site, token)).toEqual({ ...before, jobs: before.jobs + 1 });

    // The go-live checklist: the old pages the import listed have no redirect yet, and the posts'
    // old addresses lead to drafts; redirecting the pages and publishing leaves only the drafts.
    const checklistItem = async () =>
      checklistSchema
        .parse((await api(site.url, 'GET', '/api/v1/Settings/Checklist', { token })).body)
        .items.find((i) => i.key === 'oldAddresses')!;
    const open = await checklistItem();
    expect(open.done).toBe(false);
    expect(open.detail?.unredirected).toEqual(expect.arrayContaining(['/kontakt/', '/impressum/', '/karriere/']));
    expect(open.detail?.toHidden).toEqual(expect.arrayContaining(['/referenzen/blitzschutz-kirche-hanau/', '/?p=4']));

    // The dashboard's list: newest first, each with its report.
    const listed = importJobListSchema.parse((await api(site.url, 'GET', '/api/v1/Import', { token })).body);
    expect(listed.data.map((j) => j.id)).toEqual([importJobSchema.parse(again.body).id, queued.id]);
    expect(listed.data[1]!.report).toMatchObject({ created: 2 });
    expect((await api(site.url, 'GET', '/api/v1/Import')).status).toBe(401);
  });
});

describe.each(backends)('WordPress import cut off on $name', (kind) => {
  it("resumes an import cut off between two posts once the dead instance's lease has run out, creating nothing twice", async () => {
    const site = await startTestApp(kind);
    const zip = await zipOf({
      ...Object.fromEntries(
        ['2021/06/kirche-hanau-turm.jpg', '2021/06/kirche-hanau-ableitung.jpg', '2019/11/rechenzentrum-erdung.jpg'].map(
          (name) => [`uploads/${name}`, fs.readFileSync(path.join(import.meta.dirname, 'fixtures/uploads', name))],
        ),
      ),
    });
    const scratch = await scratchFolder();
    onCleanup(scratch.done);
    const exportFile = path.join(scratch.folder, 'export.xml');
    const uploadsZip = path.join(scratch.folder, 'uploads.zip');
    fs.writeFileSync(exportFile, fixtureExport);
    fs.writeFileSync(uploadsZip, zip);
    const deps = {
      db: site.app.db,
      media: site.app.media,
      attachments: site.app.attachments,
      log: site.app.log,
      mediaUrl: mediaAddress(undefined),
    };
    // The test runs the job itself first: it holds the runners' lease, so that the app's own runner
    // (which looks for jobs once it is ready) cannot take the job meanwhile.
    const held = () => takeLease(site.app.db, importLeaseName, 'test', new Date(), new Date(Date.now() + 60_000));
    while (!(await held())) await new Promise((resolve) => setTimeout(resolve, 50));
    // A job as the route queues it, run until its first post is in, then cut (as a stopping server does).
    const id = await queueImportJob(
      deps,
      { exportFile, uploadsZip },
      { categories: [], postTypes: [], siteUrl: null },
      commandLineActor,
    );
    const cut = new AbortController();
    await runImportJob(deps, id, { signal: cut.signal, onProgress: (done) => done === 1 && cut.abort() });
    const halfway = await site.database.db
      .selectFrom('wordpress_import_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(halfway).toMatchObject({ state: 'running', done: 1, total: 4 });
    expect(await site.database.db.selectFrom('wordpress_imported_items').select('guid').execute()).toHaveLength(1);

    // The instance that ran it died holding the lease ('test'). Another starts on the same site: it
    // finds the job but leaves it while the lease holds, and takes it up when it has run out.
    const second = await buildApp(site.config, { database: site.database, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    onCleanup(() => second.close());
    const url = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
    const token = await signIn(url);
    // A runner that looks every 50 ms, as the instances' runners do every minute.
    const runner = createImportRunner(deps, { retryMs: 50 });
    runner.start();
    onCleanup(() => runner.stop());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stillCut = (await api(url, 'GET', `/api/v1/Import/${id}`, { token })).body;
    expect(stillCut).toMatchObject({ state: 'running', progress: { done: 1, total: 4 } });
    await site.database.db
      .updateTable('leases')
      .set({ until: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', importLeaseName)
      .execute();
    const job = await finished(url, token, id);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.report).toMatchObject({ created: 2, matched: 0, redirects: 4, pictures: { fetched: 3 } });
    expect(job.createdBy).toBe('command line');
    const projects = projectListSchema.parse((await api(url, 'GET', '/api/v1/Project?PageLength=100', { token })).body);
    expect(projects.count).toBe(2);
    expect(new Set(projects.data.map((p) => p.title[0]!.content)).size).toBe(2);
    // Its files are gone with it.
    expect(await listAll(site.app.attachments, 'wordpress-import/')).toEqual([]);
  });
});
