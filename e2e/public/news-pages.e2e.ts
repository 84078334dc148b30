import { beforeAll, describe, expect, it } from 'vitest';
import { type NewsPostCreate, apiRoutes } from '@blitz/contract';
import { api, apiLogin, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';
import { axeViolations, describeViolations } from '../support/public-pages';

// The news (issue 45, decision 064) as visitors meet them on a phone, in German and English: the
// navigation's link, the list with its pages, a post with its cover and sections, the feed named in
// the head, all of it without JavaScript too, and the newest posts on the home page once staff
// switch them on. The posts are made through the API.

const site = useSite();
const words = (de: string, en: string) => ({ de, en });
const paragraph = (text: string) => [{ type: 'paragraph' as const, content: [{ text }] }];
let token = '';

const post = (n: number, extra: Partial<NewsPostCreate> = {}): NewsPostCreate & { published: boolean } => ({
  address: `meldung-${n}`,
  title: words(`Meldung ${n}`, `Post ${n}`),
  date: `2026-12-${String(n).padStart(2, '0')}`,
  teaser: words(`Kurz zu Meldung ${n}.`, `Post ${n} in short.`),
  cover: null,
  searchTitle: [],
  searchDescription: [],
  noindex: false,
  publishAt: null,
  sections: [],
  published: true,
  ...extra,
});

beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  const page = await site.page();
  const form = new FormData();
  form.append('data', JSON.stringify({ title: words('Fahrzeug', 'Van'), alt: words('Das neue Montagefahrzeug', 'The new van') }));
  form.append('file', new Blob([new Uint8Array(await pngBytes(page, 640, 400))], { type: 'image/png' }), 'fahrzeug.png');
  const uploaded = await fetch(`${site.url}/api/v1/File`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { id: fileId } = (await uploaded.json()) as { id: number };
  await page.close();
  // Eleven posts: ten on the first page, one on the second; the newest with a cover and sections.
  for (let n = 1; n <= 10; n++) await api(site.url, token, 'POST', apiRoutes.news.list, post(n));
  await api(
    site.url,
    token,
    'POST',
    apiRoutes.news.list,
    post(11, {
      address: 'neues-montagefahrzeug',
      title: words('Neues Montagefahrzeug <b>im Einsatz</b>', 'A new service van'),
      cover: { fileId, alt: words('', '') },
      sections: [
        {
          kind: 'text',
          text: {
            de: paragraph('Mit Hubarbeitsbühne und Messtechnik.'),
            en: paragraph('With an aerial platform and test gear.'),
          },
        },
        {
          kind: 'faq',
          heading: words('Fragen', 'Questions'),
          items: [{ question: words('Ab wann?', 'From when?'), answer: words('Ab sofort.', 'From now on.') }],
        },
      ],
    }),
  );
  // A draft: nowhere for visitors.
  await api(site.url, token, 'POST', apiRoutes.news.list, post(12, { published: false }));
});

const texts = {
  de: { nav: 'Hauptnavigation', news: 'Aktuelles', older: 'Ältere Meldungen', newer: 'Neuere Meldungen', back: 'Alle Meldungen' },
  en: { nav: 'Main navigation', news: 'News', older: 'Older posts', newer: 'Newer posts', back: 'All news' },
} as const;

describe('the news', () => {
  it.each(['de', 'en'] as const)(
    'in %s on a phone: the list page by page, a post with its cover and sections, the feed, axe-clean',
    async (lang) => {
      const words = texts[lang];
      const page = await site.page({ viewport: viewports.phone });
      await page.goto(`${site.url}/aboutus?lang=${lang}`);
      // The navigation links the news once a post is visible (in the phone's menu).
      await page.locator('header details[data-menu]:not(.relative) summary').click();
      await page.getByRole('navigation', { name: words.nav }).getByRole('link', { name: words.news }).click();
      await page.getByRole('heading', { level: 1, name: words.news }).waitFor();
      const cards = page.locator('main article');
      expect(await cards.count()).toBe(10);
      expect(await cards.first().getByRole('heading').innerText()).toBe(
        lang === 'de' ? 'Neues Montagefahrzeug <b>im Einsatz</b>' : 'A new service van',
      );
      const feed = page.locator('head link[rel=alternate][type="application/atom+xml"]');
      expect(await feed.getAttribute('href')).toMatch(lang === 'de' ? /\/aktuelles\/feed$/ : /\/aktuelles\/feed\?lang=en$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      // axe on the list in German and on the post in English: the markup is one, and the file's time is tight.
      if (lang === 'de') expect(describeViolations(await axeViolations(page))).toBe('');

      await page.getByRole('link', { name: words.older }).click();
      await page.waitForURL(/page=2/);
      expect(await page.locator('main article').allInnerTexts()).toEqual([
        expect.stringContaining(lang === 'de' ? 'Meldung 1' : 'Post 1'),
      ]);
      await page.getByRole('link', { name: words.newer }).click();
      await page.waitForURL((url) => !url.search.includes('page='));

      await cards.first().getByRole('link').click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/aktuelles/neues-montagefahrzeug');
      const main = page.locator('main');
      expect(await main.innerText()).toContain(
        lang === 'de' ? 'Mit Hubarbeitsbühne und Messtechnik.' : 'With an aerial platform and test gear.',
      );
      const cover = main.getByRole('img', { name: lang === 'de' ? 'Das neue Montagefahrzeug' : 'The new van' });
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator('head script[type="application/ld+json"]').innerText()).toContain('"@type":"NewsArticle"');
      expect(await feed.count()).toBe(1);
      await main.getByText(lang === 'de' ? 'Ab wann?' : 'From when?').click();
      if (lang === 'en') expect(describeViolations(await axeViolations(page))).toBe('');
      await main.getByRole('link', { name: words.back }).click();
      await page.getByRole('heading', { level: 1, name: words.news }).waitFor();
      expect(page.errors).toEqual([]);
      expect(page.outside).toEqual([]);
    },
  );

  it('is whole without JavaScript: the pages, a post, a draft nowhere', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/aktuelles?lang=en`);
    await page.getByRole('link', { name: 'Older posts' }).click();
    await page.getByRole('heading', { level: 2, name: 'Post 1' }).waitFor();
    expect(new URL(page.url()).search).toBe('?page=2&lang=en');
    await page.getByRole('link', { name: 'Post 1' }).click();
    await page.getByRole('heading', { level: 1, name: 'Post 1' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Post 1 in short.');
    await page.getByRole('link', { name: 'All news' }).click();
    expect(await page.locator('main').innerText()).not.toContain('Post 12');
    await page.goto(`${site.url}/aktuelles/meldung-12`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows the newest posts on the home page once staff switch them on', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(site.url);
    expect(await page.locator('#latest-news-heading').count()).toBe(0);
    await api(site.url, token, 'PUT', apiRoutes.news.home, { homePosts: 3 });
    await page.goto(`${site.url}/?lang=en`);
    const section = page.locator('section[aria-labelledby="latest-news-heading"]');
    expect(await section.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['A new service van', 'Post 10', 'Post 9']);
    await section.getByRole('link', { name: 'See all news' }).click();
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(new URL(page.url()).search).toBe('?lang=en');
    await page.goto(site.url);
    await page.locator('#latest-news-heading').scrollIntoViewIfNeeded();
    expect(describeViolations(await axeViolations(page))).toBe('');
  });
});
