import { describe, expect, it } from 'vitest';
import { type CustomPage, type CustomPageCreate, apiRoutes, apiUrl } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, shownContent, signIn, startTestApp, tempDir } from '../../test/helper';
import { testPhoto } from '../../test/pictures';
import { form, send } from '../files/files.test-kit';

// The public page of a page staff added (issue 45, decision 061) over real HTTP: rendered at its
// address with its data, kept out of visitors' sight until published, "not found" elsewhere, in
// the sitemap unless kept out of search engines, linked from the navigation, previewed by staff.

/** A web build whose server bundle writes out the page data's keys, the page's title, its links and whether it is a preview. */
function fakeWebBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>built ${key}</p></div></body></html>`,
    `const custom = Object.entries(data ?? {}).find(([key]) => key.startsWith('/api/v1/Page/ByAddress'))?.[1];
      const links = (content?.pageLinks?.navigation ?? []).map((link) => link.title + '=' + link.address).join(',');
      const shown = custom ? custom.title[lang] + ' files:' + custom.files.map((f) => f.id).join(',') + ' sections:' + custom.sections.length : 'none';
      return { html: '<main>' + (content?.preview ? 'PREVIEW ' : '') + shown + ' nav:' + links + '</main>', head: '<title>' + page + '</title>' };`,
  );
}

const words = (de: string, en: string) => ({ de, en });
const list = apiUrl(apiRoutes.customPages.list);

const campaign = (overrides: Partial<CustomPageCreate> = {}): CustomPageCreate => ({
  address: '/Herbstaktion',
  title: words('Wiederkehrende Prüfung', 'Periodic inspection'),
  place: 'navigation',
  placeOrder: 1,
  noindex: false,
  sections: [{ kind: 'text', text: { de: [{ type: 'paragraph', content: [{ text: 'Jetzt prüfen.' }] }], en: [] } }],
  ...overrides,
});

const page = async (url: string, path: string, headers: Record<string, string> = {}) => {
  const res = await getOnce(url + path, { 'accept-encoding': 'identity', ...headers });
  return { ...res, text: res.body.toString() };
};

describe.each(databaseKinds)('the public page of a page staff added, on %s', (kind) => {
  it('is rendered at its address once published, in both languages and any case; elsewhere it is "not found"', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const created = await api(url, 'POST', list, { token, body: campaign() });
    expect(created.status, created.text).toBe(201);
    const { id } = created.body as CustomPage;

    // A draft is not there: the site's not-found answer (SPEC.md's redirect home).
    const draft = await page(url, '/Herbstaktion');
    expect(draft.status).toBe(302);
    expect(draft.headers['location']).toBe('/');
    expect(draft.headers['etag']).toBeUndefined();

    await api(url, 'POST', apiUrl(apiRoutes.customPages.publishPath(id)), { token });
    for (const [path, title] of [
      ['/Herbstaktion', 'Wiederkehrende Prüfung'],
      ['/herbstaktion?lang=en', 'Periodic inspection'],
      ['/HERBSTAKTION?utm_source=flyer', 'Wiederkehrende Prüfung'],
    ] as const) {
      const shown = await page(url, path);
      expect(shown.status, path).toBe(200);
      expect(shown.text, path).toContain(`${title} files: sections:1`);
      expect(shown.headers['content-security-policy'], path).toContain("default-src 'self'");
    }
    // Kept per content version: the second request is the same page, answered by its ETag.
    const first = await page(url, '/Herbstaktion');
    const again = await page(url, '/Herbstaktion', { 'if-none-match': String(first.headers['etag']) });
    expect(again.status).toBe(304);

    // Addresses no page has, or that cannot be one, are "not found" as before; a deeper path too.
    for (const path of ['/gibt-es-nicht', '/Herbst--aktion', '/Herbstaktion/mehr']) {
      const missing = await page(url, path);
      expect(missing.status, path).toBe(302);
      expect(missing.headers['location'], path).toBe('/');
    }
    // With the not-found page chosen: a 404 with the not-found page's own headers, not the page's.
    const chosen = await api(url, 'PUT', apiUrl(apiRoutes.notFound.settings), { token, body: { answer: 'notFoundPage' } });
    expect(chosen.status, chosen.text).toBe(200);
    const notFound = await page(url, '/gibt-es-nicht');
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-security-policy']).toContain("default-src 'none'");
    expect(notFound.headers['etag']).toBeUndefined();

    // Unpublished: gone from visitors again, at once.
    await api(url, 'POST', apiUrl(apiRoutes.customPages.unpublishPath(id)), { token });
    expect((await page(url, '/Herbstaktion')).status).toBe(404);
  });

  it('shows its pictures and downloads from the library, in the navigation and the sitemap unless kept out', async () => {
    const { url, app } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const uploaded = await send(
      url,
      'POST',
      token,
      form(
        { title: words('Fangmast', 'Mast'), alt: words('Ein Fangmast', 'A mast') },
        { name: 'mast.png', type: 'image/png', data: await testPhoto(800, 500) },
      ),
    );
    expect(uploaded.status).toBe(201);
    const fileId = (uploaded.body as { id: number }).id;
    const body = campaign({
      published: true,
      sections: [{ kind: 'picture', fileId, alt: words('', ''), caption: words('Nach der Prüfung', 'After the inspection') }],
    });
    expect((await api(url, 'POST', list, { token, body })).status).toBe(201);
    const kept = await api(url, 'POST', list, {
      token,
      body: campaign({ address: '/intern', title: words('Intern', 'Internal'), place: 'footer', noindex: true, published: true }),
    });
    expect(kept.status).toBe(201);

    // The public read carries the library file as visitors may see it: its renditions, no "used on".
    const read = await api(url, 'GET', `${apiUrl(apiRoutes.customPages.byAddress)}?Address=/Herbstaktion`);
    expect(read.body.files).toEqual([
      expect.objectContaining({
        id: fileId,
        kind: 'picture',
        alt: words('Ein Fangmast', 'A mast'),
        address: expect.stringMatching(/^\/dateien\//),
      }),
    ]);
    expect(read.body.files[0]).not.toHaveProperty('usedOn');
    expect(read.body.files[0].sources.length).toBeGreaterThan(0);
    expect((await page(url, '/Herbstaktion')).text).toContain(`files:${fileId}`);

    // Linked from the navigation of every page (the footer's list is the web's), by its title in the page's language.
    expect((await page(url, '/aboutus')).text).toContain('nav:Wiederkehrende Prüfung=/Herbstaktion');
    expect((await page(url, '/aboutus?lang=en')).text).toContain('nav:Periodic inspection=/Herbstaktion');
    const content = await shownContent(app, 'en');
    expect(content.render.pageLinks).toEqual({
      navigation: [{ address: '/Herbstaktion', title: 'Periodic inspection' }],
      footer: [{ address: '/intern', title: 'Internal' }],
    });

    // In the sitemap with both languages; the page kept out of search engines is not.
    const sitemap = (await page(url, '/sitemap.xml')).text;
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/Herbstaktion<\/loc>/);
    expect(sitemap).toContain('/Herbstaktion?lang=en</loc>');
    expect(sitemap).not.toContain('/intern');
  });

  it('leads from the old address of a page that moved to the new one, and shows staff their drafts in the preview', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const created = await api(url, 'POST', list, { token, body: campaign({ published: true }) });
    const live = created.body as CustomPage;
    const moved = await api(url, 'PUT', list, { token, body: { ...live, address: '/Pruefung', published: true } });
    expect(moved.status, moved.text).toBe(200);
    const old = await page(url, '/Herbstaktion?lang=en');
    expect(old.status).toBe(301);
    expect(old.headers['location']).toBe('/Pruefung?lang=en');
    expect((await page(url, '/Pruefung')).text).toContain('Wiederkehrende Prüfung');

    // A draft page and a draft of changes: visitors see neither, staff previewing see both.
    await api(url, 'POST', list, { token, body: campaign({ address: '/Neu', title: words('Neue Seite', 'New page') }) });
    await api(url, 'PUT', list, {
      token,
      body: { ...(moved.body as CustomPage), title: words('Geänderter Titel', 'Changed title'), published: false },
    });
    expect((await page(url, '/Neu')).status).toBe(302);
    expect((await page(url, '/Pruefung')).text).not.toContain('Geänderter Titel');
    const started = await api(url, 'POST', apiUrl(apiRoutes.siteTexts.preview), { token });
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const previewNew = await page(url, '/Neu', { cookie });
    expect(previewNew.text).toContain('PREVIEW Neue Seite');
    expect(previewNew.headers['cache-control']).toBe('no-store');
    expect(previewNew.headers['x-robots-tag']).toContain('noindex');
    const previewChanged = await page(url, '/Pruefung?lang=en', { cookie });
    expect(previewChanged.text).toContain('PREVIEW Changed title');
    // The navigation of a preview shows the pending pages too.
    expect(previewChanged.text).toContain('Changed title=/Pruefung');
    expect(previewChanged.text).toContain('New page=/Neu');
    expect((await page(url, '/gibt-es-nicht', { cookie })).status).toBe(302);
  });
});
