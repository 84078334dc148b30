import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileUse, apiRoutes, apiUrl } from '@blitz/contract';
import { listAll } from '../../storage/object-storage';
import { type RunningClamd, clamdInstalled, requireClamd, startClamd } from '../../test/clamd';
import { type TestApp, api, backends, getOnce, signIn, startTestApp } from '../../test/helper';
import { photoWithGps, testPhoto } from '../../test/pictures';
import { signedInAs } from '../accounts/accounts.test-kit';
import { pdfFile } from '../contact/contact.test-kit';
import { sweepLibraryFiles } from './file-sweep';
import { filesUrl, form, send } from './files.test-kit';
import type { SiteModule } from '../registry/site-module';

// The file library over real HTTP (issue 45, decision 060), on each database and each storage.

const titles = { title: { de: 'Prüfflyer 2026', en: 'Inspection flyer 2026' } };

/** A stand-in for the pages and news to come: a module that says which files it uses (its own list, set by the test). */
function testUser(uses: Map<number, FileUse[]>): SiteModule {
  return {
    name: 'test-pages',
    fileUsage: {
      kind: 'page',
      usesOf: async (_db, ids) => ids.flatMap((fileId) => (uses.get(fileId) ?? []).map((use) => ({ fileId, use }))),
    },
  };
}

const libraryObjects = async (app: TestApp['app']) => (await listAll(app.media, 'files/')).map((entry) => entry.key).sort();

describe.each(backends)('the file library on $name', (backend) => {
  let token: string;
  const uses = new Map<number, FileUse[]>();

  // Each test its own site (the helper closes it after the test), with the stand-in user of files.
  const start = async () => {
    uses.clear();
    const site = await startTestApp(backend, {}, { extraModules: [testUser(uses)] });
    token = await signIn(site.url);
    return site;
  };

  it('keeps a PDF with its titles, lists it, and serves it at its address with safe headers', async () => {
    const { url, app } = await start();
    const flyer = pdfFile('Prüf-Flyer Blitzschutz.pdf', 2000);
    const created = await send(url, 'POST', token, form(titles, flyer));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'document',
      title: titles.title,
      alt: null,
      originalName: 'Prüf-Flyer Blitzschutz.pdf',
      mediaType: 'application/pdf',
      size: flyer.data.length,
      address: `/dateien/${created.body.id}/pruef-flyer-blitzschutz.pdf`,
      sources: [],
      usedOn: [],
    });

    const list = await api(url, 'GET', filesUrl, { token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toEqual(created.body);

    const served = await getOnce(url + created.body.address);
    expect(served.status).toBe(200);
    expect(served.body.equals(flyer.data)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain('attachment;');
    expect(served.headers['content-disposition']).toContain("filename*=UTF-8''Pr%C3%BCf-Flyer%20Blitzschutz.pdf");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*; sandbox$/);
    expect(served.headers['cache-control']).toBe('public, no-cache');
    const etag = served.headers['etag']!;
    expect((await getOnce(url + created.body.address, { 'if-none-match': etag })).status).toBe(304);
    // The id decides; the name part is only for people.
    expect((await getOnce(`${url}/dateien/${created.body.id}`)).body.equals(flyer.data)).toBe(true);
    expect(await libraryObjects(app)).toHaveLength(1);

    // Not for visitors or for the inbox: the library is staff's, for admins and editors.
    expect((await api(url, 'GET', filesUrl)).status).toBe(401);
    const inbox = await signedInAs(url, token, 'office', 'inbox');
    expect((await api(url, 'GET', filesUrl, { token: inbox.token })).status).toBe(403);
    const editor = await signedInAs(url, token, 'editor', 'editor');
    expect((await api(url, 'GET', filesUrl, { token: editor.token })).body.count).toBe(1);
  });

  it('serves a replaced file at its old address, refuses a stale replace, and keeps the audit trail', async () => {
    const { url, app, database } = await start();
    const first = pdfFile('flyer.pdf', 100);
    const created = (await send(url, 'POST', token, form(titles, first))).body;
    const oldTag = (await getOnce(url + created.address)).headers['etag']!;

    const second = pdfFile('flyer-2027.pdf', 300);
    const replaced = await send(url, 'PUT', token, form({ id: created.id, ...titles, updatedAt: created.updatedAt }, second));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: created.id, address: created.address, originalName: 'flyer-2027.pdf' });
    const served = await getOnce(url + created.address, { 'if-none-match': oldTag });
    expect(served.status).toBe(200);
    expect(served.body.equals(second.data)).toBe(true);
    expect(served.headers['etag']).not.toBe(oldTag);
    // The old file is gone from storage; only the new one is kept.
    expect(await libraryObjects(app)).toHaveLength(1);

    // A replace from the version read before the first: 409, nothing changed, nothing left over.
    const stale = await send(
      url,
      'PUT',
      token,
      form({ id: created.id, ...titles, updatedAt: created.updatedAt }, pdfFile('x.pdf', 7)),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'edit_conflict', currentVersion: replaced.body.updatedAt });
    expect(stale.body.changedBy).toMatchObject({ name: 'admin' });
    expect((await getOnce(url + created.address)).body.equals(second.data)).toBe(true);
    expect(await libraryObjects(app)).toHaveLength(1);

    // The texts alone, as JSON.
    const renamed = await api(url, 'PUT', filesUrl, {
      token,
      body: { id: created.id, title: { de: 'Prüfflyer', en: 'Flyer' }, updatedAt: replaced.body.updatedAt },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: { de: 'Prüfflyer', en: 'Flyer' }, originalName: 'flyer-2027.pdf' });
    // What a read answers, sent back as it is (a document's `alt: null`, its address, its uses): taken.
    const roundTrip = await api(url, 'PUT', filesUrl, { token, body: renamed.body });
    expect(roundTrip.status, JSON.stringify(roundTrip.body)).toBe(200);
    expect(roundTrip.body).toMatchObject({ title: { de: 'Prüfflyer', en: 'Flyer' }, alt: null, address: created.address });

    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('item_kind', '=', 'file')
      .orderBy('id')
      .execute();
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'replace', 'update']);
    expect(trail[1]!.summary).toContain('file: "flyer.pdf" → "flyer-2027.pdf"');
    expect(trail[2]!.summary).toContain('title (en): "Inspection flyer 2026" → "Flyer"');
  });

  it('refuses to delete a file in use, naming where; deletes it to the trash once unused, and restores it', async () => {
    const { url, app } = await start();
    const created = (await send(url, 'POST', token, form(titles, pdfFile('datenblatt.pdf')))).body;
    const use: FileUse = { kind: 'page', id: 7, title: 'Herbstaktion', address: '/herbstaktion' };
    uses.set(created.id, [use]);

    const refused = await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(created.id)), { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'file_in_use', usedOn: [use] });
    expect(refused.body.detail).toContain('Herbstaktion');
    expect((await getOnce(url + created.address)).status).toBe(200);
    const usage = await api(url, 'GET', apiUrl(apiRoutes.files.usagePath(created.id)), { token });
    expect(usage.body).toEqual({ data: [use], count: 1 });
    expect((await api(url, 'GET', filesUrl, { token })).body.data[0].usedOn).toEqual([use]);

    uses.delete(created.id);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(created.id)), { token })).status).toBe(204);
    // Gone for visitors (the site's answer to an address that leads nowhere), kept in the trash.
    const gone = await getOnce(url + created.address);
    expect(gone.status).toBe(302);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await api(url, 'GET', filesUrl, { token })).body.count).toBe(0);
    const trash = await api(url, 'GET', apiUrl(apiRoutes.trash.list), { token });
    expect(trash.body.data).toMatchObject([{ kind: 'file', id: created.id, title: titles.title.de }]);

    const restored = await api(url, 'POST', apiUrl(apiRoutes.trash.restore), { token, body: { kind: 'file', id: created.id } });
    expect(restored.status).toBe(200);
    expect((await getOnce(url + created.address)).status).toBe(200);

    // Emptied for good: the row and its file.
    await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(created.id)), { token });
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.trash.list), { token })).body).toEqual({ removed: 1 });
    expect(await libraryObjects(app)).toEqual([]);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(created.id)), { token })).status).toBe(404);
  });

  it('takes a picture through the picture pipeline (WebP and AVIF widths, no metadata, alternative texts required) and replaces it at its address', async () => {
    const { url, app } = await start();
    const photo = { name: 'Dach.jpg', type: 'image/jpeg', data: await photoWithGps(1200, 800) };

    const withoutAlt = await send(url, 'POST', token, form(titles, photo));
    expect(withoutAlt.status).toBe(400);
    expect(withoutAlt.body.errors.map((e: { field: string }) => e.field)).toEqual(['alt.de', 'alt.en']);
    expect(await libraryObjects(app)).toEqual([]);

    const alt = { de: 'Fangstange auf einem Flachdach', en: 'Air terminal on a flat roof' };
    const created = await send(url, 'POST', token, form({ ...titles, alt }, photo));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'picture',
      alt,
      mediaType: 'image/jpeg',
      address: `/dateien/${created.body.id}/dach`,
    });
    // Turned upright (orientation 6): 800 wide, 1200 high.
    expect(created.body).toMatchObject({ width: 800, height: 1200 });
    expect(created.body.sources.map((s: { type: string; width: number }) => `${s.type} ${s.width}`)).toEqual([
      'image/avif 480',
      'image/webp 480',
      'image/avif 800',
      'image/webp 800',
    ]);
    const variant = await getOnce(url + created.body.sources[0].url);
    expect(variant.status).toBe(200);
    expect(variant.headers['cache-control']).toContain('immutable');

    const served = await getOnce(url + created.body.address);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition']).toBe('inline; filename=dach.webp');
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });
    expect(meta.exif).toBeUndefined();

    // A picture is replaced by a picture: at the same address, its old renditions gone.
    const asDocument = await send(url, 'PUT', token, form({ id: created.body.id, ...titles, alt }, pdfFile()));
    expect(asDocument.status).toBe(415);
    expect(await libraryObjects(app)).toHaveLength(4);
    const wider = { name: 'Dach-neu.png', type: 'image/png', data: await testPhoto(1000, 500, 'png') };
    const replaced = await send(url, 'PUT', token, form({ id: created.body.id, ...titles, alt }, wider));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ address: created.body.address, width: 1000, height: 500, mediaType: 'image/png' });
    expect((await sharp((await getOnce(url + created.body.address)).body).metadata()).width).toBe(1000);
    expect((await getOnce(url + created.body.sources[0].url)).status).toBe(404);
    expect(await libraryObjects(app)).toHaveLength(replaced.body.sources.length);
  });

  it("sweeps the library's objects no row names once they are an hour old, and keeps every named one", async () => {
    const { url, app } = await start();
    const created = (await send(url, 'POST', token, form(titles, pdfFile('flyer.pdf')))).body;
    const orphan = 'files/0123456789abcdef0123456789abcdef.pdf';
    await app.media.put(orphan, pdfFile().data);
    // Young, it may be an upload about to get its row: kept.
    expect(await sweepLibraryFiles({ db: app.db, media: app.media })).toBe(0);
    expect(await sweepLibraryFiles({ db: app.db, media: app.media }, undefined, new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect(await libraryObjects(app)).toHaveLength(1);
    expect((await getOnce(url + created.address)).status).toBe(200);
  });

  it('refuses bad input with a clear 4xx and keeps nothing', async () => {
    const { url, app } = await start();
    const page = { name: 'angebot.pdf', type: 'application/pdf', data: Buffer.from('<!doctype html><script>alert(1)</script>') };
    const wrongType = await send(url, 'POST', token, form(titles, page));
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe('unsupported_media_type');

    const tooBig = await send(url, 'POST', token, form(titles, pdfFile('gross.pdf', 25 * 1024 * 1024 + 1)));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('payload_too_large');

    const empty = await send(
      url,
      'POST',
      token,
      form(titles, { name: 'leer.pdf', type: 'application/pdf', data: Buffer.alloc(0) }),
    );
    expect(empty.status).toBe(400);

    const noTitle = await send(url, 'POST', token, form({ title: { de: 'Nur deutsch', en: '' } }, pdfFile()));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors[0].field).toBe('title');

    const badJson = await send(url, 'POST', token, form('{"title":', pdfFile()));
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors[0].field).toBe('data');

    const noFile = await send(url, 'POST', token, form(titles));
    expect(noFile.status).toBe(400);

    const asJson = await api(url, 'POST', filesUrl, { token, body: titles });
    expect(asJson.status).toBe(415);

    const unknown = await api(url, 'PUT', filesUrl, { token, body: { id: 999, ...titles } });
    expect(unknown.status).toBe(404);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(999)), { token })).status).toBe(404);
    expect((await api(url, 'GET', apiUrl(apiRoutes.files.usagePath(999)), { token })).status).toBe(404);

    expect(await libraryObjects(app)).toEqual([]);
    expect((await api(url, 'GET', filesUrl, { token })).body.count).toBe(0);
    // An address of no file is an address that leads nowhere.
    expect((await getOnce(`${url}/dateien/123/nichts.pdf`)).status).toBe(302);
    expect((await getOnce(`${url}/dateien/abc`)).status).toBe(302);
  });
});

describe.skipIf(!clamdInstalled && !requireClamd)('library documents scanned for malware', () => {
  const malware = pdfFile('preisliste.pdf', 64);
  let clamd: RunningClamd;
  beforeAll(async () => {
    clamd = await startClamd([{ name: 'Blitz.Test.Malware', data: malware.data }]);
  }, 60_000);
  afterAll(() => clamd?.stop());

  it.each(backends)('refuses a document with malware (422), keeping nothing, on $name', async (backend) => {
    const { url, app } = await startTestApp(backend, { CLAMD_URL: clamd.url });
    const token = await signIn(url);
    const refused = await send(url, 'POST', token, form(titles, malware));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'malware_found', errors: [{ field: 'file', message: 'malware found' }] });
    expect(await libraryObjects(app)).toEqual([]);
    expect((await send(url, 'POST', token, form(titles, pdfFile('sauber.pdf', 32)))).status).toBe(201);
  });
});
