import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import http from 'node:http';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Project, projectListSchema, projectSchema } from '@blitz/contract';
import { buildApp } from '../../app';
import {
  type Backend,
  api,
  backends,
  freshDatabase,
  getOnce,
  isStored,
  signIn,
  startTestApp,
  storageEnv,
  tempDir,
  testConfig,
} from '../../test/helper';
import { insertProject } from './projects.repository';
import { projectBodyLimit } from './projects.routes';
import {
  dataUrl,
  decompressionBomb,
  htmlPage,
  photoWithGps,
  pngHeaderWithGarbage,
  svgWithScript,
  testPhoto,
} from '../../test/pictures';

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

async function projectBody(overrides: Record<string, unknown> = {}) {
  return {
    title: [
      { content: 'Blitzschutz Umspannwerk Nord', language: 2 },
      { content: 'Lightning protection substation north', language: 1 },
    ],
    content: [
      { content: 'Äußerer Blitzschutz mit Fangstangen.', language: 2 },
      { content: 'External protection with air-termination rods.', language: 1 },
    ],
    scopeOfWorks: [
      { content: 'Planung, Montage', language: 2 },
      { content: 'Planning, installation', language: 1 },
    ],
    location: 'Hanau',
    workDuration: '3 Monate',
    client: 'Stadtwerke',
    categoryID: '0',
    picture: dataUrl(await testPhoto(1200, 800), 'image/png'),
    ...overrides,
  };
}

/** Puts projects straight into the database (no picture): for paging and filters, where pictures do not matter. */
async function insertMany(
  db: Parameters<typeof insertProject>[0],
  count: number,
  make: (i: number) => Partial<Parameters<typeof insertProject>[1]> = () => ({}),
) {
  for (let i = 0; i < count; i++) {
    await insertProject(db, {
      location: `Ort ${i}`,
      workDuration: '',
      client: '',
      categoryId: null,
      pictures: [],
      texts: {
        title: [
          { content: `Projekt ${i}`, language: 2 },
          { content: `Project ${i}`, language: 1 },
        ],
        content: [],
        scope: [],
      },
      createdAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
      ...make(i),
    });
  }
}

/** Counts the queries the database answers (also those compiled once and run again). */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

async function startCountingApp(backend: Backend) {
  const dataDir = tempDir();
  const kind = backend.db;
  const handle = await freshDatabase(kind, dataDir);
  const counter = new QueryCounter();
  const config = testConfig(dataDir, await storageEnv(backend.storage));
  const app = await buildApp(config, { database: { kind, db: handle.db.withPlugin(counter) }, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url, counter, close: () => app.close() };
}

describe.each(backends)('projects on $name', (kind) => {
  it('creates a project with its picture as responsive AVIF and WebP variants, served with immutable caching', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: category } = await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'substations', translation: [{ content: 'Umspannwerke', language: 2 }] },
    });
    const res = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await projectBody({ categoryID: String(category.id) }),
    });
    expect(res.status).toBe(201);
    const project: Project = projectSchema.parse(res.body);
    expect(project).toMatchObject({
      location: 'Hanau',
      workDuration: '3 Monate',
      client: 'Stadtwerke',
      categoryID: category.id,
      category: { id: category.id, name: 'substations', translation: [{ content: 'Umspannwerke', language: 2 }] },
      pictureWidth: 1200,
      pictureHeight: 800,
    });
    // Texts come back ordered by language (1 = English first).
    expect(project.title.map((t) => t.language)).toEqual([1, 2]);
    expect(project.picture).toMatch(/^\/media\/projects\/[a-f0-9]{20}-960\.webp$/);
    expect(project.pictureSources.map((s) => [s.width, s.type])).toEqual([
      [480, 'image/avif'],
      [480, 'image/webp'],
      [960, 'image/avif'],
      [960, 'image/webp'],
      [1200, 'image/avif'],
      [1200, 'image/webp'],
    ]);
    for (const source of project.pictureSources) {
      const file = await fetch(url + source.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(source.type);
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.width).toBe(source.width);
    }
    const etag = (await fetch(url + project.picture)).headers.get('etag')!;
    expect((await fetch(url + project.picture, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await api(url, 'HEAD', project.picture)).status).toBe(200);
  });

  it('serves variants of a camera photo with no GPS or other metadata, turned upright', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const res = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await projectBody({ picture: dataUrl(await photoWithGps(900, 600), 'image/jpeg') }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pictureWidth: 600, pictureHeight: 900 });
    for (const source of res.body.pictureSources as { url: string }[]) {
      const bytes = Buffer.from(await (await fetch(url + source.url)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      for (const marker of ['GPS', 'Exif', 'Secret Model 9000', 'TestCam'])
        expect(bytes.includes(Buffer.from(marker)), marker).toBe(false);
    }
  });

  it('reads one project, narrowed to a language on request; 404 for an unknown id, 400 for a bad one', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: created } = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    const full = await api(url, 'GET', `/api/v1/Project/${created.id}`);
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ ...created, draft: undefined });
    const german = await api(url, 'GET', `/api/v1/project/${created.id}?Language=2`);
    expect(german.body.title).toEqual([{ content: 'Blitzschutz Umspannwerk Nord', language: 2 }]);
    expect(german.body.content).toEqual([{ content: 'Äußerer Blitzschutz mit Fangstangen.', language: 2 }]);
    expect(german.body.scopeOfWorks).toEqual([{ content: 'Planung, Montage', language: 2 }]);

    const unknown = await api(url, 'GET', '/api/v1/Project/987654');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    for (const bad of ['abc', '0', '-3', '2.5', '1e3', '99999999999']) {
      const res = await api(url, 'GET', `/api/v1/Project/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(fields(res.body)).toContain('id');
    }
    expect((await api(url, 'GET', `/api/v1/Project/${created.id}?Language=7`)).status).toBe(400);
  });

  it('lists newest first with the count of all matches, in pages', async () => {
    const { url, app } = await startTestApp(kind);
    await insertMany(app.db, 25);
    const first = await api(url, 'GET', '/api/v1/Project');
    expect(first.status).toBe(200);
    const page = projectListSchema.parse(first.body);
    expect(page.count).toBe(25);
    expect(page.data).toHaveLength(10);
    expect(page.data.map((p) => p.location)).toEqual(Array.from({ length: 10 }, (_, i) => `Ort ${24 - i}`));
    expect(page.data[0]).toMatchObject({ picture: '', pictureSources: [], category: null, categoryID: null });

    const last = await api(url, 'GET', '/api/v1/Project?PageLength=10&PageNumber=3');
    expect(last.body.count).toBe(25);
    expect(last.body.data.map((p: Project) => p.location)).toEqual(['Ort 4', 'Ort 3', 'Ort 2', 'Ort 1', 'Ort 0']);
    const past = await api(url, 'GET', '/api/v1/Project?PageLength=10&PageNumber=4');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], count: 25 });
    const farPast = await api(url, 'GET', '/api/v1/Project?PageNumber=1000000');
    expect(farPast.body).toEqual({ data: [], count: 25 });
    const all = await api(url, 'GET', '/api/v1/Project?PageLength=100');
    expect(all.body.data).toHaveLength(25);
    const thirty = await api(url, 'GET', '/api/v1/project?pagelength=20&pagenumber=2');
    expect(thirty.body.data.map((p: Project) => p.location)).toEqual(['Ort 4', 'Ort 3', 'Ort 2', 'Ort 1', 'Ort 0']);
  });

  it('sends a list compressed as the client takes it, compressed once and kept until the next edit', async () => {
    const { url, app } = await startTestApp(kind);
    await insertMany(app.db, 25);
    const list = `${url}/api/v1/Project?PageLength=20`;
    const plain = await getOnce(list, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString());
    expect(json.count).toBe(25);
    const br = await getOnce(list, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await getOnce(list, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(json);
    // The same bytes again: kept, not compressed anew.
    expect((await getOnce(list, { 'accept-encoding': 'br' })).body.equals(br.body)).toBe(true);
    // A small answer goes out as it is.
    const empty = await getOnce(`${url}/api/v1/Category`, { 'accept-encoding': 'br' });
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(empty.body.toString())).toEqual({ data: [], count: 0 });
  });

  it('answers an empty list on an empty database', async () => {
    const { url } = await startTestApp(kind);
    expect((await api(url, 'GET', '/api/v1/Project')).body).toEqual({ data: [], count: 0 });
    expect((await api(url, 'GET', '/api/v1/Project?PageNumber=2')).body).toEqual({ data: [], count: 0 });
  });

  it('filters by title, description and category in the database, case-insensitively, with the count to match', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: a } = await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'a', translation: [] } });
    const { body: b } = await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'b', translation: [] } });
    await insertMany(app.db, 12, (i) => ({
      categoryId: i % 3 === 0 ? a.id : i % 3 === 1 ? b.id : null,
      texts: {
        title: [
          { content: i % 2 ? `Überspannungsschutz Halle ${i}` : `Erdung Werk ${i}`, language: 2 },
          { content: i % 2 ? `Surge protection hall ${i}` : `Earthing plant ${i}`, language: 1 },
        ],
        content: [{ content: i === 5 ? 'Mit 100% Sicherheit_und Ringerder' : 'Standard', language: 2 }],
        scope: [],
      },
    }));
    const list = async (query: string) =>
      (await api(url, 'GET', `/api/v1/Project?${query}`)).body as { data: Project[]; count: number };

    const surge = await list('Title=%C3%BCBERSPANNUNG');
    expect(surge.count).toBe(6);
    expect(surge.data.every((p) => p.title.some((t) => t.content.startsWith('Überspannungsschutz')))).toBe(true);
    expect((await list('Title=surge')).count).toBe(6);
    // With a language, the title is searched in that language only.
    expect((await list('Title=surge&Language=2')).count).toBe(0);
    expect((await list('Title=surge&Language=1')).count).toBe(6);
    expect((await list('Title=halle 1')).count).toBe(2); // 1 and 11

    expect((await list('Description=ringerder')).count).toBe(1);
    // % and _ are literal characters, not wildcards.
    expect((await list('Description=100%25')).count).toBe(1);
    expect((await list('Description=%25')).count).toBe(1);
    expect((await list('Description=t_u')).count).toBe(1);
    expect((await list('Description=d_r')).count).toBe(0);

    const inA = await list(`CategoryID=${a.id}`);
    expect(inA.count).toBe(4);
    expect(inA.data.every((p) => p.categoryID === a.id && p.category?.name === 'a')).toBe(true);
    expect((await list(`CategoryID=${a.id}&Title=erdung`)).count).toBe(2); // 0 and 6
    expect((await list(`CategoryID=${a.id}&PageLength=3&PageNumber=2`)).data).toHaveLength(1);
    expect((await list('CategoryID=0')).count).toBe(12);
    expect((await list('CategoryID=&Title=&Description=&Language=')).count).toBe(12);
    expect((await list('CategoryID=4242')).count).toBe(0);
    const english = await list('Language=1&PageLength=1');
    expect(english.data[0]!.title.map((t) => t.language)).toEqual([1]);
  });

  it('refuses bad parameters with 400 naming them', async () => {
    const { url } = await startTestApp(kind);
    const cases: [string, string][] = [
      ['PageLength=0', 'PageLength'],
      ['PageLength=101', 'PageLength'],
      ['PageLength=ten', 'PageLength'],
      ['PageLength=2.5', 'PageLength'],
      ['PageNumber=0', 'PageNumber'],
      ['PageNumber=-1', 'PageNumber'],
      ['PageNumber=abc', 'PageNumber'],
      ['PageNumber=10000001', 'PageNumber'],
      ['CategoryID=abc', 'CategoryID'],
      ['CategoryID=-2', 'CategoryID'],
      ['Language=3', 'Language'],
      ['Language=en', 'Language'],
      [`Title=${'x'.repeat(201)}`, 'Title'],
      ['Title=a&Title=b', 'Title'],
      [`Description=${'y'.repeat(201)}`, 'Description'],
    ];
    for (const [query, field] of cases) {
      const res = await api(url, 'GET', `/api/v1/Project?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(fields(res.body), query).toContain(field);
    }
  });

  it('answers a list with a fixed number of queries, whatever the page length (no N+1)', async () => {
    const { url, app, counter, close } = await startCountingApp(kind);
    try {
      const token = await signIn(url);
      const { body: category } = await api(url, 'POST', '/api/v1/Category', {
        token,
        body: { name: 'c', translation: [{ content: 'C', language: 1 }] },
      });
      await insertMany(app.db, 40, () => ({ categoryId: category.id }));
      const costs: number[] = [];
      for (const query of [
        'PageLength=1',
        'PageLength=10',
        'PageLength=40',
        'PageLength=40&Title=projekt',
        `CategoryID=${category.id}&PageLength=30`,
      ]) {
        const before = counter.count;
        const res = await api(url, 'GET', `/api/v1/Project?${query}`);
        expect(res.status).toBe(200);
        costs.push(counter.count - before);
      }
      // On SQLite the instance knows the content version from its own writes (decision 038): the
      // first request after the change reads it, the others do not.
      const versionReads = kind.db === 'sqlite' ? 0 : 1;
      expect(new Set(costs.slice(1)).size).toBe(1);
      expect(costs[0]! - costs[1]!).toBe(1 - versionReads);
      // The content version, the count, the page, its texts, its categories' translations.
      expect(costs[0]).toBeLessThanOrEqual(5);
      // Asked again, unchanged: the kept answer, after reading the version alone (on SQLite not even that).
      const before = counter.count;
      await api(url, 'GET', '/api/v1/Project?PageLength=40');
      expect(counter.count - before).toBe(versionReads);
    } finally {
      await close();
    }
  });

  it('never answers from before an edit, not even on another instance sharing the database', async () => {
    const first = await startTestApp(kind);
    const token = await signIn(first.url);
    const { body: created } = await api(first.url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    // A second instance on the same database, as behind a load balancer.
    const second = await buildApp(first.config, { database: first.database, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
      const list = '/api/v1/Project?Language=1';
      for (const url of [first.url, secondUrl]) {
        expect((await api(url, 'GET', list)).body.data[0].title[0].content).toBe('Lightning protection substation north');
        expect((await api(url, 'GET', `/api/v1/Project/${created.id}`)).body.location).toBe('Hanau');
      }
      const { picture: _p, ...fields } = await projectBody();
      await api(first.url, 'PUT', '/api/v1/Project', {
        token,
        body: {
          ...fields,
          id: created.id,
          location: 'Gelnhausen',
          title: [
            { content: 'Umbenannt', language: 2 },
            { content: 'Renamed', language: 1 },
          ],
        },
      });
      for (const url of [first.url, secondUrl]) {
        expect((await api(url, 'GET', list)).body.data[0].title).toEqual([{ content: 'Renamed', language: 1 }]);
        expect((await api(url, 'GET', `/api/v1/Project/${created.id}`)).body.location).toBe('Gelnhausen');
      }
      await api(secondUrl, 'POST', '/api/v1/Category', { token, body: { name: 'Neu', translation: [] } });
      expect((await api(first.url, 'GET', '/api/v1/Category')).body.count).toBe(1);
      await api(secondUrl, 'DELETE', `/api/v1/Project/${created.id}`, { token });
      expect((await api(first.url, 'GET', list)).body).toEqual({ data: [], count: 0 });
      expect((await api(first.url, 'GET', `/api/v1/Project/${created.id}`)).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('needs a valid sign-in for create, update and delete', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const body = await projectBody();
    const { body: created } = await api(url, 'POST', '/api/v1/Project', { token, body });
    for (const [method, route, payload] of [
      ['POST', '/api/v1/Project', body],
      ['PUT', '/api/v1/Project', { ...body, id: created.id }],
      ['PUT', `/api/v1/Project/${created.id}`, body],
      ['DELETE', `/api/v1/Project/${created.id}`, undefined],
    ] as const) {
      for (const badToken of [undefined, 'not-a-token']) {
        const res = await api(url, method, route, { body: payload, ...(badToken ? { token: badToken } : {}) });
        expect(res.status, `${method} ${route}`).toBe(401);
      }
    }
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(1);
  });

  it('refuses every kind of bad picture by its content with 400, and a too large one with 413', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const jpeg = await testPhoto(800, 600, 'jpeg');
    const bad: [string, string][] = [
      ['SVG with a script', dataUrl(svgWithScript, 'image/svg+xml')],
      ['SVG declared as PNG', dataUrl(svgWithScript, 'image/png')],
      ['HTML declared as JPEG', dataUrl(htmlPage, 'image/jpeg')],
      ['PNG header with garbage', dataUrl(pngHeaderWithGarbage, 'image/png')],
      ['truncated JPEG', dataUrl(jpeg.subarray(0, jpeg.length >> 1), 'image/jpeg')],
      ['decompression bomb', dataUrl(decompressionBomb(), 'image/png')],
      ['not base64', 'data:image/png;base64,@@@@'],
      ['empty', 'data:image/png;base64,'],
      ['a URL', 'https://example.com/picture.jpg'],
      ['a number', 42 as unknown as string],
    ];
    for (const [name, picture] of bad) {
      const res = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody({ picture }) });
      expect(res.status, name).toBe(400);
      expect(fields(res.body), name).toEqual(['picture']);
      expect(res.text, name).not.toMatch(/at .*\.(js|ts):\d+/);
    }
    const missing = await projectBody();
    delete (missing as Record<string, unknown>)['picture'];
    expect(fields((await api(url, 'POST', '/api/v1/Project', { token, body: missing })).body)).toEqual(['picture']);

    // Decoded bytes over the 15 MB cap (the body itself is under the route's limit): 413.
    const big = `data:image/jpeg;base64,${Buffer.concat([jpeg, Buffer.alloc(15.5 * 1024 * 1024)]).toString('base64')}`;
    const tooBig = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody({ picture: big }) });
    expect(tooBig.status).toBe(413);
    expect(fields(tooBig.body)).toEqual(['picture']);
    // A body over the route's limit: 413 before it is parsed.
    const huge = await api(url, 'POST', '/api/v1/Project', {
      token,
      raw: `{"picture":"${'A'.repeat(projectBodyLimit)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
  });

  it('names the field of every other invalid create', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: [] }, 'title'],
      [{ title: [{ content: '  ', language: 1 }] }, 'title.0.content'],
      [
        {
          title: [
            { content: 'A', language: 1 },
            { content: 'B', language: 1 },
          ],
        },
        'title',
      ],
      [{ title: [{ content: 'A', language: 5 }] }, 'title.0.language'],
      [{ title: 'A title' }, 'title'],
      [{ content: [{ content: 'x', language: 2, extra: true }] }, 'content.0'],
      [{ scopeOfWorks: [{ content: 'x'.repeat(20_001), language: 2 }] }, 'scopeOfWorks.0.content'],
      [{ location: 'x'.repeat(201) }, 'location'],
      [{ workDuration: 12 }, 'workDuration'],
      [{ categoryID: 'abc' }, 'categoryID'],
      [{ categoryID: '-1' }, 'categoryID'],
      [{ categoryID: '777' }, 'categoryID'],
      [{ id: 5 }, 'id'],
    ];
    for (const [override, field] of cases) {
      const res = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody(override) });
      expect(res.status, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(fields(res.body).join(' '), JSON.stringify(override).slice(0, 80)).toContain(field);
    }
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
  });

  it('refuses a project with a title in one language only, naming the missing one (SPEC.md §5)', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    for (const [title, missing] of [
      [[{ content: 'Only English', language: 1 }], 'German'],
      [[{ content: 'Nur Deutsch', language: 2 }], 'English'],
    ] as const) {
      const created = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody({ title }) });
      expect(created.status).toBe(400);
      expect(created.body.errors).toContainEqual({ field: 'title', message: `the ${missing} title is missing` });
    }
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
    const { body: project } = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    const { picture: _p, ...fields } = await projectBody();
    const updated = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: { ...fields, id: project.id, title: [{ content: 'Only English', language: 1 }] },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.errors).toContainEqual({ field: 'title', message: 'the German title is missing' });
    expect((await api(url, 'GET', `/api/v1/Project/${project.id}`)).body.title).toHaveLength(2);
  });

  it('updates a project, keeping its picture unless a new one is sent, and removes replaced files', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: created } = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    const { picture: _p, ...withoutPicture } = await projectBody();

    const kept = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: { ...withoutPicture, id: created.id, location: 'Frankfurt' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      id: created.id,
      location: 'Frankfurt',
      picture: created.picture,
      pictureSources: created.pictureSources,
    });
    expect(Date.parse(kept.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect(kept.body.createdAt).toBe(created.createdAt);

    const sameUrl = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { ...withoutPicture, picture: created.picture },
    });
    expect(sameUrl.body.picture).toBe(created.picture);

    const replaced = await api(url, 'PUT', `/api/v1/Project/${created.id}`, {
      token,
      body: { ...withoutPicture, picture: dataUrl(await testPhoto(700, 500, 'webp'), 'image/webp') },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.pictureWidth).toBe(700);
    expect(replaced.body.picture).not.toBe(created.picture);
    for (const source of created.pictureSources as { url: string }[]) expect((await fetch(url + source.url)).status).toBe(404);
    for (const source of replaced.body.pictureSources as { url: string }[])
      expect((await fetch(url + source.url)).status).toBe(200);

    expect((await api(url, 'PUT', '/api/v1/Project', { token, body: { ...withoutPicture, id: 424242 } })).status).toBe(404);
    expect((await api(url, 'PUT', '/api/v1/Project/424242', { token, body: withoutPicture })).status).toBe(404);
    expect(
      (await api(url, 'PUT', `/api/v1/Project/${created.id}`, { token, body: { ...withoutPicture, id: created.id + 1 } })).status,
    ).toBe(400);
    expect((await api(url, 'PUT', '/api/v1/Project', { token, body: withoutPicture })).status).toBe(400);
    const badPicture = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: { ...withoutPicture, id: created.id, picture: dataUrl(svgWithScript) },
    });
    expect(badPicture.status).toBe(400);
    expect((await api(url, 'GET', `/api/v1/Project/${created.id}`)).body.picture).toBe(replaced.body.picture);
  });

  it('deletes a project to the trash, and its picture files with the trash, but keeps files another project still shows', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const body = await projectBody();
    const { body: one } = await api(url, 'POST', '/api/v1/Project', { token, body });
    const { body: two } = await api(url, 'POST', '/api/v1/Project', { token, body });
    // The same upload gives the same content-hashed files.
    expect(two.picture).toBe(one.picture);

    expect((await api(url, 'DELETE', `/api/v1/Project/${one.id}`, { token })).status).toBe(204);
    expect((await fetch(url + two.picture)).status).toBe(200);
    expect((await api(url, 'GET', `/api/v1/Project/${one.id}`)).status).toBe(404);
    expect((await api(url, 'DELETE', `/api/v1/Project/${one.id}`, { token })).status).toBe(404);

    expect((await api(url, 'DELETE', `/api/v1/project/${two.id}`, { token })).status).toBe(204);
    // In the trash (decision 037) a project keeps its files, refused to visitors; emptying it removes them.
    for (const source of two.pictureSources as { url: string }[]) {
      expect((await fetch(url + source.url)).status).toBe(404);
      expect(await isStored(app, source.url)).toBe(true);
    }
    expect((await api(url, 'DELETE', '/api/v1/Trash', { token })).body).toEqual({ removed: 2 });
    for (const source of two.pictureSources as { url: string }[]) expect(await isStored(app, source.url)).toBe(false);
    expect((await api(url, 'DELETE', '/api/v1/Project/abc', { token })).status).toBe(400);
  });

  it('serves only picture variants under /media, never other files', async () => {
    const { url } = await startTestApp(kind);
    // Sent as written (fetch would resolve the dot segments before sending).
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: new URL(url).hostname, port: new URL(url).port, path }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
    for (const path of ['/media/../test.sqlite', '/media/%2e%2e/test.sqlite', '/media/projects/..%2f..%2ftest.sqlite']) {
      expect(await raw(path), path).not.toBe(200);
    }
    for (const path of [
      '/media/site.sqlite',
      '/media/test.sqlite',
      '/media/projects/0123456789abcdef0123-480.avif',
      '/media/projects/0123456789abcdef0123-480.svg',
      '/media/inquiries/abc',
    ]) {
      const res = await api(url, 'GET', path);
      expect(res.status, path).toBe(404);
    }
  });
});
