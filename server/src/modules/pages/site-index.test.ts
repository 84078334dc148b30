import zlib from 'node:zlib';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { indexablePages } from '@blitz/contract';
import { buildApp } from '../../app';
import { insertProject } from '../projects/projects.repository';
import { dataUrl, testPhoto } from '../../test/pictures';
import { api, databaseKinds, freshDatabase, signIn, startTestApp, tempDir, testConfig } from '../../test/helper';
import { type SitemapEntry, keptSitemap, robotsTxt, sitemapXml, staticSitemapEntries } from './site-index';

describe('sitemap.xml', () => {
  const xml = sitemapXml('https://www.blitz.example');

  it('lists every indexable page in German and English, with absolute addresses', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(indexablePages.length * 2);
    expect(locs).toContain('https://www.blitz.example/');
    expect(locs).toContain('https://www.blitz.example/?lang=en');
    expect(locs).toContain('https://www.blitz.example/Blitzschutz');
    expect(locs).toContain('https://www.blitz.example/impressum?lang=en');
    expect(locs.some((l) => l!.includes('/login') || l!.includes('/dashboard'))).toBe(false);
  });

  it('names both language versions and German as x-default in every entry', () => {
    const entries = xml.match(/<url>.*?<\/url>/g)!;
    for (const entry of entries) {
      const path = new URL(entry.match(/<loc>([^<]+)<\/loc>/)![1]!).pathname;
      const base = `https://www.blitz.example${path}`;
      expect(entry).toContain(`hreflang="de" href="${base}"`);
      expect(entry).toContain(`hreflang="en" href="${base}?lang=en"`);
      expect(entry).toContain(`hreflang="x-default" href="${base}"`);
    }
  });

  it('is well-formed XML with the sitemap and xhtml namespaces', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(xml.match(/<\/url>/g)!.length);
  });

  it('has no character that XML would need escaped', () => {
    expect(xml).not.toMatch(/&(?!#\d+;)/);
  });
});

describe('sitemap entries from content', () => {
  const xml = sitemapXml('https://www.blitz.example', [
    { path: '/project/7', lastmod: '2026-11-20T09:30:15.123Z' },
    { path: '/project/9', lastmod: 'not a date' },
  ]);

  it('lists each in both languages with its alternates and its last change to the second', () => {
    const seven = xml.match(/<url><loc>https:\/\/www\.blitz\.example\/project\/7(\?lang=en)?<\/loc>.*?<\/url>/g)!;
    expect(seven).toHaveLength(2);
    for (const entry of seven) {
      expect(entry).toContain('<lastmod>2026-11-20T09:30:15Z</lastmod>');
      expect(entry).toContain('hreflang="de" href="https://www.blitz.example/project/7"');
      expect(entry).toContain('hreflang="en" href="https://www.blitz.example/project/7?lang=en"');
      expect(entry).toContain('hreflang="x-default" href="https://www.blitz.example/project/7"');
    }
  });

  it('leaves out a date it cannot read rather than write a wrong one', () => {
    const nine = xml.match(/<url><loc>https:\/\/www\.blitz\.example\/project\/9<\/loc>.*?<\/url>/)![0];
    expect(nine).not.toContain('<lastmod>');
  });
});

describe('keptSitemap', () => {
  function counting(entries: () => SitemapEntry[]) {
    let calls = 0;
    let origin = 'https://www.blitz.example';
    const sitemap = keptSitemap({
      origin: async () => origin,
      sources: [
        async () => {
          calls++;
          return entries();
        },
      ],
    });
    return {
      sitemap,
      calls: () => calls,
      setOrigin: (o: string) => void (origin = o),
      text: async (v: string) => (await sitemap.current(v)).raw.toString('utf8'),
    };
  }

  it('asks its sources once per content version, however many requests come at once', async () => {
    let projects = [{ path: '/project/1' }];
    const kept = counting(() => projects);
    const texts = await Promise.all(Array.from({ length: 20 }, () => kept.text('v1')));
    expect(kept.calls()).toBe(1);
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain('/project/1</loc>');
    projects = [{ path: '/project/2' }];
    expect(await kept.text('v1')).toContain('/project/1</loc>');
    const next = await kept.text('v2');
    expect(kept.calls()).toBe(2);
    expect(next).toContain('/project/2</loc>');
    expect(next).not.toContain('/project/1</loc>');
    // The static pages stay in every version.
    for (const { path } of staticSitemapEntries) expect(next).toContain(`<loc>https://www.blitz.example${path}</loc>`);
  });

  it('keeps no failed read: the next request asks again', async () => {
    let fail = true;
    const kept = counting(() => {
      if (fail) throw new Error('database away');
      return [{ path: '/project/3' }];
    });
    await expect(kept.text('v1')).rejects.toThrow('database away');
    fail = false;
    expect(await kept.text('v1')).toContain('/project/3</loc>');
  });

  it('sends compressed forms that decode to the same XML, under an ETag naming the version', async () => {
    const kept = counting(() => [{ path: '/project/4' }]);
    const made = await kept.sitemap.current('v9');
    expect(zlib.brotliDecompressSync(made.br).equals(made.raw)).toBe(true);
    expect(zlib.gunzipSync(made.gzip).equals(made.raw)).toBe(true);
    expect(made.etag).toContain('v9');
    // The origin is read with each new version (a saved website changes the version): another
    // origin is another sitemap, under another ETag, so a crawler's copy is not confirmed.
    kept.setOrigin('https://www.firma.example');
    expect(await kept.text('v9')).toContain('<loc>https://www.blitz.example/</loc>');
    const moved = await kept.sitemap.current('v10');
    expect(moved.raw.toString('utf8')).toContain('<loc>https://www.firma.example/</loc>');
    expect(moved.raw.toString('utf8')).not.toContain('blitz.example');
    expect(moved.etag.replace('v10', '')).not.toBe(made.etag.replace('v9', ''));
  });
});

describe.each(databaseKinds)('/sitemap.xml over HTTP on %s', (kind) => {
  it('lists every project in both languages with its last change, and follows every addition and removal', async () => {
    const site = 'https://www.blitz.example';
    const { url } = await startTestApp(kind, { SITE_URL: site });
    const token = await signIn(url);
    const picture = dataUrl(await testPhoto(64, 48), 'image/png');
    const create = async (title: string) => {
      const res = await api(url, 'POST', '/api/v1/Project', {
        token,
        body: {
          title: [
            { content: title, language: 2 },
            { content: title, language: 1 },
          ],
          content: [
            { content: 'Fangstangen und Erdung.', language: 2 },
            { content: 'Air terminals and earthing.', language: 1 },
          ],
          scopeOfWorks: [
            { content: 'Montage', language: 2 },
            { content: 'Installation', language: 1 },
          ],
          location: 'Hanau',
          workDuration: '',
          client: '',
          categoryID: '0',
          picture,
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: number; updatedAt: string };
    };
    const projectLocs = (xml: string) =>
      [...xml.matchAll(/<loc>([^<]*\/project\/[^<]*)<\/loc>/g)].map((m) => m[1]!.replace(site, '')).sort();
    const get = async (headers: Record<string, string> = {}) => {
      const res = await api(url, 'GET', '/sitemap.xml', { headers });
      return { ...res, xml: res.text };
    };

    const empty = await get();
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(projectLocs(empty.xml)).toEqual([]);
    for (const { path } of staticSitemapEntries) expect(empty.xml).toContain(`<loc>${site}${path}</loc>`);

    const first = await create('Erstes Projekt');
    const second = await create('Zweites Projekt');
    const two = await get();
    expect(two.headers.get('etag')).not.toBe(empty.headers.get('etag'));
    expect(projectLocs(two.xml)).toEqual(
      [`/project/${first.id}`, `/project/${first.id}?lang=en`, `/project/${second.id}`, `/project/${second.id}?lang=en`].sort(),
    );
    const entry = two.xml.match(new RegExp(`<url><loc>${site}/project/${first.id}</loc>.*?</url>`))![0];
    expect(entry).toContain(`<lastmod>${first.updatedAt.replace(/\.\d{3}Z$/, 'Z')}</lastmod>`);
    expect(entry).toContain(`hreflang="en" href="${site}/project/${first.id}?lang=en"`);
    expect(entry).toContain(`hreflang="x-default" href="${site}/project/${first.id}"`);

    // Unchanged content: the crawler's copy is confirmed without a body.
    const again = await get({ 'if-none-match': two.headers.get('etag')! });
    expect(again.status).toBe(304);

    expect((await api(url, 'DELETE', `/api/v1/Project/${first.id}`, { token })).status).toBe(204);
    const one = await get({ 'if-none-match': two.headers.get('etag')! });
    expect(one.status).toBe(200);
    expect(projectLocs(one.xml)).toEqual([`/project/${second.id}`, `/project/${second.id}?lang=en`]);
  });
});

/**
 * Counts the reads of the projects table and of the content version as the database answers them
 * (a query compiled once and run again too), leaving out what the app's timers read meanwhile.
 */
class QueryCounter implements KyselyPlugin {
  projects = 0;
  versions = 0;
  private readonly kinds = new WeakMap<object, 'projects' | 'versions'>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'SelectQueryNode') {
      const from = JSON.stringify(node.from);
      // The housekeeping's look into the trash (a timer: rows with deleted_at set) is no read of the sitemap's.
      const trash = /"deleted_at".*"is not"/.test(JSON.stringify(node.where));
      if (from.includes('"projects"') && !trash) this.kinds.set(args.queryId, 'projects');
      else if (from.includes('"settings"') && JSON.stringify(node.where).includes('content_version'))
        this.kinds.set(args.queryId, 'versions');
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const kind = this.kinds.get(args.queryId);
    if (kind) this[kind]++;
    return args.result;
  }
}

describe.each(databaseKinds)('/sitemap.xml under load on %s', (kind) => {
  it('costs at most one version read per request (a burst shares them); the projects are read again only after a change', async () => {
    const dataDir = tempDir();
    const handle = await freshDatabase(kind, dataDir);
    const counter = new QueryCounter();
    const db = handle.db.withPlugin(counter);
    const app = await buildApp(testConfig(dataDir), { database: { kind, db }, logger: false });
    try {
      const add = (i: number) =>
        insertProject(db, {
          location: `Ort ${i}`,
          workDuration: '',
          client: '',
          categoryId: null,
          pictures: [],
          texts: { title: [{ content: `Projekt ${i}`, language: 2 }], content: [], scope: [] },
        });
      for (let i = 0; i < 30; i++) await add(i);
      const get = async () => {
        const [projects, versions] = [counter.projects, counter.versions];
        const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
        expect(res.statusCode).toBe(200);
        const locs = res.body.match(/<loc>[^<]*\/project\//g)?.length ?? 0;
        return { projectReads: counter.projects - projects, versionReads: counter.versions - versions, locs };
      };
      // On SQLite the version is known from the instance's own writes (decision 038): read once
      // after a change, then not again. This PostgreSQL handle has no listening connection (no
      // `newClient`): the version is read per request, as without notifications.
      const perRequest = kind === 'sqlite' ? 0 : 1;
      expect(await get()).toEqual({ projectReads: 1, versionReads: 1, locs: 60 });
      // A crawler's burst: the version alone, each time (on SQLite not even that).
      for (let i = 0; i < 10; i++) expect(await get()).toEqual({ projectReads: 0, versionReads: perRequest, locs: 60 });
      const [projects, versions] = [counter.projects, counter.versions];
      await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/sitemap.xml' })));
      // A burst at once shares the version reads (lib/coalesced-read.ts): the one in flight, and
      // at most one more for the requests that arrived while it ran.
      expect(counter.projects - projects).toBe(0);
      expect(counter.versions - versions).toBeGreaterThanOrEqual(perRequest);
      expect(counter.versions - versions).toBeLessThanOrEqual(2 * perRequest);
      await add(30);
      expect(await get()).toEqual({ projectReads: 1, versionReads: 1, locs: 62 });
      expect(await get()).toEqual({ projectReads: 0, versionReads: perRequest, locs: 62 });
    } finally {
      await app.close();
    }
  });
});

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of the staff area and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://www.blitz.example');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Disallow: \/dashboard$/m);
    expect(robots).toMatch(/^Disallow: \/login$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/www\.blitz\.example\/sitemap\.xml$/m);
  });
});
