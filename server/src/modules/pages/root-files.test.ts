import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { company, defaultCompanyDetails } from '@blitz/contract';
import { api, databaseKinds, getOnce, signIn, startTestApp } from '../../test/helper';
import { securityTxt } from './root-files';

// The files the web build copies to its root come from web/public, where
// web/scripts/site-images.mjs writes them: the tests serve that folder as the web build.
const webPublic = path.resolve(import.meta.dirname, '../../../../web/public');
const siteImages = JSON.parse(fs.readFileSync(path.resolve(webPublic, '../src/config/site-images.json'), 'utf8')) as {
  ogImage: { url: string; width: number; height: number; type: string };
};

/** The images of an ICO file (6-byte header, 16-byte entries: width, height, …, size, offset). */
function icoImages(ico: Buffer): { width: number; height: number; data: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + 16 * i;
    const [size, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
    return { width: ico[entry]! || 256, height: ico[entry + 1]! || 256, data: ico.subarray(offset, offset + size) };
  });
}

describe('security.txt', () => {
  it('names the company’s address, an expiry less than a year ahead, the languages and its canonical address', () => {
    const now = new Date('2026-11-23T15:42:10Z');
    const text = securityTxt('https://www.blitz.example', 'security@blitz.example', now);
    expect(text).toBe(
      [
        'Contact: mailto:security@blitz.example',
        'Expires: 2027-11-23T00:00:00Z',
        'Preferred-Languages: de, en',
        'Canonical: https://www.blitz.example/.well-known/security.txt',
        '',
      ].join('\n'),
    );
    const expires = Date.parse(text.match(/^Expires: (.*)$/m)![1]!);
    expect(expires - now.getTime()).toBeLessThan(365 * 24 * 3600 * 1000);
    expect(expires - now.getTime()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });
});

describe.each(databaseKinds)('site files over HTTP on %s', (kind) => {
  it('serves the icons, the manifest, security.txt and the link-preview picture, none of them a redirect home', async () => {
    const site = 'https://www.blitz.example';
    const { url } = await startTestApp(kind, { WEB_DIST: webPublic, SITE_URL: site });

    const ico = await getOnce(`${url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['cache-control']).toBe('public, max-age=86400');
    const images = icoImages(ico.body);
    expect(images.map((i) => i.width)).toEqual([16, 32, 48]);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', image.width, image.height]);
    }

    const icons: [string, number, boolean][] = [
      ['/apple-touch-icon.png', 180, true],
      ['/apple-touch-icon-precomposed.png', 180, true],
      ['/icon-192.png', 192, false],
      ['/icon-512.png', 512, false],
      ['/icon-maskable-512.png', 512, true],
    ];
    for (const [address, size, opaque] of icons) {
      const res = await getOnce(url + address);
      expect(res.status, address).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(res.body).metadata();
      expect([meta.format, meta.width, meta.height], address).toEqual(['png', size, size]);
      // iOS fills a transparent touch icon with black; a maskable icon's ground shows around the mask.
      if (opaque) expect(meta.hasAlpha, address).toBe(false);
      // Revalidated by its ETag.
      const again = await getOnce(url + address, { 'if-none-match': String(res.headers['etag']) });
      expect(again.status).toBe(304);
    }

    const svg = await getOnce(`${url}/favicon.svg`);
    expect([svg.status, svg.headers['content-type']]).toEqual([200, 'image/svg+xml']);

    const manifestRes = await getOnce(`${url}/site.webmanifest`);
    expect(manifestRes.status).toBe(200);
    expect(manifestRes.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(manifestRes.body.toString('utf8'));
    expect(manifest).toMatchObject({ name: company.name, short_name: company.name, start_url: '/', display: 'browser' });
    expect(manifest.theme_color).toBe('#0b2545');
    expect(manifest.background_color).toBe('#ffffff');
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Every icon the manifest names is served as it says.
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const res = await getOnce(url + icon.src);
      const meta = await sharp(res.body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }

    const security = await getOnce(`${url}/.well-known/security.txt`);
    expect(security.status).toBe(200);
    expect(security.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(security.body.toString('utf8')).toContain(`Contact: mailto:${company.email}\n`);
    expect(security.body.toString('utf8')).toContain(`Canonical: ${site}/.well-known/security.txt\n`);
    const expires = Date.parse(security.body.toString('utf8').match(/^Expires: (.*)$/m)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
    const legacy = await getOnce(`${url}/security.txt`);
    expect([legacy.status, legacy.headers['location']]).toEqual([301, '/.well-known/security.txt']);
    // Anything else under /.well-known is not a page: 404, not the home page.
    expect((await getOnce(`${url}/.well-known/change-password`)).status).toBe(404);

    const og = await getOnce(url + siteImages.ogImage.url);
    expect(og.status).toBe(200);
    expect(og.headers['content-type']).toBe('image/png');
    expect(og.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const ogMeta = await sharp(og.body).metadata();
    expect([ogMeta.width, ogMeta.height]).toEqual([1200, 630]);
    expect([siteImages.ogImage.width, siteImages.ogImage.height]).toEqual([1200, 630]);
  });

  it('names the company as staff saved it in security.txt and the manifest, from the next request on', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webPublic, SITE_URL: 'https://www.blitz.example' });
    const security = async () => (await getOnce(`${url}/.well-known/security.txt`)).body.toString('utf8');
    const manifest = async () => JSON.parse((await getOnce(`${url}/site.webmanifest`)).body.toString('utf8')) as { name: string };
    expect(await security()).toContain(`Contact: mailto:${defaultCompanyDetails.email}\n`);
    expect((await manifest()).name).toBe(defaultCompanyDetails.name);
    const before = await getOnce(`${url}/.well-known/security.txt`);

    const token = await signIn(url);
    const body = { ...defaultCompanyDetails, name: 'Blitzwerk', email: 'sicherheit@blitzwerk.de' };
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body })).status).toBe(200);

    expect(await security()).toContain('Contact: mailto:sicherheit@blitzwerk.de\n');
    expect((await manifest()).name).toBe('Blitzwerk');
    // A copy kept by its ETag is not the current one any more.
    const again = await getOnce(`${url}/.well-known/security.txt`, { 'if-none-match': String(before.headers['etag']) });
    expect(again.status).toBe(200);
  });
});
