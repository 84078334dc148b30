import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type SiteImageAddresses, defaultCompanyDetails } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, signIn, startTestApp, tempDir, twoInstancesOnOnePostgres } from '../../test/helper';
import { dataUrl, svgWithScript, testPhoto } from '../../test/pictures';
import { listAll } from '../../storage/object-storage';

// Decision 028: the logo staff upload, and the icons and link-preview pictures drawn from it and
// from the saved name and domain, with no build.

const webPublic = path.resolve(import.meta.dirname, '../../../../web/public');

/**
 * A web build with the shipped icons at its root (as Vite copies web/public) and a server bundle
 * that writes what it is rendered with into the head: the drawn pictures' addresses, the logo.
 */
function webBuild(): string {
  const dist = writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><link rel="icon" href="/favicon.ico" sizes="32x32" /><title>${key}</title></head><body><div id="root"></div></body></html>`,
    `const images = content && content.siteImages;
     const icons = images && images.icons ? '<link rel="icon" href="' + images.icons.favicon + '" sizes="32x32" />' : '';
     return { html: '<main>page</main>', head: '<meta name="test-images" content="' + encodeURIComponent(JSON.stringify(images || null)) + '" />\\n    ' + icons };`,
  );
  for (const file of [
    'favicon.ico',
    'favicon.svg',
    'apple-touch-icon.png',
    'icon-192.png',
    'icon-512.png',
    'icon-maskable-512.png',
  ]) {
    fs.copyFileSync(path.join(webPublic, file), path.join(dist, file));
  }
  return dist;
}

/** What a page of the site was rendered with, from its head; and its icon links. */
async function pageImages(url: string, lang: 'de' | 'en'): Promise<{ images: SiteImageAddresses | null; iconLinks: string[] }> {
  const html = (await getOnce(`${url}/?lang=${lang}`)).body.toString('utf8');
  const meta = html.match(/<meta name="test-images" content="([^"]*)" \/>/);
  return {
    images: meta ? (JSON.parse(decodeURIComponent(meta[1]!)) as SiteImageAddresses | null) : null,
    iconLinks: html.match(/<link rel="icon"[^>]*>/g) ?? [],
  };
}

const manifestIcons = async (url: string) =>
  (JSON.parse((await getOnce(`${url}/site.webmanifest`)).body.toString('utf8')) as { icons: { src: string; sizes: string }[] })
    .icons;

/** The company as staff save it, with `logo` (a data URL, an address as read, null, or left out). */
const { logo: _shippedLogo, ...withoutLogo } = defaultCompanyDetails;
const company = (logo?: string | null) => ({
  ...withoutLogo,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk.de',
  vatId: 'DE123456789',
  website: 'https://www.blitzwerk.de',
  ...(logo === undefined ? {} : { logo }),
});

/** A logo of one colour on transparency, in a format; each colour another logo. */
async function logoFile(format: 'png' | 'jpeg' | 'webp', colour: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect x="50" y="20" width="200" height="160" rx="30" fill="${colour}"/></svg>`;
  return dataUrl(await sharp(Buffer.from(svg)).toFormat(format).toBuffer(), `image/${format}`);
}

const shippedFavicon = fs.readFileSync(path.join(webPublic, 'favicon.ico'));

describe.each(databaseKinds)('the company logo on %s', (kind) => {
  it('draws a new favicon, manifest icons and link-preview pictures from each upload (PNG, JPEG, WebP), under new addresses, with no build', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuild() });
    const token = await signIn(url);
    const favicon = await getOnce(`${url}/favicon.ico`);
    expect(Buffer.compare(favicon.body, shippedFavicon)).toBe(0);
    expect((await manifestIcons(url)).map((i) => i.src)).toEqual(['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png']);
    expect((await pageImages(url, 'de')).images).toBeNull();

    let previous = { favicon: favicon.body, icons: [] as string[], og: [] as string[] };
    for (const [format, colour] of [
      ['png', '#c0392b'],
      ['jpeg', '#27ae60'],
      ['webp', '#8e44ad'],
    ] as const) {
      const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body: company(await logoFile(format, colour)) });
      expect(saved.status, format).toBe(200);
      expect(saved.body.logo).toMatch(/^\/media\/company\/[a-f0-9]{20}-\d{1,4}\.webp$/);
      const logo = await getOnce(url + saved.body.logo);
      expect([logo.status, logo.headers['content-type']]).toEqual([200, 'image/webp']);
      expect((await api(url, 'GET', '/api/v1/Settings')).body.logo).toBe(saved.body.logo);

      // The root favicon: another file, an ICO of 16, 32 and 48 px, asked for again by browsers.
      const ico = await getOnce(`${url}/favicon.ico`);
      expect([ico.status, ico.headers['content-type'], ico.headers['cache-control']]).toEqual([200, 'image/x-icon', 'no-cache']);
      expect(Buffer.compare(ico.body, previous.favicon), format).not.toBe(0);
      expect([ico.body.readUInt16LE(2), ico.body.readUInt16LE(4)]).toEqual([1, 3]);

      // The manifest names the drawn icons by addresses with their hash; each is served as it says, for a year.
      const icons = await manifestIcons(url);
      expect(icons.map((i) => i.src)).toEqual([
        expect.stringMatching(/^\/media\/company\/[a-f0-9]{20}-icon-192\.png$/),
        expect.stringMatching(/^\/media\/company\/[a-f0-9]{20}-icon-512\.png$/),
        expect.stringMatching(/^\/media\/company\/[a-f0-9]{20}-maskable-512\.png$/),
      ]);
      for (const icon of icons) {
        expect(previous.icons).not.toContain(icon.src);
        const res = await getOnce(url + icon.src);
        expect([res.status, res.headers['content-type'], res.headers['cache-control']]).toEqual([
          200,
          'image/png',
          'public, max-age=31536000, immutable',
        ]);
        const meta = await sharp(res.body).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      }
      const touch = await getOnce(`${url}/apple-touch-icon.png`);
      expect((await sharp(touch.body).metadata()).width).toBe(180);

      // Every page names them: its icon links and a link-preview picture per language.
      const [de, en] = [await pageImages(url, 'de'), await pageImages(url, 'en')];
      expect(de.iconLinks).toEqual([`<link rel="icon" href="${de.images!.icons!.favicon}" sizes="32x32" />`]);
      expect(Buffer.compare((await getOnce(url + de.images!.icons!.favicon)).body, ico.body)).toBe(0);
      const og = [de.images!.ogImage, en.images!.ogImage];
      expect(og[0]).toMatch(/^\/media\/company\/[a-f0-9]{20}-og-de\.png$/);
      expect(og[1]).toMatch(/^\/media\/company\/[a-f0-9]{20}-og-en\.png$/);
      for (const address of og) {
        expect(previous.og).not.toContain(address);
        const res = await getOnce(url + address);
        expect([res.status, res.headers['content-type']]).toEqual([200, 'image/png']);
        const meta = await sharp(res.body).metadata();
        expect([meta.width, meta.height]).toEqual([1200, 630]);
      }
      previous = { favicon: ico.body, icons: icons.map((i) => i.src), og };
    }

    // Saved again as read (or without the field), nothing is drawn anew; the name changes the link-preview pictures only.
    const read = (await api(url, 'GET', '/api/v1/Settings')).body as { logo: string };
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: company(read.logo) })).status).toBe(200);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: company() })).status).toBe(200);
    expect((await api(url, 'GET', '/api/v1/Settings')).body.logo).toBe(read.logo);
    expect((await manifestIcons(url)).map((i) => i.src)).toEqual(previous.icons);
    expect((await pageImages(url, 'de')).images!.ogImage).toBe(previous.og[0]);
    const renamed = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...company(), name: 'Blitzwerk Main' } });
    expect(renamed.status).toBe(200);
    expect((await manifestIcons(url)).map((i) => i.src)).toEqual(previous.icons);
    expect((await pageImages(url, 'de')).images!.ogImage).not.toBe(previous.og[0]);
    // The replaced pictures are gone.
    expect((await getOnce(url + previous.og[0])).status).toBe(404);
  });

  it('refuses a text file named .png, an SVG and a file too large with a problem naming the logo, and changes nothing', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: webBuild() });
    const token = await signIn(url);
    const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body: company(await logoFile('png', '#c0392b')) });
    expect(saved.status).toBe(200);
    const before = {
      settings: (await api(url, 'GET', '/api/v1/Settings')).text,
      favicon: (await getOnce(`${url}/favicon.ico`)).body,
      stored: (await listAll(app.media)).map((o) => o.key).sort(),
    };
    expect(before.stored.filter((key) => key.startsWith('company/'))).toHaveLength(8);

    const tooLarge = `data:image/png;base64,${Buffer.alloc(16 * 1024 * 1024, 1).toString('base64')}`;
    const cases: [string, string, number, RegExp][] = [
      ['a text file named .png', dataUrl(Buffer.from('Dies ist kein Bild, nur Text in logo.png.\n')), 400, /PNG, JPEG or WebP/],
      ['an SVG with a script', dataUrl(svgWithScript, 'image/svg+xml'), 400, /SVG/],
      ['an SVG sent as PNG', dataUrl(svgWithScript, 'image/png'), 400, /SVG/],
      ['an AVIF', dataUrl(await testPhoto(64, 64, 'avif'), 'image/avif'), 400, /PNG, JPEG or WebP/],
      ['too large', tooLarge, 413, /./],
      ['an address the settings do not show', '/media/company/0123456789abcdef0123-480.webp', 400, /logo/],
    ];
    for (const [name, logo, status, message] of cases) {
      const res = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...company(logo), name: 'Anders' } });
      expect(res.status, name).toBe(status);
      expect(res.headers.get('content-type'), name).toContain('application/problem+json');
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        name,
      ).toEqual(['logo']);
      expect(res.body.errors[0].message, name).toMatch(message);
    }
    expect((await api(url, 'GET', '/api/v1/Settings')).text).toBe(before.settings);
    expect(Buffer.compare((await getOnce(`${url}/favicon.ico`)).body, before.favicon)).toBe(0);
    expect((await listAll(app.media)).map((o) => o.key).sort()).toEqual(before.stored);
  });

  it('brings the shipped set back when the logo is removed, and removes the drawn files', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: webBuild() });
    const token = await signIn(url);
    const uploaded = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...defaultCompanyDetails, logo: await logoFile('png', '#c0392b') },
    });
    expect(uploaded.status).toBe(200);
    const drawn = await pageImages(url, 'de');
    expect(drawn.images?.icons).toBeDefined();

    const removed = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...defaultCompanyDetails, logo: null } });
    expect([removed.status, removed.body.logo]).toEqual([200, null]);
    expect(Buffer.compare((await getOnce(`${url}/favicon.ico`)).body, shippedFavicon)).toBe(0);
    expect((await manifestIcons(url)).map((i) => i.src)).toEqual(['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png']);
    // The shipped company again: the page as built, with the build's icons.
    const page = await pageImages(url, 'de');
    expect(page).toEqual({ images: null, iconLinks: ['<link rel="icon" href="/favicon.ico" sizes="32x32" />'] });
    expect((await getOnce(url + uploaded.body.logo)).status).toBe(404);
    expect((await getOnce(url + drawn.images!.ogImage)).status).toBe(404);
    expect((await listAll(app.media)).filter((o) => o.key.startsWith('company/'))).toEqual([]);

    // Without a logo, a saved name draws the link-preview pictures with the shipped drawing; the icons stay the build's.
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: company(null) })).status).toBe(200);
    const named = await pageImages(url, 'en');
    expect(named.images).toEqual({ ogImage: expect.stringMatching(/^\/media\/company\/[a-f0-9]{20}-og-en\.png$/) });
    expect(Buffer.compare((await getOnce(`${url}/favicon.ico`)).body, shippedFavicon)).toBe(0);
  });

  it('asks for the logo again when its stored file is gone (a storage not restored with the database), instead of failing', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: webBuild() });
    const token = await signIn(url);
    const uploaded = await api(url, 'PUT', '/api/v1/Settings', { token, body: company(await logoFile('png', '#16a085')) });
    expect(uploaded.status).toBe(200);
    await app.media.remove([uploaded.body.logo.slice('/media/'.length)]);

    // A new name needs new pictures drawn from the logo: refused at the logo, nothing changed.
    const renamed = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...company(uploaded.body.logo), name: 'Erdwerk' },
    });
    expect(renamed.status).toBe(400);
    expect(JSON.stringify(renamed.body)).toMatch(/logo/);
    expect((await api(url, 'GET', '/api/v1/Settings', { token })).body.name).toBe('Blitzwerk');
    // Uploading it again, or removing it, saves.
    const again = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...company(await logoFile('png', '#16a085')), name: 'Erdwerk' },
    });
    expect([again.status, again.body.name]).toEqual([200, 'Erdwerk']);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('the company logo on two instances', () => {
  it('is served the same by both from the next request after one of them saved it', async () => {
    const { urls } = await twoInstancesOnOnePostgres({ WEB_DIST: webBuild() });
    const [first, second] = urls as [string, string];
    // Both have served the build's icons and manifest (and may keep them).
    for (const url of urls) {
      expect(Buffer.compare((await getOnce(`${url}/favicon.ico`)).body, shippedFavicon)).toBe(0);
      expect((await manifestIcons(url))[0]!.src).toBe('/icon-192.png');
    }
    const token = await signIn(first);
    expect((await api(first, 'PUT', '/api/v1/Settings', { token, body: company(await logoFile('png', '#c0392b')) })).status).toBe(
      200,
    );
    const favicon = (await getOnce(`${first}/favicon.ico`)).body;
    expect(Buffer.compare(favicon, shippedFavicon)).not.toBe(0);
    expect(Buffer.compare((await getOnce(`${second}/favicon.ico`)).body, favicon)).toBe(0);
    expect(await manifestIcons(second)).toEqual(await manifestIcons(first));
    expect(await pageImages(second, 'en')).toEqual(await pageImages(first, 'en'));
    expect((await pageImages(second, 'en')).images?.icons).toBeDefined();
  });
});
