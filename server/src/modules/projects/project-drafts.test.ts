import { describe, expect, it } from 'vitest';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, isStored, signIn, startTestApp, tempDir } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';

/** A web build whose server bundle writes out every project it was given: titles, locations, durations, and whether it is a preview. */
function fakeWebBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>built ${key}</p></div></body></html>`,
    `const shown = [];
      const german = (list) => list.slice().sort((a, b) => b.language - a.language).map((t) => t.content).join('/');
      const describe = (p) => german(p.title) + '@' + p.location + '@' + german(p.workDurationTranslations ?? []);
      for (const value of Object.values(data ?? {})) {
        if (value && Array.isArray(value.data)) for (const p of value.data) if (p && p.title) shown.push(describe(p));
        if (value && Array.isArray(value.title)) shown.push(describe(value));
      }
      return { html: '<main>' + (content?.preview ? 'PREVIEW ' : '') + shown.join(' | ') + '</main>', head: '' };`,
  );
}

/** As read: in the order of the languages' numbers. */
const title = (de: string, en: string) => [
  { content: en, language: 1 },
  { content: de, language: 2 },
];

async function body(overrides: Record<string, unknown> = {}) {
  return {
    title: title('Umspannwerk', 'Substation'),
    location: 'Hanau',
    workDuration: 'März – Juni 2025',
    picture: dataUrl(await testPhoto(600, 400), 'image/png'),
    ...overrides,
  };
}

const page = async (url: string, path: string, headers: Record<string, string> = {}) => {
  const res = await getOnce(url + path, { 'accept-encoding': 'identity', ...headers });
  return { ...res, text: res.body.toString() };
};

describe.each(databaseKinds)('drafts of reference projects on %s', (kind) => {
  it('keeps drafts from visitors on every path; staff with a token see them, marked', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const live = await api(url, 'POST', '/api/v1/Project', { token, body: await body({ title: title('Live', 'Live') }) });
    expect(live.status).toBe(201);
    // A create without `published` publishes (SPEC.md's dashboard).
    expect(live.body).toMatchObject({ published: true, draft: null });
    const draft = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await body({ title: title('Geheim', 'Secret'), published: false, featured: true }),
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ published: false, featured: true, position: 1 });
    const id = draft.body.id as number;

    // The API: not listed, not found, not searchable, not counted in positions.
    const list = await api(url, 'GET', '/api/v1/Project');
    expect(list.body.count).toBe(1);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([live.body.id]);
    expect(list.body.data[0]).toMatchObject({ published: true, position: 1 });
    expect(list.body.data[0].draft).toBeUndefined();
    for (const path of [`/api/v1/Project/${id}`, `/api/v1/Project/${id}?Language=1`]) {
      expect((await api(url, 'GET', path)).status, path).toBe(404);
    }
    for (const query of ['Search=Geheim', 'Title=Secret', 'Featured=true', 'Sort=featured', 'Published=false']) {
      expect((await api(url, 'GET', `/api/v1/Project?${query}`)).body.data, query).not.toContainEqual(
        expect.objectContaining({ id }),
      );
    }
    // The pages: gallery, detail (as an unknown id: to the home page), home page's featured section, sitemap.
    expect((await page(url, '/Projects')).text).toContain('Live@Hanau');
    expect((await page(url, '/Projects')).text).not.toContain('Geheim');
    const detail = await page(url, `/project/${id}`);
    expect(detail.status).toBe(302);
    expect(detail.headers['location']).toBe('/');
    expect((await page(url, '/')).text).not.toContain('Geheim');
    const sitemap = (await page(url, '/sitemap.xml')).text;
    expect(sitemap).toContain(`/project/${live.body.id}`);
    expect(sitemap).not.toContain(`/project/${id}<`);

    // Staff: both, the draft marked, never kept (no-store); filtered by state.
    const staff = await api(url, 'GET', '/api/v1/Project', { token });
    expect(staff.headers.get('cache-control')).toBe('no-store');
    expect(staff.body.count).toBe(2);
    expect(staff.body.data.map((p: { id: number; published: boolean }) => [p.id, p.published])).toEqual([
      [id, false],
      [live.body.id, true],
    ]);
    expect(
      (await api(url, 'GET', '/api/v1/Project?Published=false', { token })).body.data.map((p: { id: number }) => p.id),
    ).toEqual([id]);
    expect(
      (await api(url, 'GET', '/api/v1/Project?Published=true', { token })).body.data.map((p: { id: number }) => p.id),
    ).toEqual([live.body.id]);
    expect((await api(url, 'GET', '/api/v1/Project?Published=maybe', { token })).status).toBe(400);
    const one = await api(url, 'GET', `/api/v1/Project/${id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, published: false });
    expect(one.headers.get('cache-control')).toBe('no-store');
    // A forged token is a visitor's read: refused rather than shown.
    expect((await api(url, 'GET', `/api/v1/Project/${id}`, { token: 'forged.token.value' })).status).toBe(404);
  });

  it('publishes and unpublishes with one action each; a move never touches the state', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const { body: draft } = await api(url, 'POST', '/api/v1/Project', { token, body: await body({ published: false }) });
    const { body: other } = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await body({ title: title('Zwei', 'Two') }),
    });
    expect((await api(url, 'GET', `/api/v1/Project/${draft.id}`)).status).toBe(404);

    // Saved again without `published`: a draft stays a draft.
    const saved = await api(url, 'PUT', `/api/v1/Project/${draft.id}`, {
      token,
      body: { title: title('Umspannwerk 2', 'Substation 2') },
    });
    expect(saved.body).toMatchObject({ published: false, draft: null });
    const moved = await api(url, 'POST', `/api/v1/Project/${draft.id}/Move`, { token, body: { after: null } });
    expect(moved.body).toMatchObject({ published: false, position: 1 });

    const published = await api(url, 'POST', `/api/v1/Project/${draft.id}/Publish`, { token });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: true, draft: null });
    const seen = await api(url, 'GET', `/api/v1/Project/${draft.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.title).toEqual(title('Umspannwerk 2', 'Substation 2'));
    expect((await page(url, `/project/${draft.id}`)).text).toContain('Umspannwerk 2/Substation 2@@');
    expect((await page(url, '/sitemap.xml')).text).toContain(`/project/${draft.id}<`);
    // Publishing twice is no error.
    expect((await api(url, 'POST', `/api/v1/Project/${draft.id}/Publish`, { token })).status).toBe(200);

    const unpublished = await api(url, 'POST', `/api/v1/Project/${other.id}/Unpublish`, { token });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.published).toBe(false);
    expect((await api(url, 'GET', `/api/v1/Project/${other.id}`)).status).toBe(404);
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(1);

    // A draft of changes naming a category deleted since: published without one.
    const category = await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'weg', translation: [{ content: 'Weg', language: 2 }] },
    });
    const withCategory = await api(url, 'PUT', `/api/v1/Project/${draft.id}`, {
      token,
      body: { title: title('Umspannwerk 2', 'Substation 2'), categoryID: category.body.id, published: false },
    });
    expect(withCategory.body.draft.categoryID).toBe(category.body.id);
    expect((await api(url, 'DELETE', `/api/v1/Category/${category.body.id}`, { token })).status).toBe(204);
    const withoutCategory = await api(url, 'POST', `/api/v1/Project/${draft.id}/Publish`, { token });
    expect(withoutCategory.status).toBe(200);
    expect(withoutCategory.body).toMatchObject({ categoryID: null, draft: null });

    for (const action of ['Publish', 'Unpublish']) {
      expect((await api(url, 'POST', `/api/v1/Project/${draft.id}/${action}`)).status, action).toBe(401);
      expect((await api(url, 'POST', `/api/v1/Project/424242/${action}`, { token })).status, action).toBe(404);
      expect((await api(url, 'POST', `/api/v1/Project/abc/${action}`, { token })).status, action).toBe(400);
    }
    expect((await api(url, 'DELETE', `/api/v1/Project/424242/Draft`, { token })).status).toBe(404);
    expect((await api(url, 'DELETE', `/api/v1/Project/${draft.id}/Draft`)).status).toBe(401);
  });

  it('keeps the published version for visitors while staff edit a draft of changes, shown in a preview only', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const { body: created } = await api(url, 'POST', '/api/v1/Project', { token, body: await body({ featured: true }) });
    const id = created.id as number;
    const visitorBefore = await api(url, 'GET', `/api/v1/Project/${id}`);

    const changes = {
      title: title('Neuer Titel', 'New title'),
      location: [{ content: 'Frankfurt', language: 2 }],
      published: false,
    };
    const saved = await api(url, 'PUT', `/api/v1/Project/${id}`, { token, body: changes });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ published: true, title: created.title, location: 'Hanau' });
    expect(saved.body.draft).toMatchObject({ title: changes.title, location: 'Frankfurt', picture: created.picture });

    // Visitors: the published values, on the API and every page.
    expect((await api(url, 'GET', `/api/v1/Project/${id}`)).body).toEqual(visitorBefore.body);
    for (const path of [`/project/${id}`, `/project/${id}?lang=en`, '/Projects', '/']) {
      const shown = (await page(url, path)).text;
      expect(shown, path).toContain('@Hanau');
      expect(shown, path).not.toContain('Neuer Titel');
    }
    // A move keeps the draft of changes and the state.
    await api(url, 'POST', '/api/v1/Project', { token, body: await body({ title: title('Zwei', 'Two') }) });
    const moved = await api(url, 'POST', `/api/v1/Project/${id}/Move`, { token, body: { after: null } });
    expect(moved.body).toMatchObject({ published: true, draft: { title: changes.title } });

    // The preview: signed-in staff only, the pending values in either language, never kept.
    expect((await api(url, 'POST', '/api/v1/Text/Preview')).status).toBe(401);
    const started = await api(url, 'POST', '/api/v1/Text/Preview', { token });
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    for (const path of [`/project/${id}`, `/project/${id}?lang=en`]) {
      const preview = await page(url, path, { cookie });
      expect(preview.text, path).toContain('PREVIEW Neuer Titel/New title@Frankfurt');
      expect(preview.headers['cache-control']).toBe('no-store');
      expect(preview.headers['x-robots-tag']).toContain('noindex');
    }
    const forged = await page(url, `/project/${id}`, { cookie: 'content-preview=forged.token.value' });
    expect(forged.text).not.toContain('Neuer Titel');

    // Publish: the draft of changes goes live, and is gone.
    const published = await api(url, 'POST', `/api/v1/Project/${id}/Publish`, { token });
    expect(published.body).toMatchObject({ published: true, draft: null, location: 'Frankfurt', featured: true });
    expect((await api(url, 'GET', `/api/v1/Project/${id}`)).body.title).toEqual(changes.title);
    expect((await page(url, `/project/${id}`)).text).toContain('Neuer Titel/New title@Frankfurt');

    // Discarded: the published values stay. A draft equal to them is none.
    await api(url, 'PUT', `/api/v1/Project/${id}`, { token, body: { ...changes, title: title('Verworfen', 'Discarded') } });
    const discarded = await api(url, 'DELETE', `/api/v1/Project/${id}/Draft`, { token });
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ draft: null, published: true });
    expect(discarded.body.title).toEqual(changes.title);
    const same = await api(url, 'PUT', `/api/v1/Project/${id}`, { token, body: changes });
    expect(same.body.draft).toBeNull();
  });

  it('keeps the published picture while a draft replaces it, and removes each file once no version uses it', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: created } = await api(url, 'POST', '/api/v1/Project', { token, body: await body() });
    const fileStatus = async (sources: { url: string }[]) =>
      Promise.all(sources.map(async (s) => (await fetch(url + s.url)).status));

    const newPicture = dataUrl(await testPhoto(500, 300, 'webp'), 'image/webp');
    const drafted = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { ...(await body()), picture: newPicture, published: false },
    });
    expect(drafted.body.picture).toBe(created.picture);
    expect(drafted.body.draft.picture).not.toBe(created.picture);
    expect(new Set(await fileStatus(created.pictureSources))).toEqual(new Set([200]));
    expect(new Set(await fileStatus(drafted.body.draft.pictureSources))).toEqual(new Set([200]));

    // Saving the draft again keeps its picture (the pending one, not the published one).
    const again = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { ...(await body()), picture: drafted.body.draft.picture, location: 'Fulda', published: false },
    });
    expect(again.body.draft.picture).toBe(drafted.body.draft.picture);

    // Discarding the draft removes the draft's files; the published ones stay.
    await api(url, 'DELETE', `/api/v1/Project/${created.id}/Draft`, { token });
    expect(new Set(await fileStatus(drafted.body.draft.pictureSources))).toEqual(new Set([404]));
    expect(new Set(await fileStatus(created.pictureSources))).toEqual(new Set([200]));

    // Publishing a new picture removes the published one's files.
    const next = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { ...(await body()), picture: newPicture, published: false },
    });
    await api(url, 'POST', `/api/v1/Project/${created.id}/Publish`, { token });
    expect(new Set(await fileStatus(created.pictureSources))).toEqual(new Set([404]));
    expect(new Set(await fileStatus(next.body.draft.pictureSources))).toEqual(new Set([200]));

    // Deleting for good removes the files of the draft too.
    const last = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { ...(await body()), picture: dataUrl(await testPhoto(400, 300), 'image/png'), published: false },
    });
    expect((await api(url, 'DELETE', `/api/v1/Project/${created.id}`, { token })).status).toBe(204);
    // In the trash the files stay (a restore brings them back) but visitors are refused them;
    // emptied, they go.
    expect(new Set(await fileStatus(last.body.draft.pictureSources))).toEqual(new Set([404]));
    for (const source of last.body.draft.pictureSources as { url: string }[]) expect(await isStored(app, source.url)).toBe(true);
    expect((await api(url, 'DELETE', '/api/v1/Trash', { token })).status).toBe(200);
    for (const source of last.body.draft.pictureSources as { url: string }[]) expect(await isStored(app, source.url)).toBe(false);
  });

  it('localises the location and the work duration; a string is both languages’ value', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const { body: created } = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await body({
        location: [
          { content: 'München', language: 2 },
          { content: 'Munich', language: 1 },
        ],
        workDuration: [
          { content: 'März – Juni 2025', language: 2 },
          { content: 'March – June 2025', language: 1 },
        ],
      }),
    });
    expect(created).toMatchObject({
      location: 'München',
      workDuration: 'März – Juni 2025',
      locationTranslations: [
        { content: 'Munich', language: 1 },
        { content: 'München', language: 2 },
      ],
    });
    const english = await api(url, 'GET', `/api/v1/Project/${created.id}?Language=1`);
    expect(english.body).toMatchObject({ location: 'Munich', workDuration: 'March – June 2025' });
    expect((await api(url, 'GET', '/api/v1/Project?Language=1')).body.data[0]).toMatchObject({ location: 'Munich' });
    // The search finds either language's location.
    for (const search of ['munich', 'MÜNCHEN'])
      expect((await api(url, 'GET', `/api/v1/Project?Search=${search}`)).body.count, search).toBe(1);
    // The detail page carries both languages' values (the page picks the visitor's).
    expect((await page(url, `/project/${created.id}?lang=en`)).text).toContain('@März – Juni 2025/March – June 2025');

    // SPEC.md §7's string: the same value in both languages; one language given: the other takes it too.
    const plain = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { title: created.title, location: 'Hanau', workDuration: '2 Wochen' },
    });
    expect(plain.body.locationTranslations).toEqual([
      { content: 'Hanau', language: 1 },
      { content: 'Hanau', language: 2 },
    ]);
    const one = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { title: created.title, location: [{ content: 'Cologne', language: 1 }] },
    });
    expect(one.body).toMatchObject({ location: 'Cologne', workDuration: '', workDurationTranslations: [] });
    expect(one.body.locationTranslations).toHaveLength(2);

    for (const bad of [
      { location: [{ content: 'A', language: 3 }] },
      {
        location: [
          { content: 'A', language: 1 },
          { content: 'B', language: 1 },
        ],
      },
      { workDuration: 'x'.repeat(201) },
      { location: 7 },
    ]) {
      const res = await api(url, 'PUT', `/api/v1/Project/${created.id}`, { token, body: { title: created.title, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});
