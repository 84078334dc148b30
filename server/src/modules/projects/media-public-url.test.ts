import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, backends, getOnce, signIn, startTestApp, tempDir } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { formData, generalMessage } from '../contact/contact.test-kit';

// MEDIA_PUBLIC_URL: picture addresses under a public base (a CDN in front of the bucket's media/
// prefix) instead of the site's /media/, and the pages' Content-Security-Policy allowing it.

const cdn = 'https://cdn.blitz.example/bilder/';

/** A web build whose server bundle renders the page's data as JSON, so the picture addresses show in the HTML. */
function webBuildRenderingData(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"></div></body></html>`,
    `return { html: '<main>' + JSON.stringify(data) + '</main>', head: '' };`,
  );
}

const imgSrc = (csp: string | string[] | undefined) =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith('img-src'));

const projectBody = async () => ({
  title: [
    { content: 'Umspannwerk Nord', language: 2 },
    { content: 'Substation North', language: 1 },
  ],
  picture: dataUrl(await testPhoto(300, 200)),
});

describe.each(backends)('picture addresses on $name', (backend) => {
  it('with MEDIA_PUBLIC_URL: under that base in the API and the pages, its origin in img-src, the same files also at /media/', async () => {
    const { url } = await startTestApp(backend, {
      MEDIA_PUBLIC_URL: 'https://cdn.blitz.example/bilder',
      WEB_DIST: webBuildRenderingData(),
    });
    const token = await signIn(url);
    const created = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    expect(created.status).toBe(201);
    const addresses: string[] = [created.body.picture, ...created.body.pictureSources.map((s: { url: string }) => s.url)];
    expect(addresses.length).toBeGreaterThan(1);
    for (const address of addresses) expect(address).toMatch(/^https:\/\/cdn\.blitz\.example\/bilder\/[a-z0-9._/-]+$/);

    expect((await api(url, 'GET', `/api/v1/Project/${created.body.id}`)).body.picture).toBe(created.body.picture);
    expect((await api(url, 'GET', '/api/v1/Project')).body.data[0].pictureSources).toEqual(created.body.pictureSources);
    // The keys are those of the bucket's media/ prefix, which the site serves too (for a CDN reading through it).
    for (const address of addresses) expect((await getOnce(`${url}/media/${address.slice(cdn.length)}`)).status).toBe(200);

    for (const page of ['/Projects', `/project/${created.body.id}`]) {
      const res = await getOnce(url + page, { 'accept-encoding': 'identity' });
      expect(res.status).toBe(200);
      const html = res.body.toString();
      expect(html).toContain(created.body.picture);
      expect(html).not.toContain('"/media/');
      expect(imgSrc(res.headers['content-security-policy'])).toBe("img-src 'self' data: blob: https://cdn.blitz.example");
    }
    // The footer form refused without JavaScript shows the project's page again, pictures and all.
    const refused = await fetch(`${url}/api/v1/Contact`, {
      method: 'POST',
      body: formData({ ...generalMessage, phone: '', subject: 'application', returnTo: `/project/${created.body.id}` }),
      headers: { accept: 'text/html' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(created.body.picture);
    expect(imgSrc(refused.headers.get('content-security-policy') ?? undefined)).toBe(
      "img-src 'self' data: blob: https://cdn.blitz.example",
    );
    // The link preview's picture, under that base too, is the web app's head: entry-server-heads.test.tsx.
  });

  it('without it: the site’s own /media/ addresses, and img-src names no other origin', async () => {
    const { url } = await startTestApp(backend, { WEB_DIST: webBuildRenderingData() });
    const token = await signIn(url);
    const created = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    expect(created.body.picture).toMatch(/^\/media\/[a-z0-9._/-]+$/);
    const page = await getOnce(`${url}/project/${created.body.id}`, { 'accept-encoding': 'identity' });
    expect(page.body.toString()).toContain(created.body.picture);
    expect(imgSrc(page.headers['content-security-policy'])).toBe("img-src 'self' data: blob:");
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('is an http(s) address without query or credentials, taken as a base ending in /', () => {
    expect(loadConfig({}).mediaPublicUrl).toBeUndefined();
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.de' }).mediaPublicUrl).toBe('https://cdn.example.de/');
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.de/media/' }).mediaPublicUrl).toBe(
      'https://cdn.example.de/media/',
    );
    for (const bad of ['cdn.example.de', 'ftp://cdn.example.de/', 'https://cdn.example.de/?v=1', 'https://u:p@cdn.example.de/']) {
      expect(() => loadConfig({ MEDIA_PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});
