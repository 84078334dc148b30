import { describe, expect, it } from 'vitest';
import { type NewsPost, apiRoutes, apiUrl, auditListSchema, newsHomeSchema, problemSchema } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, shownContent, signIn, startTestApp, tempDir } from '../../test/helper';
import { testPhoto } from '../../test/pictures';
import { signedInAs } from '../accounts/accounts.test-kit';
import { form, send } from '../files/files.test-kit';
import { apprentices, newsByAddress, newsList, newsOne, newsPublished } from './news.test-kit';

// The public news pages (issue 45, decision 064) over real HTTP: the list with its pages, a post's
// page with its cover and sections, "not found" for what visitors may not see, the drafts for staff
// previewing them, the home page's newest posts and their setting, the navigation's link, the sitemap.

/** A web build whose server bundle writes out what a news page is rendered with, as JSON. */
function fakeWebBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>built ${key}</p></div></body></html>`,
    `const find = (prefix) => Object.entries(data ?? {}).find(([key]) => key.startsWith(prefix));
      const list = find('/api/v1/News/Published');
      const post = find('/api/v1/News/ByAddress');
      const home = data?.['news:home'];
      const shown = {
        page,
        list: list && { key: list[0], count: list[1].count, titles: list[1].data.map((p) => p.title[lang]), files: list[1].files.map((f) => f.id),
          others: list[1].data.map((p) => p.title[lang === 'de' ? 'en' : 'de'] + p.teaser[lang === 'de' ? 'en' : 'de']).join('') },
        post: post && { key: post[0], title: post[1].title[lang], files: post[1].files.map((f) => f.id + ':' + f.sources.length), sections: post[1].sections.length },
        home: home && home.data.map((p) => p.title[lang]),
        newsLinked: content?.newsLinked === true,
        preview: content?.preview === true,
      };
      return { html: '<main>' + JSON.stringify(shown) + '</main>', head: '<title>' + page + '</title>' };`,
  );
}

type Shown = {
  page: string;
  list?: { key: string; count: number; titles: string[]; files: number[]; others: string };
  post?: { key: string; title: string; files: string[]; sections: number };
  home?: string[];
  newsLinked: boolean;
  preview: boolean;
};

const words = (de: string, en: string) => ({ de, en });

async function page(url: string, path: string, headers: Record<string, string> = {}) {
  const res = await getOnce(url + path, { 'accept-encoding': 'identity', ...headers });
  const text = res.body.toString();
  const json = /<main>(.*)<\/main>/s.exec(text)?.[1];
  return { ...res, text, shown: json ? (JSON.parse(json) as Shown) : undefined };
}

async function uploadPicture(url: string, token: string): Promise<number> {
  const uploaded = await send(
    url,
    'POST',
    token,
    form(
      { title: words('Fahrzeug', 'Vehicle'), alt: words('Das neue Fahrzeug', 'The new van') },
      { name: 'van.png', type: 'image/png', data: await testPhoto(800, 500) },
    ),
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return (uploaded.body as { id: number }).id;
}

describe.each(databaseKinds)('the public news pages on %s', (kind) => {
  it('list the posts visitors see ten a page, with their covers; a page past the last is "not found"', async () => {
    const { url, app } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    // No post: no link in the navigation (the pages are the build's as they are), and the list says so on its first page.
    expect((await shownContent(app, 'de')).render.newsLinked).toBeUndefined();
    expect((await page(url, '/aboutus')).text).toContain('built aboutus');
    expect((await page(url, '/aktuelles')).shown!.list).toMatchObject({ count: 0, titles: [] });

    const fileId = await uploadPicture(url, token);
    for (let n = 1; n <= 12; n++) {
      const body = {
        ...apprentices({
          address: `meldung-${n}`,
          title: words(`Meldung ${n}`, `Post ${n}`),
          date: `2026-12-${String(n).padStart(2, '0')}`,
          cover: n === 12 ? { fileId, alt: words('', '') } : null,
        }),
        published: true,
      };
      expect((await api(url, 'POST', newsList, { token, body })).status).toBe(201);
    }
    // A draft is in no list.
    await api(url, 'POST', newsList, { token, body: apprentices({ address: 'entwurf', title: words('Entwurf', 'Draft') }) });

    const first = await page(url, '/aktuelles');
    expect(first.status).toBe(200);
    expect(first.shown!.list).toEqual({
      key: '/api/v1/News/Published?PageNumber=1&PageLength=10',
      count: 12,
      titles: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Meldung ${n}`),
      files: [fileId],
      // The page carries what its cards show: the other language's words are left out.
      others: '',
    });
    expect(first.shown!.newsLinked).toBe(true);
    expect((await page(url, '/aboutus')).shown!.newsLinked).toBe(true);
    const second = await page(url, '/Aktuelles?page=2&lang=en');
    expect(second.shown!.list).toMatchObject({ titles: ['Post 2', 'Post 1'], files: [] });
    // Junk is the first page (kept as one: page-cache.test.ts); past the last: the site's not-found answer.
    const junk = await page(url, '/aktuelles?page=abc&utm_source=x');
    expect(junk.shown!.list!.titles[0]).toBe('Meldung 12');
    for (const path of ['/aktuelles?page=3', '/aktuelles?page=99999&lang=en']) {
      const past = await page(url, path);
      expect(past.status, path).toBe(302);
      expect(past.headers['location'], path).toBe('/');
    }

    // The public read carries the covers' sources, and no more of the library than visitors may see.
    const read = await api(url, 'GET', newsPublished('?PageLength=1'));
    expect(read.body.files).toEqual([expect.objectContaining({ id: fileId, kind: 'picture', address: expect.any(String) })]);
    expect(read.body.files[0].sources.length).toBeGreaterThan(0);
    expect(read.body.files[0]).not.toHaveProperty('usedOn');
  });

  it('show a post with its cover and sections; a draft, a scheduled post or one in the trash is "not found"; staff preview it', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const fileId = await uploadPicture(url, token);
    const created = await api(url, 'POST', newsList, {
      token,
      body: {
        ...apprentices({
          address: 'Prüfung-im-Winter',
          cover: { fileId, alt: words('', '') },
          sections: [{ kind: 'picture', fileId, alt: words('', ''), caption: words('', '') }, ...apprentices().sections],
        }),
        published: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    const post = created.body as NewsPost;

    for (const path of ['/aktuelles/Pr%C3%BCfung-im-Winter', '/AKTUELLES/prüfung-im-winter?lang=en'.replace('ü', '%C3%BC')]) {
      const shown = await page(url, path);
      expect(shown.status, path).toBe(200);
      expect(shown.shown!.post, path).toMatchObject({
        files: [expect.stringMatching(new RegExp(`^${fileId}:[1-9]`))],
        sections: 3,
      });
    }
    expect((await page(url, '/aktuelles/Pr%C3%BCfung-im-Winter?lang=en')).shown!.post!.title).toBe('Apprentices start in 2026');
    // The public read: the post and the files its cover and sections show, once.
    const read = await api(url, 'GET', newsByAddress('prüfung-im-winter'));
    expect(read.status).toBe(200);
    expect(read.body.files.map((f: { id: number }) => f.id)).toEqual([fileId]);
    expect(read.body).not.toHaveProperty('draft');

    // Not there for visitors: none at all, a deeper path, the feed's own word as a post.
    for (const path of ['/aktuelles/gibt-es-nicht', '/aktuelles/Pr%C3%BCfung-im-Winter/mehr', '/aktuelles/a--b']) {
      expect((await page(url, path)).status, path).toBe(302);
    }
    // A scheduled post, a draft of changes, one unpublished, one in the trash: "not found" or the live values.
    const scheduled = await api(url, 'POST', newsList, {
      token,
      body: { ...apprentices({ address: 'bald', publishAt: '2099-01-01T07:00:00+01:00' }), published: true },
    });
    expect(scheduled.status).toBe(201);
    expect((await page(url, '/aktuelles/bald')).status).toBe(302);
    expect((await api(url, 'GET', newsByAddress('bald'))).status).toBe(404);
    const draft = await api(url, 'PUT', newsList, {
      token,
      body: { ...post, title: words('Neuer Titel', 'New title'), published: false },
    });
    expect(draft.status, draft.text).toBe(200);
    expect((await page(url, '/aktuelles/Pr%C3%BCfung-im-Winter')).shown!.post!.title).toBe('Ausbildungsstart 2026');

    // Staff previewing the drafts see the draft of changes and the scheduled post; never kept, never indexed.
    const started = await api(url, 'POST', apiUrl(apiRoutes.siteTexts.preview), { token });
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const preview = await page(url, '/aktuelles/Pr%C3%BCfung-im-Winter', { cookie });
    expect(preview.shown).toMatchObject({ preview: true, post: { title: 'Neuer Titel' } });
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toContain('noindex');
    expect((await page(url, '/aktuelles/bald', { cookie })).shown!.post!.title).toBe('Ausbildungsstart 2026');

    expect((await api(url, 'DELETE', newsOne(post.id), { token })).status).toBe(204);
    expect((await page(url, '/aktuelles/Pr%C3%BCfung-im-Winter')).status).toBe(302);
    // With the not-found page chosen: a 404 with that page's headers.
    await api(url, 'PUT', apiUrl(apiRoutes.notFound.settings), { token, body: { answer: 'notFoundPage' } });
    const missing = await page(url, '/aktuelles/Pr%C3%BCfung-im-Winter');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('show the newest posts on the home page as many as editors set, and list the news and its posts in the sitemap', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild(), SITE_URL: 'https://www.blitz.example' });
    const token = await signIn(url);
    const home = apiUrl(apiRoutes.news.home);
    // Everyone reads it: none by default.
    expect((await api(url, 'GET', home)).body).toEqual({ homePosts: 0 });

    for (const [n, noindex] of [
      [1, false],
      [2, true],
      [3, false],
    ] as const) {
      const body = {
        ...apprentices({ address: `meldung-${n}`, title: words(`Meldung ${n}`, `Post ${n}`), noindex }),
        published: true,
      };
      expect((await api(url, 'POST', newsList, { token, body })).status).toBe(201);
    }
    expect((await page(url, '/')).shown!.home).toBeUndefined();

    // Refused: out of range, not a whole number, missing, more than asked; by whom: editors, not the inbox, not visitors.
    for (const body of [
      { homePosts: 7 },
      { homePosts: -1 },
      { homePosts: 1.5 },
      { homePosts: '2' },
      {},
      { homePosts: 2, x: 1 },
    ]) {
      const refused = await api(url, 'PUT', home, { token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const fields = problemSchema.parse(refused.body).errors?.map((e) => e.field) ?? [];
      expect(
        fields.some((field) => field === 'homePosts' || field === 'x' || field === ''),
        JSON.stringify(fields),
      ).toBe(true);
    }
    expect((await api(url, 'PUT', home, { body: { homePosts: 2 } })).status).toBe(401);
    const inbox = (await signedInAs(url, token, 'inbox1', 'inbox')).token;
    expect((await api(url, 'PUT', home, { token: inbox, body: { homePosts: 2 } })).status).toBe(403);
    const editor = (await signedInAs(url, token, 'editor1', 'editor')).token;
    const saved = await api(url, 'PUT', home, { token: editor, body: { homePosts: 2 } });
    expect(saved.status, saved.text).toBe(200);
    expect(newsHomeSchema.parse(saved.body)).toEqual({ homePosts: 2 });
    expect((await api(url, 'GET', home)).body).toEqual({ homePosts: 2 });

    // The home page follows at once (the content version moved), in both languages.
    expect((await page(url, '/')).shown!.home).toEqual(['Meldung 3', 'Meldung 2']);
    expect((await page(url, '/?lang=en')).shown!.home).toEqual(['Post 3', 'Post 2']);
    const trail = auditListSchema.parse((await api(url, 'GET', apiUrl(apiRoutes.audit.list), { token })).body);
    expect(trail.data.find((e) => e.item.kind === 'news' && e.item.id === null)).toMatchObject({
      action: 'update',
      user: { name: 'editor1' },
      changes: [{ field: 'homePosts', before: '0', after: '2' }],
    });

    // The list and every post visitors see in the sitemap with both languages; the one kept out of search engines is not.
    const sitemap = (await page(url, '/sitemap.xml')).text;
    expect(sitemap).toContain('<loc>https://www.blitz.example/aktuelles</loc>');
    expect(sitemap).toContain('<loc>https://www.blitz.example/aktuelles?lang=en</loc>');
    expect(sitemap).toContain('<loc>https://www.blitz.example/aktuelles/meldung-3?lang=en</loc>');
    expect(sitemap).toContain('hreflang="en" href="https://www.blitz.example/aktuelles/meldung-1?lang=en"');
    expect(sitemap).not.toContain('meldung-2');
  });
});
