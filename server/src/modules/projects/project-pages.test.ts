import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { projectListUrl } from '@blitz/contract';
import { api, databaseKinds, shownContent, signIn, startTestApp } from '../../test/helper';
import { type PageRenderer, fillDocument } from '../pages/page-renderer';
import { projectPageFillers } from './project-pages';
import { insertProject } from './projects.repository';
import { dataUrl, testPhoto } from '../../test/pictures';

const prerendered = `<html lang="de"><head><title>Referenzprojekt | Musterblitz</title><meta name="robots" content="noindex, nofollow" /></head><body><div id="root"><p>skeleton</p></div></body></html>`;

/** Records what the page was rendered with; renders the data's keys. */
function recordingRenderer() {
  const calls: { page: string; url: string; lang: string; data: Record<string, unknown> }[] = [];
  const renderer: PageRenderer = {
    async render(document, page, url, lang, data) {
      calls.push({ page, url, lang, data });
      return fillDocument(document, `<main>${Object.keys(data).join(' ')}</main>`, data);
    },
  };
  return { renderer, calls };
}

const request = (url: string, params: Record<string, string> = {}) =>
  ({ url, query: Object.fromEntries(new URL(url, 'http://x').searchParams), params }) as unknown as FastifyRequest;

describe.each(databaseKinds)('the project pages, rendered per request, on %s', (kind) => {
  it('render the gallery with the list and categories the address asks for, and send a page past the end to the last', async () => {
    const { app } = await startTestApp(kind);
    for (let i = 0; i < 12; i++) {
      await insertProject(app.db, {
        location: `Ort ${i}`,
        workDuration: '',
        client: '',
        categoryId: null,
        pictures: [],
        texts: { title: [{ content: `Projekt ${i}`, language: 2 }], content: [{ content: 'Lang', language: 2 }], scope: [] },
      });
    }
    const { renderer, calls } = recordingRenderer();
    const fillers = projectPageFillers(app, renderer);

    const filled = await fillers.projects.fill(
      request('/Projects?page=2&rows=10'),
      'de',
      prerendered,
      '/Projects?page=2&rows=10',
      await shownContent(app, 'de'),
    );
    expect('html' in filled && filled.html).toContain(projectListUrl({ PageLength: 10, PageNumber: 2, Language: 2 }));
    const list = calls[0]!.data[projectListUrl({ PageLength: 10, PageNumber: 2, Language: 2 })] as {
      data: { content: unknown[] }[];
      count: number;
    };
    expect(list.count).toBe(12);
    expect(list.data).toHaveLength(2);
    // The cards show no long texts: the page does not carry them.
    expect(list.data[0]!.content).toEqual([]);
    expect(calls[0]!.data['/api/v1/Category']).toEqual({ data: [], count: 0 });

    expect(
      await fillers.projects.fill(
        request('/Projects?page=5&rows=10&lang=en'),
        'en',
        prerendered,
        '/Projects?page=5&rows=10&lang=en',
        await shownContent(app, 'en'),
      ),
    ).toEqual({
      redirect: '/Projects?page=2&rows=10&lang=en',
    });
    // A category that does not exist leads to the whole gallery, keeping what else was asked.
    expect(
      await fillers.projects.fill(
        request('/Projects?category=987654&page=2&lang=en'),
        'en',
        prerendered,
        '/Projects?category=987654&page=2&lang=en',
        await shownContent(app, 'en'),
      ),
    ).toEqual({ redirect: '/Projects?lang=en' });
    // Nonsense in the address is the first page, not an error.
    expect(
      'html' in
        (await fillers.projects.fill(
          request('/Projects?page=x&rows=7'),
          'de',
          prerendered,
          '/Projects?page=x&rows=7',
          await shownContent(app, 'de'),
        )),
    ).toBe(true);
  });

  // The head of a project's page and a gallery view (title, addresses, link preview) is the web
  // app's render: web/src/entry-server-heads.test.tsx; the server puts it in place of the built one
  // (pages/page-renderer.test.ts).
  it('render a project with its data; an unknown or bad id goes home', async () => {
    const { app, url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: project } = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: {
        title: [
          { content: 'Umspannwerk <Nord> & Süd', language: 2 },
          { content: 'Substation north', language: 1 },
        ],
        content: [{ content: 'Erdungsanlage nach DIN EN 50522. '.repeat(10), language: 2 }],
        picture: dataUrl(await testPhoto(1200, 800)),
      },
    });
    const { renderer, calls } = recordingRenderer();
    const fillers = projectPageFillers(app, renderer);

    const filled = await fillers.project.fill(
      request(`/project/${project.id}`, { id: String(project.id) }),
      'de',
      prerendered,
      `/project/${project.id}`,
      await shownContent(app, 'de'),
    );
    if (!('html' in filled)) throw new Error('expected a page');
    expect(calls[0]!.data[`/api/v1/Project/${project.id}`]).toMatchObject({ id: project.id });
    expect(filled.html).toContain(`<main>/api/v1/Project/${project.id}</main>`);

    for (const id of ['424242', 'abc', '0', '99999999999', '']) {
      expect(
        await fillers.project.fill(
          request(`/project/${id}`, { id }),
          'de',
          prerendered,
          `/project/${id}`,
          await shownContent(app, 'de'),
        ),
        id,
      ).toEqual({
        redirect: '/',
      });
    }
  });

  it('serve the prerendered page when rendering is not possible', async () => {
    const { app } = await startTestApp(kind);
    const id = await insertProject(app.db, {
      location: 'Hanau',
      workDuration: '',
      client: '',
      categoryId: null,
      pictures: [],
      texts: { title: [{ content: 'Halle 4', language: 2 }], content: [], scope: [] },
    });
    const fillers = projectPageFillers(app, { render: async () => undefined });
    const filled = await fillers.project.fill(
      request(`/project/${id}`, { id: String(id) }),
      'de',
      prerendered,
      `/project/${id}`,
      await shownContent(app, 'de'),
    );
    expect('html' in filled && filled.html).toContain('<p>skeleton</p>');
    expect(
      await fillers.projects.fill(request('/Projects'), 'de', prerendered, '/Projects', await shownContent(app, 'de')),
    ).toEqual({
      html: prerendered,
      rendered: false,
    });
  });
});
