import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { api, databaseKinds, getOnce, signIn, startTestApp } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { compress, refinementsDone } from '../../lib/encoded-body';
import { PageCache, finishPage, keptForOthers, normalizedUrl } from './page-cache';
import { fakeWebBuildWithRenderer } from './pages.test-kit';

const projectBody = async (title: string) => ({
  title: [
    { content: title, language: 2 },
    { content: `${title} (en)`, language: 1 },
  ],
  picture: dataUrl(await testPhoto(300, 200)),
});

describe('the page cache', () => {
  const page = (size: number, etag = '"e"') => ({ raw: Buffer.alloc(size), br: Buffer.alloc(0), gzip: Buffer.alloc(0), etag });

  it('keeps each page under its own version, least recently used dropped first, bounded in entries and bytes', () => {
    const cache = new PageCache(2, 1000);
    expect(cache.get('a', 'v1')).toBeUndefined();
    cache.set('a', 'v1', page(100));
    cache.set('b', 'v1', page(100));
    expect(cache.get('a', 'v1')).toBeDefined();
    cache.set('c', 'v1', page(100));
    // b was the least recently used.
    expect(cache.get('b', 'v1')).toBeUndefined();
    expect(cache.get('a', 'v1')).toBeDefined();
    cache.set('d', 'v1', page(900));
    expect(cache.stats()).toEqual({ entries: 2, bytes: 1000 });
    expect(cache.get('c', 'v1')).toBeUndefined();
    cache.set('e', 'v1', page(1001));
    expect(cache.get('e', 'v1')).toBeUndefined();
    // Another version of a page: its kept page is never served, and is dropped (the others stay).
    expect(cache.get('d', 'v2')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 1, bytes: 100 });
    expect(cache.get('d', 'v1')).toBeUndefined();
  });

  it('keeps pages whose versions differ side by side (a jobs page names the day, the gallery does not)', () => {
    const cache = new PageCache();
    cache.set('de /Projects', 'v7', page(100));
    cache.set('de /jobs', 'v7-2026-11-23', page(100));
    expect(cache.get('de /jobs', 'v7-2026-11-23')).toBeDefined();
    expect(cache.get('de /Projects', 'v7')).toBeDefined();
    expect(cache.get('de /jobs', 'v7-2026-11-23')).toBeDefined();
    // An edit: each page is made anew when next asked for.
    expect(cache.get('de /Projects', 'v8')).toBeUndefined();
    expect(cache.get('de /jobs', 'v8-2026-11-23')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('compresses a page in both encodings, fast and then at once at the best quality, and orders the query of an address', async () => {
    const html = Array.from({ length: 300 }, (_, i) => `<p>Blitzschutz ${(i * 7919) % 1000}</p>`).join('');
    const finished = await finishPage(html, '"x"');
    expect(zlib.brotliDecompressSync(finished.br).toString()).toBe(html);
    expect(zlib.gunzipSync(finished.gzip).toString()).toBe(html);
    // Remade at the best quality without waiting for more requests: a kept page is in demand.
    await refinementsDone();
    const raw = Buffer.from(html);
    expect(finished.br).toEqual(await compress(raw, 'br', 'best'));
    expect(finished.gzip).toEqual(await compress(raw, 'gzip', 'best'));
    expect(finished.br.length).toBeLessThan((await compress(raw, 'br', 'fast')).length);
    expect(finished.fresh).toBeUndefined();
    expect(normalizedUrl('/Projects?rows=10&page=2&lang=en')).toBe('/Projects?lang=en&page=2&rows=10');
    expect(normalizedUrl('/Projects')).toBe('/Projects');
  });

  it('keep a page under the parameters it reads, each once and only with a value it can take (issue 27, point 11)', () => {
    expect(normalizedUrl('/Projects?rows=20&page=2&lang=en&utm_source=x', 'projects')).toBe('/Projects?lang=en&page=2&rows=20');
    expect(normalizedUrl('/Projects?page=1&rows=10&category=0&lang=fr&x=1', 'projects')).toBe('/Projects');
    expect(normalizedUrl('/Projects?page=2&page=3&category=4', 'projects')).toBe('/Projects?category=4&page=2');
    expect(normalizedUrl('/jobs?q=Monteur&x=1&q=other', 'jobs')).toBe('/jobs?q=Monteur');
    expect(normalizedUrl('/jobs?q=', 'jobs')).toBe('/jobs');
    expect(normalizedUrl('/?subject=application&lang=de&fbclid=abc', 'home')).toBe('/?lang=de&subject=application');
    expect(normalizedUrl('/?subject=spam&page=2&q=x', 'home')).toBe('/');
    expect(normalizedUrl('/jobs/3?lang=en&ref=mail', 'job')).toBe('/jobs/3?lang=en');
    // The news list's page: a whole number above 1, anything else the first page.
    expect(normalizedUrl('/aktuelles?page=02&lang=en&x=1', 'news')).toBe('/aktuelles?lang=en');
    expect(normalizedUrl('/aktuelles?page=3&page=4', 'news')).toBe('/aktuelles?page=3');
    expect(normalizedUrl('/aktuelles?page=1', 'news')).toBe('/aktuelles');
    expect(normalizedUrl('/aktuelles?page=-2', 'news')).toBe('/aktuelles');
  });

  it('keep a page under its own path, whatever case, trailing slash or zeros the router took (review of issue 27, point 11)', () => {
    expect(normalizedUrl('/PROJECTS/?page=2', 'projects')).toBe('/Projects?page=2');
    expect(normalizedUrl('/pRoJeCtS', 'projects')).toBe('/Projects');
    expect(normalizedUrl('/Project/0003?lang=en', 'project')).toBe('/project/3?lang=en');
    expect(normalizedUrl('/JOBS/007/', 'job')).toBe('/jobs/7');
    expect(normalizedUrl('/blitzschutz', 'blitzschutz')).toBe('/Blitzschutz');
    // A page staff added and a news post: their segment encoded one way, after the list's own path.
    expect(normalizedUrl('/Pr%C3%BCfung?page=2', 'customPage')).toBe('/Pr%C3%BCfung');
    expect(normalizedUrl('/AKTUELLES/Prüfung-im-Winter/?lang=en', 'newsPost')).toBe('/aktuelles/Pr%C3%BCfung-im-Winter?lang=en');
  });

  it('keep no jobs search for others: any text is a search of its own', () => {
    expect(keptForOthers('/jobs?q=Monteur')).toBe(false);
    expect(keptForOthers('/jobs')).toBe(true);
    expect(keptForOthers('/Projects?page=2')).toBe(true);
  });
});

describe.each(databaseKinds)('rendered pages kept per content version, over HTTP, on %s', (kind) => {
  it('serve the gallery from the cache in br, gzip and identity, answer 304, and show an edit on the very next request', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    expect((await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody('Erstes Projekt') })).status).toBe(201);

    // Count the reads of the list behind the page: a kept page needs none.
    let reads = 0;
    const read = app.contentReads.read;
    app.contentReads.read = (key, load) => {
      if (key.startsWith('projects ')) reads++;
      return read(key, load);
    };

    const br = await getOnce(`${url}/Projects`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(br.body).toString();
    expect(html).toContain('"content":"Erstes Projekt"');
    expect(html).toContain('data-url="/Projects"');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-language']).toBe('de');
    expect(br.headers['vary']).toBe('cookie, accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    const etag = br.headers['etag']!;
    expect(etag).toMatch(/^"[^"]+-de-[^"]+"$/);
    expect(reads).toBe(1);

    const gzip = await getOnce(`${url}/Projects`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(html);
    const identity = await getOnce(`${url}/Projects`, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(html);
    expect(identity.headers['content-length']).toBe(String(identity.body.length));
    const again = await getOnce(`${url}/Projects`, { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(again.body).toString()).toBe(html);
    expect(again.headers['etag']).toBe(etag);
    expect(reads).toBe(1);

    // A jobs page, whose version also names the day, leaves the kept gallery in place.
    expect((await getOnce(`${url}/jobs`, { 'accept-encoding': 'identity' })).status).toBe(200);
    expect((await getOnce(`${url}/Projects`, { 'accept-encoding': 'identity' })).body.toString()).toBe(html);
    expect(reads).toBe(1);

    const notModified = await getOnce(`${url}/Projects`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['etag']).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('no-cache');

    // The English page is a page of its own, with its own ETag.
    const english = await getOnce(`${url}/Projects?lang=en`, { 'accept-encoding': 'identity', 'if-none-match': etag });
    expect(english.status).toBe(200);
    expect(english.headers['content-language']).toBe('en');
    expect(english.headers['set-cookie']?.[0]).toContain('=en');
    expect(english.headers['etag']).not.toBe(etag);

    // One page for one address, whatever the order of its query.
    const a = await getOnce(`${url}/Projects?rows=20&lang=de`, { 'accept-encoding': 'identity' });
    const readsBefore = reads;
    const b = await getOnce(`${url}/Projects?lang=de&rows=20`, { 'accept-encoding': 'identity' });
    expect(b.body.equals(a.body)).toBe(true);
    expect(b.body.toString()).toContain('data-url="/Projects?lang=de&rows=20"');
    expect(reads).toBe(readsBefore);

    // An edit: the very next request has it, in every encoding, and the old ETag no longer matches.
    expect((await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody('Zweites Projekt') })).status).toBe(201);
    const edited = await getOnce(`${url}/Projects`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(edited.headers['etag']).not.toBe(etag);
    expect(zlib.brotliDecompressSync(edited.body).toString()).toContain('"content":"Zweites Projekt"');
    const editedGzip = await getOnce(`${url}/Projects`, { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(editedGzip.body).toString()).toContain('"content":"Zweites Projekt"');

    // Redirects stay redirects, and are not kept.
    for (let i = 0; i < 2; i++) {
      const past = await getOnce(`${url}/Projects?page=9`);
      expect(past.status).toBe(302);
      expect(past.headers['location']).toBe('/Projects?page=1');
      expect(past.headers['etag']).toBeUndefined();
    }
  });

  it('serve a project page from the cache and show its edit at once; an unknown project goes home', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    const { body: project } = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody('Halle 4') });
    const first = await getOnce(`${url}/project/${project.id}`, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(zlib.gunzipSync(first.body).toString()).toContain('<title>Halle 4 – Referenz | Musterblitz</title>');
    expect(first.headers['vary']).toBe('cookie, accept-encoding');
    const etag = first.headers['etag']!;
    expect((await getOnce(`${url}/project/${project.id}`, { 'if-none-match': etag })).status).toBe(304);

    const edit = await api(url, 'PUT', `/api/v1/Project/${project.id}`, {
      token,
      body: {
        title: [
          { content: 'Halle 5', language: 2 },
          { content: 'Hall 5', language: 1 },
        ],
      },
    });
    expect(edit.status).toBeLessThan(300);
    const edited = await getOnce(`${url}/project/${project.id}`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(zlib.gunzipSync(edited.body).toString()).toContain('<title>Halle 5 – Referenz | Musterblitz</title>');

    expect((await api(url, 'DELETE', `/api/v1/Project/${project.id}`, { token })).status).toBeLessThan(300);
    const gone = await getOnce(`${url}/project/${project.id}`);
    expect(gone.status).toBe(302);
    expect(gone.headers['location']).toBe('/');
  });
});

describe.each(databaseKinds)('a page asked for with parameters it does not read, on %s', (kind) => {
  it('is the page: rendered once, kept once, and the parameters reach neither the cache nor the page', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const lookups = async () =>
      Object.fromEntries(
        (await app.metrics.cacheLookups.get()).values
          .filter((v) => v.labels.cache === 'page')
          .map((v) => [v.labels.result, v.value]),
      );
    const first = await getOnce(`${url}/Projects?lang=en&page=1&x=0`, { 'accept-encoding': 'identity' });
    expect(first.body.toString()).toContain('data-url="/Projects?lang=en"');
    for (let i = 1; i <= 40; i++) {
      const res = await getOnce(`${url}/Projects?lang=en&x=${i}&utm_source=${i}&rows=junk${i}`, {
        'accept-encoding': 'identity',
      });
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe(first.body.toString());
    }
    expect(await lookups()).toEqual({ miss: 1, hit: 40 });
    // A parameter the page reads is a page of its own.
    const second = await getOnce(`${url}/Projects?lang=en&page=1&rows=20`, { 'accept-encoding': 'identity' });
    expect(second.body.toString()).toContain('data-url="/Projects?lang=en&rows=20"');
    expect(await lookups()).toEqual({ miss: 2, hit: 40 });
  });
});
