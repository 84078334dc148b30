import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, signIn, startTestApp, tempDir } from '../../test/helper';
import { insertProject } from './projects.repository';

/** A web build whose server bundle renders the home page's featured projects: their titles, in order, or "none". */
function fakeWebBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>built ${key}</p></div></body></html>`,
    `const key = Object.keys(data).find((k) => k.includes('Featured=true'));
      const list = key ? data[key] : undefined;
      const titles = list ? list.data.map((p) => p.title.map((t) => t.content).join('/') + '@' + p.location) : ['none'];
      return { html: '<main data-key="' + (key ?? '') + '">' + titles.join(' | ') + '</main>', head: '' };`,
  );
}

async function feature(url: string, token: string, id: number, featured: boolean) {
  const res = await api(url, 'PUT', `/api/v1/Project/${id}`, {
    token,
    body: {
      title: [
        { content: `Projekt ${id}`, language: 2 },
        { content: `Project ${id}`, language: 1 },
      ],
      location: `Ort ${id}`,
      featured,
    },
  });
  expect(res.status).toBe(200);
}

describe.each(databaseKinds)('the home page’s featured projects on %s', (kind) => {
  it('are rendered into the home page in their order and language, and the kept page changes with every featuring and move', async () => {
    const { url, app } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await insertProject(app.db, {
          location: `Ort ${i}`,
          workDuration: '',
          client: 'Geheim GmbH',
          categoryId: null,
          pictures: [],
          texts: { title: [{ content: `P${i}`, language: 2 }], content: [{ content: 'Langer Text', language: 2 }], scope: [] },
        }),
      );
    }
    // None featured, texts as built: the built page.
    const built = await getOnce(`${url}/`, { 'accept-encoding': 'identity' });
    expect(built.body.toString()).toContain('<p>built home</p>');
    expect(built.body.toString()).not.toContain('page-data');

    await feature(url, token, ids[2]!, true);
    await feature(url, token, ids[0]!, true);
    const de = await getOnce(`${url}/`, { 'accept-encoding': 'identity' });
    const html = de.body.toString();
    expect(html).toContain(`data-key="${apiUrl(apiRoutes.projects.featuredPath(2))}"`);
    expect(html).toContain(`Projekt ${ids[2]}@Ort ${ids[2]} | Projekt ${ids[0]}@Ort ${ids[0]}</main>`);
    // The page carries the cards' data only: no long texts, no client; and no page data, which
    // only the staff pages' browser app reads.
    expect(html).not.toContain('id="page-data"');
    expect(html).not.toContain('Langer Text');
    expect(html).not.toContain('Geheim');
    const en = (await getOnce(`${url}/?lang=en`, { 'accept-encoding': 'identity' })).body.toString();
    expect(en).toContain(`Project ${ids[2]}@Ort ${ids[2]} | Project ${ids[0]}@Ort ${ids[0]}</main>`);

    // Revalidated: 304 until the next change, then the new order.
    const etag = de.headers['etag'] as string;
    expect((await getOnce(`${url}/`, { 'if-none-match': etag })).status).toBe(304);
    const moved = await api(url, 'POST', `/api/v1/Project/${ids[0]}/Move`, { token, body: { list: 'featured', after: null } });
    expect(moved.status).toBe(200);
    expect((await getOnce(`${url}/`, { 'if-none-match': etag })).status).toBe(200);
    const after = (await getOnce(`${url}/`, { 'accept-encoding': 'identity' })).body.toString();
    expect(after).toContain(`Projekt ${ids[0]}@Ort ${ids[0]} | Projekt ${ids[2]}@Ort ${ids[2]}</main>`);

    // None left: no section, the page as it was.
    await feature(url, token, ids[0]!, false);
    await feature(url, token, ids[2]!, false);
    const none = (await getOnce(`${url}/`, { 'accept-encoding': 'identity' })).body.toString();
    expect(none).toContain('<p>built home</p>');
  });
});
