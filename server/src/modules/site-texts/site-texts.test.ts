import { describe, expect, it } from 'vitest';
import type { SiteTextEntry, SiteTextList } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../../test/helper';

/**
 * A web build whose server bundle renders the texts and details it is given: the slogan, the
 * first FAQ question, the company's phone and the sample mark; its head the page's title.
 */
function fakeWebBuildWithRenderer(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>skeleton</p></div></body></html>`,
    `const texts = content?.texts ?? {};
      const shown = [texts.homepage?.hero?.slogan, texts.BlitzSchutz?.faq?.[0]?.question, content?.company?.phone, content?.preview ? 'PREVIEW' : ''];
      return { html: '<main>' + shown.join(' | ') + '</main>', head: '<title>' + (texts.common?.meta?.home?.title ?? '') + '</title>' };`,
  );
}

const slogan = { namespace: 'homepage', key: 'hero.slogan' } as const;

function find(list: SiteTextList, namespace: string, key: string): SiteTextEntry {
  const entry = list.data.find((e) => e.namespace === namespace && e.key === key);
  expect(entry, `${namespace}:${key}`).toBeDefined();
  return entry!;
}

describe.each(databaseKinds)('the site texts, on %s', (kind) => {
  it('are listed for staff with their defaults, in both languages, lists as lines; visitors get 401', async () => {
    const { url } = await startTestApp(kind);
    expect((await api(url, 'GET', '/api/v1/Text')).status).toBe(401);
    const token = await signIn(url);
    const res = await api(url, 'GET', '/api/v1/Text', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = res.body as SiteTextList;
    expect(list.count).toBe(list.data.length);
    expect(list.drafts).toBe(0);
    expect(find(list, 'homepage', 'hero.slogan')).toEqual({
      namespace: 'homepage',
      key: 'hero.slogan',
      lines: false,
      de: { default: 'Wir leiten Blitze sicher in die Erde.', published: null, hasDraft: false, draft: null, updatedAt: null },
      en: { default: 'We guide lightning safely to earth.', published: null, hasDraft: false, draft: null, updatedAt: null },
    });
    // A service's bullets are one text, an item per line; the dashboard's own texts are not content.
    const bullets = list.data.find((e) => e.namespace === 'servicespage' && e.lines);
    expect(bullets?.de.default).toContain('\n');
    expect(list.data.some((e) => (e.namespace as string) === 'admin')).toBe(false);
  });

  it('keep drafts apart from what visitors read until published; reset and discard; refuse what cannot be shown', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const put = (body: unknown) => api(url, 'PUT', '/api/v1/Text', { token, body });

    const saved = await put({ ...slogan, language: 'de', content: '  Sicher geerdet seit {{year}}.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body.de).toEqual({
      default: 'Wir leiten Blitze sicher in die Erde.',
      published: null,
      hasDraft: true,
      draft: 'Sicher geerdet seit {{year}}.',
      updatedAt: expect.any(String),
    });
    expect(saved.body.en.hasDraft).toBe(false);
    expect((await api(url, 'GET', '/api/v1/Text', { token })).body.drafts).toBe(1);

    // Refused, nothing changed: empty, a placeholder the text cannot fill, an unknown key or page, a bad language.
    for (const [body, status] of [
      [{ ...slogan, language: 'de', content: '   ' }, 400],
      [{ ...slogan, language: 'de', content: 'Hallo {{unknown}}' }, 400],
      [{ namespace: 'homepage', key: 'hero.nope', language: 'de', content: 'x' }, 404],
      [{ namespace: 'admin', key: 'title', language: 'de', content: 'x' }, 400],
      [{ ...slogan, language: 'fr', content: 'x' }, 400],
      [{ ...slogan, language: 'de', content: 'x'.repeat(20_001) }, 400],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const unknownPlaceholder = await put({ ...slogan, language: 'de', content: 'Hallo {{unknown}}' });
    expect(unknownPlaceholder.text).toContain('{{unknown}}');

    // A text followed by a link keeps the space its default ends with.
    const privacy = await put({ namespace: 'contact', key: 'privacy.before', language: 'de', content: 'Mehr dazu in der ' });
    expect(privacy.status).toBe(200);
    expect(privacy.body.de.default).toMatch(/ $/);
    expect(privacy.body.de.draft).toBe('Mehr dazu in der ');
    await put({ namespace: 'contact', key: 'privacy.before', language: 'de', content: null });

    const published = await api(url, 'POST', '/api/v1/Text/Publish', { token });
    expect(published.body).toEqual({ published: 1 });
    let entry = find((await api(url, 'GET', '/api/v1/Text', { token })).body, 'homepage', 'hero.slogan');
    expect(entry.de).toMatchObject({ published: 'Sicher geerdet seit {{year}}.', hasDraft: false });

    // Back to the default is a draft too; the live text again is no draft.
    entry = (await put({ ...slogan, language: 'de', content: null })).body;
    expect(entry.de).toMatchObject({ published: 'Sicher geerdet seit {{year}}.', hasDraft: true, draft: null });
    entry = (await put({ ...slogan, language: 'de', content: 'Sicher geerdet seit {{year}}.' })).body;
    expect(entry.de).toMatchObject({ hasDraft: false });
    await put({ ...slogan, language: 'de', content: null });
    expect((await api(url, 'POST', '/api/v1/Text/Publish', { token })).body).toEqual({ published: 1 });
    entry = find((await api(url, 'GET', '/api/v1/Text', { token })).body, 'homepage', 'hero.slogan');
    expect(entry.de).toEqual({
      default: 'Wir leiten Blitze sicher in die Erde.',
      published: null,
      hasDraft: false,
      draft: null,
      updatedAt: null,
    });
    expect((await api(url, 'POST', '/api/v1/Text/Publish', { token })).body).toEqual({ published: 0 });

    for (const [method, path] of [
      ['PUT', '/api/v1/Text'],
      ['POST', '/api/v1/Text/Publish'],
      ['POST', '/api/v1/Text/Preview'],
    ] as const) {
      expect((await api(url, method, path, { body: { ...slogan, language: 'de', content: 'x' } })).status).toBe(401);
    }
  });

  it('refuse a line break inside a one-line text and inside a list item, naming the content', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const put = (body: unknown) => api(url, 'PUT', '/api/v1/Text', { token, body });
    const bullets = { namespace: 'servicespage', key: 'planning.bullets', language: 'de' } as const;
    for (const body of [
      { ...slogan, language: 'de', content: 'Sicher\r\ngeerdet' },
      { namespace: 'common', key: 'meta.home.title', language: 'en', content: 'Home\u2028Bcc: x' },
      { ...bullets, content: 'Planung\u2028Beratung\nAusführung' },
      { ...slogan, language: 'de', content: 'Sicher \u202Egeerdet' },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['content']);
    }
    expect((await api(url, 'GET', '/api/v1/Text', { token })).body.drafts).toBe(0);
    // A list is one item per line; its line breaks are what make it a list.
    const list = await put({ ...bullets, content: 'Planung\r\nBeratung\nAusführung' });
    expect(list.status).toBe(200);
    expect(list.body.de.draft).toBe('Planung\nBeratung\nAusführung');
  });

  it('show a published text and changed details on every page in both languages on the next request, with no build', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    // A fresh site serves the pages as built.
    const before = await api(url, 'GET', '/');
    expect(before.text).toContain('<p>skeleton</p>');

    await api(url, 'PUT', '/api/v1/Text', { token, body: { ...slogan, language: 'de', content: 'Neuer Slogan' } });
    await api(url, 'PUT', '/api/v1/Text', { token, body: { ...slogan, language: 'en', content: 'New slogan' } });
    await api(url, 'PUT', '/api/v1/Text', {
      token,
      body: {
        namespace: 'BlitzSchutz',
        key: 'faq.0.question',
        language: 'en',
        content: 'Who needs lightning protection at all?',
      },
    });
    // Drafts: visitors still see the built page.
    expect((await api(url, 'GET', '/')).text).toContain('<p>skeleton</p>');
    await api(url, 'POST', '/api/v1/Text/Publish', { token });

    const home = await api(url, 'GET', '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<main>Neuer Slogan |');
    const english = await api(url, 'GET', '/?lang=en');
    expect(english.text).toContain('<main>New slogan | Who needs lightning protection at all? | +49 6181 000000');
    // The head is rendered anew too (the built one has the page's key as its title).
    expect(english.text).toContain('<title>Lightning protection & earthing,');
    expect(english.text.match(/<title>/g)).toHaveLength(1);

    // The company's phone changes: every page shows it on the next request.
    const settings = (await api(url, 'GET', '/api/v1/Settings', { token })).body;
    delete settings.isSample;
    delete settings.updatedAt;
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...settings, phone: '+49 6181 123456' } })).status).toBe(
      200,
    );
    for (const path of ['/', '/?lang=en', '/aboutus', '/contactus?lang=en', '/impressum']) {
      expect((await api(url, 'GET', path)).text, path).toContain('+49 6181 123456');
    }
  });

  it('serve the browser’s translations as published, with the company’s details, revalidated by the content version', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const first = await api(url, 'GET', '/assets/i18n/homepage/en.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.body.hero.slogan).toBe('We guide lightning safely to earth.');
    // The company's placeholders are filled; the others are left to the browser.
    expect(first.body.hero.kicker).toBe('Lightning protection specialists from Hanau, Germany');
    const etag = first.headers.get('etag')!;
    expect((await api(url, 'GET', '/assets/i18n/homepage/en.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await api(url, 'GET', '/assets/i18n/en.json')).body.site).toBeDefined();

    await api(url, 'PUT', '/api/v1/Text', { token, body: { ...slogan, language: 'en', content: 'New slogan' } });
    await api(url, 'POST', '/api/v1/Text/Publish', { token });
    const after = await api(url, 'GET', '/assets/i18n/homepage/en.json', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.hero.slogan).toBe('New slogan');

    for (const path of ['/assets/i18n/homepage/fr.json', '/assets/i18n/nothing/de.json', '/assets/i18n/de.txt']) {
      expect((await api(url, 'GET', path)).status, path).toBe(404);
    }
  });

  it('never takes a preview’s ?lang= as the staff member’s language: no language cookie, the page marked as a preview', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    const cookie = (await api(url, 'POST', '/api/v1/Text/Preview', { token })).headers.get('set-cookie')!.split(';')[0]!;
    const languageCookie = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('Language='));

    const preview = await api(url, 'GET', '/?lang=en', { headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('PREVIEW');
    expect(languageCookie(preview)).toBeUndefined();
    expect(preview.text).toMatch(/<html data-preview[\s>]/);
    // A visitor's ?lang= is their choice, kept for the next visit; their page is no preview.
    const visitor = await api(url, 'GET', '/?lang=en');
    expect(languageCookie(visitor)).toMatch(/^Language=en;/);
    expect(visitor.text).not.toContain('data-preview');
  });

  it('show the drafts only to the staff member previewing them, until the preview ends', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    await api(url, 'PUT', '/api/v1/Text', { token, body: { ...slogan, language: 'de', content: 'Entwurf des Slogans' } });

    const started = await api(url, 'POST', '/api/v1/Text/Preview', { token });
    expect(started.status).toBe(204);
    const setCookie = started.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^content-preview=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const cookie = setCookie.split(';')[0]!;

    const preview = await api(url, 'GET', '/', { headers: { cookie } });
    expect(preview.text).toContain('Entwurf des Slogans');
    expect(preview.text).toContain('PREVIEW');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');
    // Visitors, before and after, and a forged cookie: the page as published.
    for (const headers of [{}, { cookie: 'content-preview=forged.token.value' }] as Record<string, string>[]) {
      const page = await api(url, 'GET', '/', { headers });
      expect(page.text).not.toContain('Entwurf des Slogans');
      expect(page.text).not.toContain('PREVIEW');
    }
    // The preview ends with the sign-in, and by its own form.
    const ended = await api(url, 'POST', '/api/v1/Text/Preview/End?returnTo=%2Fjobs%3Flang%3Den', { headers: { cookie } });
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe('/jobs?lang=en');
    expect(ended.headers.get('set-cookie')).toMatch(/content-preview=;/);
    expect((await api(url, 'POST', '/api/v1/Text/Preview/End?returnTo=https%3A%2F%2Fevil.example')).headers.get('location')).toBe(
      '/',
    );
    await api(url, 'POST', '/api/v1/login/Logout', { token });
    expect((await api(url, 'GET', '/', { headers: { cookie } })).text).not.toContain('Entwurf des Slogans');
  });

  it('ends by the banner’s form as a browser sends it, and leads back only to a page of this site', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const cookie = (await api(url, 'POST', '/api/v1/Text/Preview', { token })).headers.get('set-cookie')!.split(';')[0]!;
    // A form without fields: urlencoded and empty, as Chromium and Firefox send it.
    for (const raw of ['', 'unused=1']) {
      const ended = await api(url, 'POST', '/api/v1/Text/Preview/End?returnTo=%2Fproject%2F3%3Flang%3Den', {
        raw,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(ended.status, raw).toBe(303);
      expect(ended.headers.get('location')).toBe('/project/3?lang=en');
      expect(ended.headers.get('set-cookie')).toMatch(/^content-preview=;/);
    }
    // Resolved as a browser resolves it, then only its path: never a way to another site.
    for (const returnTo of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/./\\evil.example',
      '/\t/evil.example',
      '//evil.example',
      'javascript:alert(1)',
    ]) {
      const ended = await api(url, 'POST', `/api/v1/Text/Preview/End?returnTo=${encodeURIComponent(returnTo)}`, {
        raw: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(ended.status, returnTo).toBe(303);
      expect(ended.headers.get('location'), returnTo).toBe('/');
    }
    // The body is accepted, not read: a large one is refused as such, not a 500.
    const large = await api(url, 'POST', '/api/v1/Text/Preview/End', {
      raw: `a=${'x'.repeat(10_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(large.status).toBe(413);
  });
});
