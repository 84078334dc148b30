import { describe, expect, it } from 'vitest';
import {
  type NewsPost,
  type NewsPostCreate,
  type NewsPostSummaryList,
  apiRoutes,
  apiUrl,
  newsFeedPath,
  newsPostListSchema,
  newsPostSchema,
  problemSchema,
} from '@blitz/contract';
import { api, databaseKinds, getOnce, signIn, startTestApp } from '../../test/helper';
import { testPhoto } from '../../test/pictures';
import { signedInAs } from '../accounts/accounts.test-kit';
import { pdfFile } from '../contact/contact.test-kit';
import { form, send } from '../files/files.test-kit';
import {
  apprentices,
  childNamed,
  childrenNamed,
  newsByAddress,
  newsList,
  newsOne,
  newsPublished,
  parseXml,
} from './news.test-kit';

// News posts (issue 45, decision 063), over real HTTP: sections round-trip, drafts and publishing
// as pages', the address one post's, the cover from the library, the time visitors see a post
// from, the Atom feed.

const words = (de: string, en: string) => ({ de, en });

describe.each(databaseKinds)('news posts on %s', (kind) => {
  it('keeps a post as sent, a draft until published, shows visitors only what is published, and takes back what it answered', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const created = await api(url, 'POST', newsList, { token, body: apprentices() });
    expect(created.status, created.text).toBe(201);
    const post = created.body as NewsPost;
    expect(post).toMatchObject({ published: false, draft: null, publishAt: null, address: 'ausbildungsstart-2026' });
    expect(post.sections.map(({ id: _id, ...s }) => s)).toEqual(apprentices().sections);

    // A draft is staff's alone.
    expect((await api(url, 'GET', newsByAddress('ausbildungsstart-2026'))).status).toBe(404);
    expect((await api(url, 'GET', newsPublished())).body).toEqual({ data: [], count: 0, files: [] });
    expect((await api(url, 'GET', newsOne(post.id))).status).toBe(401);

    // Published without a time: it goes live now, and says so.
    const published = await api(url, 'POST', apiUrl(apiRoutes.news.publishPath(post.id)), { token });
    expect(published.status, published.text).toBe(200);
    const live = published.body as NewsPost;
    expect(live.published).toBe(true);
    expect(Date.parse(live.publishAt!)).toBeGreaterThan(Date.now() - 60_000);
    const read = await api(url, 'GET', newsByAddress('Ausbildungsstart-2026'));
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('draft');
    expect((read.body as NewsPost).sections).toEqual(post.sections);
    const listed = (await api(url, 'GET', newsPublished())).body as NewsPostSummaryList;
    expect(listed).toMatchObject({ count: 1, data: [{ id: post.id, title: post.title, teaser: post.teaser }] });
    expect(listed.data[0]).not.toHaveProperty('sections');

    // What the server answered is taken back as it is (a client's round trip): its time kept.
    const again = await api(url, 'GET', newsOne(post.id), { token });
    const unchanged = await api(url, 'PUT', newsList, { token, body: again.body });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect((unchanged.body as NewsPost).publishAt).toBe(live.publishAt);
    // A change as a draft of changes: visitors keep the live post.
    const draft = await api(url, 'PUT', newsList, {
      token,
      body: { ...(unchanged.body as NewsPost), title: words('Willkommen, Azubis', 'Welcome, apprentices'), published: false },
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body).toMatchObject({ published: true, title: post.title, draft: { title: { de: 'Willkommen, Azubis' } } });
    expect((await api(url, 'GET', newsByAddress('ausbildungsstart-2026'))).body).toMatchObject({ title: post.title });

    const discarded = await api(url, 'DELETE', apiUrl(apiRoutes.news.draftPath(post.id)), { token });
    expect(discarded.body).toMatchObject({ draft: null, title: post.title });
    const off = await api(url, 'POST', apiUrl(apiRoutes.news.unpublishPath(post.id)), { token });
    expect(off.body).toMatchObject({ published: false });
    expect((await api(url, 'GET', newsByAddress('ausbildungsstart-2026'))).status).toBe(404);

    const audit = await api(url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Item=news`, { token });
    expect((audit.body as { data: { action: string }[] }).data.map((e) => e.action)).toEqual([
      'unpublish',
      'discardDraft',
      'saveDraft',
      'update',
      'publish',
      'create',
    ]);
  });

  it('keeps markup typed into every text as text, and refuses what is not a post with a 400 naming the field', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const markup = '<script>alert("x")</script> & ]]> <b>';
    const body = apprentices({
      title: words(markup, markup),
      teaser: words(markup, markup),
      searchTitle: [{ language: 2, content: markup }],
      sections: [{ kind: 'text', text: { de: [{ type: 'paragraph', content: [{ text: markup }] }], en: [] } }],
      published: true,
    });
    const created = await api(url, 'POST', newsList, { token, body });
    expect(created.status, created.text).toBe(201);
    const read = (await api(url, 'GET', newsByAddress('ausbildungsstart-2026'))).body as NewsPost;
    expect(read.title).toEqual(words(markup, markup));
    expect(read.teaser.en).toBe(markup);
    expect(JSON.stringify(read.sections)).toContain(JSON.stringify(markup).slice(1, -1));

    const refused = async (fields: object, field: string, path = newsList, method = 'POST') => {
      const res = await api(url, method, path, { token, body: { ...apprentices({ address: 'andere' }), ...fields } });
      expect(res.status, res.text).toBe(400);
      expect(
        problemSchema
          .parse(res.body)
          .errors?.map((e) => e.field)
          .join(' '),
      ).toContain(field);
    };
    for (const address of ['feed', 'FEED', '/mit-strich', 'zwei--striche', 'a b', '', 'x'.repeat(81)])
      await refused({ address }, 'address');
    await refused({ publishAt: 'Montag 7 Uhr' }, 'publishAt');
    await refused({ publishAt: '2027-01-04T07:00:00' }, 'publishAt');
    await refused({ date: '2027-02-30' }, 'date');
    await refused({ title: words('', 'Only English') }, 'title');
    await refused({ teaser: words('x'.repeat(601), '') }, 'teaser');
    await refused({ cover: { fileId: 'eins', alt: words('', '') } }, 'cover');
    await refused({ cover: { fileId: 99_999_999_999, alt: words('', '') } }, 'cover');
    await refused({ cover: { fileId: 999, alt: words('', '') } }, 'cover.fileId');
    await refused({ sections: [{ kind: 'html', html: '<b>' }] }, 'sections');
    await refused({ surprise: true }, '');
    await refused({ id: 99_999_999_999, updatedAt: 'x' }, 'id', newsList, 'PUT');
    for (const query of ['?PageLength=1000', '?PageNumber=0', '?PageLength=zehn']) {
      const res = await api(url, 'GET', newsPublished(query));
      expect(res.status, query).toBe(400);
    }
    expect((await api(url, 'GET', apiUrl(apiRoutes.news.byAddress))).status).toBe(400);
    expect((await api(url, 'GET', `${newsList}/abc`, { token })).status).toBe(400);
    expect((await api(url, 'GET', newsOne(12345), { token })).status).toBe(404);
  });

  it('gives an address to one post only, the trash too, beside pages of the same name; a live post that moves leaves redirects', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const first = (
      await api(url, 'POST', newsList, { token, body: { ...apprentices({ address: 'fahrzeug' }), published: true } })
    ).body as NewsPost;
    const taken = await api(url, 'POST', newsList, { token, body: apprentices({ address: 'Fahrzeug' }) });
    expect(taken.status).toBe(409);
    expect(problemSchema.parse(taken.body).errors).toEqual([
      { field: 'address', message: expect.stringContaining('taken by the news post') },
    ]);
    // A page may have the word: it lives at /fahrzeug, the post at /aktuelles/fahrzeug.
    const page = await api(url, 'POST', apiUrl(apiRoutes.customPages.list), {
      token,
      body: {
        address: '/fahrzeug',
        title: words('Fahrzeug', 'Vehicle'),
        place: 'none',
        placeOrder: 0,
        noindex: false,
        sections: [],
      },
    });
    expect(page.status, page.text).toBe(201);

    const moved = await api(url, 'PUT', newsList, { token, body: { ...first, address: 'neues-montagefahrzeug' } });
    expect(moved.status, moved.text).toBe(200);
    const redirects = await api(url, 'GET', `${apiUrl(apiRoutes.redirects.list)}?PageLength=100`, { token });
    expect((redirects.body as { data: { from: string; to: string }[] }).data.map((r) => `${r.from} → ${r.to}`).sort()).toEqual([
      '/aktuelles/fahrzeug → /aktuelles/neues-montagefahrzeug',
    ]);
    // One path for both languages: the redirect keeps the visitor's ?lang=en (decision 064).
    for (const [from, to] of [
      ['/aktuelles/fahrzeug?lang=en', '/aktuelles/neues-montagefahrzeug?lang=en'],
      ['/Aktuelles/Fahrzeug', '/aktuelles/neues-montagefahrzeug'],
    ]) {
      const old = await getOnce(url + from);
      expect(old.status, from).toBe(301);
      expect(old.headers['location'], from).toBe(to);
    }
    // Another post may not take the address a redirect leads away from.
    expect((await api(url, 'POST', newsList, { token, body: apprentices({ address: 'fahrzeug' }) })).status).toBe(409);

    // In the trash it keeps its address; restored, it is live again.
    expect((await api(url, 'DELETE', newsOne(first.id), { token })).status).toBe(204);
    expect((await api(url, 'GET', newsByAddress('neues-montagefahrzeug'))).status).toBe(404);
    const inTrash = await api(url, 'POST', newsList, { token, body: apprentices({ address: 'neues-montagefahrzeug' }) });
    expect(inTrash.status).toBe(409);
    expect(problemSchema.parse(inTrash.body).errors![0]!.message).toContain('in the trash');
    const trash = await api(url, 'GET', apiUrl(apiRoutes.trash.list), { token });
    expect(trash.body).toMatchObject({ data: [{ kind: 'news', id: first.id, title: first.title.de }] });
    const restored = await api(url, 'POST', apiUrl(apiRoutes.trash.restore), { token, body: { kind: 'news', id: first.id } });
    expect(restored.status, restored.text).toBe(200);
    expect((await api(url, 'GET', newsByAddress('neues-montagefahrzeug'))).status).toBe(200);
  });

  it('refuses a stale save and names who saved; inbox accounts neither read nor write posts', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const post = (await api(url, 'POST', newsList, { token, body: apprentices() })).body as NewsPost;
    expect((await api(url, 'PUT', newsList, { token, body: { ...post, noindex: true } })).status).toBe(200);
    const stale = await api(url, 'PUT', newsList, { token, body: { ...post, noindex: false } });
    expect(stale.status).toBe(409);
    expect(problemSchema.parse(stale.body)).toMatchObject({ code: 'edit_conflict', changedBy: { name: expect.any(String) } });
    const inbox = (await signedInAs(url, token, 'inbox1', 'inbox')).token;
    expect((await api(url, 'GET', newsList, { token: inbox })).status).toBe(403);
    expect((await api(url, 'POST', newsList, { token: inbox, body: apprentices({ address: 'x1' }) })).status).toBe(403);
  });

  it("lists staff's posts as visitors' list orders them, undated drafts first, each read as the contract's schema says", async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const create = async (address: string, fields: Partial<NewsPostCreate>) => {
      const created = await api(url, 'POST', newsList, { token, body: apprentices({ address, ...fields }) });
      expect(created.status, created.text).toBe(201);
      return newsPostSchema.parse(created.body);
    };
    // Made in this order; the newest by its date first, a draft that gets its day when published before them.
    await create('mai', { published: true, publishAt: '2026-05-01T08:00:00+02:00' });
    await create('entwurf', {});
    await create('juni', { published: true, date: '2026-06-01', publishAt: '2026-04-02T08:00:00Z' });
    await create('geplant', { published: true, publishAt: '2099-01-04T06:00:00Z' });
    const list = await api(url, 'GET', newsList, { token });
    expect(list.status, list.text).toBe(200);
    const posts = newsPostListSchema.parse(list.body);
    expect(posts.data.map((p) => p.address)).toEqual(['entwurf', 'geplant', 'juni', 'mai']);
    expect(posts.data.find((p) => p.address === 'mai')?.publishAt).toBe('2026-05-01T06:00:00.000Z');
  });

  it('takes its cover from the library: a picture, in use by the post until it is purged', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const picture = await send(
      url,
      'POST',
      token,
      form(
        { title: words('Fahrzeug', 'Vehicle'), alt: words('Ein Montagewagen', 'An installation van') },
        { name: 'wagen.png', type: 'image/png', data: await testPhoto(640, 480, 'png') },
      ),
    );
    expect(picture.status).toBe(201);
    const flyer = await send(url, 'POST', token, form({ title: words('Flyer', 'Flyer') }, pdfFile('flyer.pdf', 2000)));
    const notAPicture = await api(url, 'POST', newsList, {
      token,
      body: apprentices({ cover: { fileId: flyer.body.id, alt: words('', '') } }),
    });
    expect(notAPicture.status).toBe(400);
    expect(problemSchema.parse(notAPicture.body).errors?.[0]?.field).toBe('cover.fileId');

    const cover = { fileId: picture.body.id as number, alt: words('', ''), focus: { x: 40, y: 60 } };
    const created = await api(url, 'POST', newsList, { token, body: { ...apprentices({ cover }), published: true } });
    expect(created.status, created.text).toBe(201);
    const post = created.body as NewsPost;
    expect(post.cover).toEqual(cover);
    const usage = await api(url, 'GET', apiUrl(apiRoutes.files.usagePath(picture.body.id)), { token });
    expect(usage.body).toEqual({
      data: [{ kind: 'news', id: post.id, title: post.title.de, address: '/aktuelles/ausbildungsstart-2026' }],
      count: 1,
    });
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(picture.body.id)), { token })).status).toBe(409);
    expect((await api(url, 'DELETE', newsOne(post.id), { token })).status).toBe(204);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(picture.body.id)), { token })).status).toBe(409);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.trash.list), { token })).status).toBe(200);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(picture.body.id)), { token })).status).toBe(204);
  });

  it('serves an Atom feed per language: the newest 20 posts visitors see, every text escaped, revalidated by its ETag', async () => {
    const { url } = await startTestApp(kind, { SITE_URL: 'https://www.blitz.example' });
    const token = await signIn(url);
    const markup = 'Neu & <em>wichtig</em> "jetzt"';
    for (let n = 1; n <= 22; n++) {
      const res = await api(url, 'POST', newsList, {
        token,
        body: {
          ...apprentices({
            address: `meldung-${n}`,
            title: words(`${markup} ${n}`, `News ${n}`),
            teaser: words(n === 22 ? '' : `<p>Kurz ${n}</p>`, `Short ${n}`),
            date: `2027-01-${String(n).padStart(2, '0')}`,
            publishAt: `2026-11-${String(n).padStart(2, '0')}T08:00:00+01:00`,
          }),
          published: n !== 21,
        },
      });
      expect(res.status, res.text).toBe(201);
    }
    const feed = await api(url, 'GET', newsFeedPath('de'));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-cache');
    const etag = feed.headers.get('etag')!;
    expect(etag).toMatch(/^"news-feed-de-/);
    expect(feed.text).not.toContain('<em>');
    expect(feed.text).not.toContain('<p>');

    const root = parseXml(feed.text);
    expect(root.name).toBe('feed');
    expect(root.attributes).toMatchObject({ xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'de' });
    expect(childNamed(root, 'id')!.text).toBe('https://www.blitz.example/aktuelles/feed');
    expect(childNamed(root, 'title')!.text).toMatch(/^Aktuelles – /);
    expect(childNamed(childNamed(root, 'author')!, 'name')!.text).not.toBe('');
    expect(childrenNamed(root, 'link').map((l) => l.attributes)).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: 'https://www.blitz.example/aktuelles/feed' },
      { rel: 'alternate', type: 'text/html', hreflang: 'de', href: 'https://www.blitz.example/aktuelles' },
    ]);
    const entries = childrenNamed(root, 'entry');
    expect(entries).toHaveLength(20);
    // Newest first by the date shown; the draft (21) is not there, the oldest (1) fell off.
    expect(entries.map((e) => childNamed(e, 'title')!.text).slice(0, 3)).toEqual([
      `${markup} 22`,
      `${markup} 20`,
      `${markup} 19`,
    ]);
    const [newest, second] = entries;
    expect(childNamed(newest!, 'summary')).toBeUndefined();
    expect(childNamed(second!, 'summary')!.text).toBe('<p>Kurz 20</p>');
    expect(childNamed(second!, 'link')!.attributes.href).toBe('https://www.blitz.example/aktuelles/meldung-20');
    expect(childNamed(second!, 'published')!.text).toBe('2026-11-20T07:00:00Z');
    expect(childNamed(second!, 'id')!.text).toMatch(/^tag:www\.blitz\.example,2026-11-20:news\/\d+\/de$/);
    expect(Date.parse(childNamed(root, 'updated')!.text)).toBeGreaterThan(Date.now() - 60_000);

    const english = parseXml((await api(url, 'GET', newsFeedPath('en'))).text);
    expect(childNamed(english, 'id')!.text).toBe('https://www.blitz.example/aktuelles/feed?lang=en');
    expect(childNamed(childrenNamed(english, 'entry')[1]!, 'link')!.attributes.href).toBe(
      'https://www.blitz.example/aktuelles/meldung-20?lang=en',
    );
    expect(childNamed(childrenNamed(english, 'entry')[1]!, 'title')!.text).toBe('News 20');
    // The language is the query's alone: any other value is German's feed.
    expect(parseXml((await api(url, 'GET', '/aktuelles/feed?lang=fr')).text).attributes['xml:lang']).toBe('de');

    // Unchanged: 304; a post taken off: a new feed.
    expect((await api(url, 'GET', newsFeedPath('de'), { headers: { 'if-none-match': etag } })).status).toBe(304);
    const posts = (await api(url, 'GET', `${newsList}?PageLength=100`, { token })).body as { data: NewsPost[] };
    const twenty = posts.data.find((p) => p.address === 'meldung-20')!;
    expect((await api(url, 'POST', apiUrl(apiRoutes.news.unpublishPath(twenty.id)), { token })).status).toBe(200);
    const after = await api(url, 'GET', newsFeedPath('de'), { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.text).not.toContain('meldung-20');
  }, 30_000);
});
