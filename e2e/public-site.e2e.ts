import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSite, viewports } from './harness';
import { contactFormHydrated, hydrated, publicPages, withLang } from './public-pages';

const site = useSite();
beforeAll(() => site.start());

const navLinks = {
  de: ['Start', 'Blitzschutz', 'Referenzen', 'Leistungen', 'Karriere', 'Kontakt', 'Über uns'],
  en: ['Home', 'Lightning protection', 'References', 'Services', 'Careers', 'Contact', 'About us'],
};
const navPaths = ['/', '/Blitzschutz', '/Projects', '/Services', '/jobs', '/contactus', '/aboutus'];
// The gallery belongs to another feature: only that its address and title change is checked here.
const navHeadings = [
  'Wir leiten Blitze sicher in die Erde.',
  'Blitzschutz – häufige Fragen',
  undefined,
  'Leistungen',
  'Karriere',
  'Kontakt',
  'Über uns',
];

describe('prerendered pages', () => {
  it('serve their content in the HTML, German by default and English for ?lang=en, with hreflang alternates', async () => {
    for (const { path, h1 } of publicPages) {
      for (const lang of ['de', 'en'] as const) {
        const res = await fetch(site.url + withLang(path, lang));
        const html = await res.text();
        expect(res.status, path).toBe(200);
        expect(html, `${path} ${lang}`).toContain(`<html lang="${lang}">`);
        expect(html, `${path} ${lang}`).toMatch(new RegExp(`<h1[^>]*>${h1[lang]}</h1>`));
        expect(html).toContain(`<link rel="alternate" hreflang="de" href="https://www.example.com${path}" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="en" href="https://www.example.com${path}?lang=en" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="https://www.example.com${path}" />`);
        // The first paint needs no other request: the page's CSS is inline, no stylesheet blocks.
        expect(html).toMatch(/<style>[\s\S]+?<\/style>/);
        // (Only for browsers without JavaScript, a <noscript> links the whole stylesheet.)
        expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(/<link rel="stylesheet"/);
      }
    }
  });

  it('take their script without a console message and without a visible change', async () => {
    for (const { path } of publicPages) {
      const page = await site.page({ viewport: viewports.desktop });
      const messages: string[] = [];
      page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && messages.push(m.text()));
      // The animation of the counters is meant to change the page: without it, nothing may change.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // Hold the JavaScript until the prerendered page has been captured.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/**/*.js', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(site.url + path, { waitUntil: 'commit' });
      await page.locator('main h1').waitFor();
      await page.waitForFunction(() =>
        Array.from(document.images)
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
          .every((img) => img.complete),
      );
      const before = await page.screenshot();
      const textBefore = await page.locator('body').innerText();
      release();
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('body').innerText(), path).toBe(textBefore);
      expect(Buffer.compare(await page.screenshot(), before), `${path} looks different after its script ran`).toBe(0);
      expect(messages, path).toEqual([]);
      expect(page.errors, path).toEqual([]);
      expect(page.outside, path).toEqual([]);
    }
  });

  it('look the same with their inline CSS alone as with the full stylesheet', async () => {
    for (const { path } of publicPages) {
      for (const viewport of [viewports.phone, viewports.desktop]) {
        const page = await site.page({ viewport });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(site.url + path);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0);
        const inlineOnly = await page.screenshot({ fullPage: true });
        // A sign of intent (here a focus event) brings the full stylesheet.
        await page.evaluate(() => window.dispatchEvent(new FocusEvent('focusin')));
        await page.waitForFunction(() => {
          const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
          return !!link?.sheet;
        });
        expect(Buffer.compare(await page.screenshot({ fullPage: true }), inlineOnly), `${path} at ${viewport.width} px`).toBe(0);
        await page.close();
      }
    }
  });
});

/**
 * A proxy in front of the site that sends each page's HTML in two parts, the second a moment
 * after the first, split after `marker` in the navbar: what a slow line may do.
 */
async function holdingProxy(marker: string): Promise<{ url: string; close: () => void }> {
  const proxy = http.createServer(async (req, res) => {
    const upstream = await fetch(site.url + req.url, { headers: { cookie: req.headers.cookie ?? '' }, redirect: 'manual' });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers = Object.fromEntries(
      [...upstream.headers].filter(
        ([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name),
      ),
    );
    res.writeHead(upstream.status, headers);
    if (!upstream.headers.get('content-type')?.startsWith('text/html')) return res.end(body);
    const html = body.toString();
    const at = html.indexOf(marker, html.indexOf('<header')) + marker.length;
    res.write(html.slice(0, at));
    setTimeout(() => res.end(html.slice(at)), 500);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => proxy.close() };
}

describe('layout', () => {
  it('does not move when a page arrives in parts: no paint of a half-parsed navbar', async () => {
    // Held after the language menu, the navbar's right-hand group held that menu alone, and it
    // moved left when the phone menu's toggle arrived (a layout shift of about 0.0007).
    const proxy = await holdingProxy('</details>');
    try {
      for (const path of ['/', '/Blitzschutz', '/Projects?lang=en']) {
        const page = await site.page({ viewport: viewports.phone });
        await page.addInitScript(() => {
          const shifts: string[] = ((window as unknown as { shifts: string[] }).shifts = []);
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
              shifts.push(
                `${entry.value}: ${entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80)).join(' / ')}`,
              );
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(proxy.url + path);
        await page.locator('footer').waitFor();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
        await page.close();
      }
    } finally {
      proxy.close();
    }
  });

  it('never scrolls sideways, from 320 px to 1920 px wide, in both languages', async () => {
    for (const width of [320, 1920]) {
      const page = await site.page({ viewport: { width, height: 800 } });
      for (const { path } of publicPages) {
        for (const lang of ['de', 'en'] as const) {
          await page.goto(site.url + withLang(path, lang));
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${withLang(path, lang)} at ${width} px`).toBeLessThanOrEqual(width);
        }
      }
    }
  });
});

describe('navbar and footer', () => {
  it('has the seven links in both languages, and leads to each page', async () => {
    const page = await site.page();
    await page.goto(site.url + '/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await nav.getByRole('list').getByRole('link').allInnerTexts()).toEqual(navLinks.de);
    let titleBefore = '';
    for (const [index, label] of navLinks.de.entries()) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === navPaths[index]);
      const heading = navHeadings[index];
      if (heading) await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForFunction((before) => document.title !== before, titleBefore);
      titleBefore = await page.title();
    }
    const en = await site.page();
    await en.goto(site.url + '/Services?lang=en');
    expect(
      await en.getByRole('navigation', { name: 'Main navigation' }).getByRole('list').getByRole('link').allInnerTexts(),
    ).toEqual(navLinks.en);
    expect(page.errors).toEqual([]);
  });

  it('has no coloured background on the home page and the coloured one on every other page', async () => {
    const page = await site.page();
    const background = () =>
      page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(site.url + '/');
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    for (const path of ['/Services', '/Blitzschutz', '/jobs', '/impressum', '/aboutus', '/contactus']) {
      await page.goto(site.url + path);
      expect(await background(), path).toBe('rgb(11, 37, 69)');
    }
  });

  it('sends an unknown address to the home page, in the browser too', async () => {
    const page = await site.page();
    await page.goto(site.url + '/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Wir leiten Blitze sicher in die Erde.' }).waitFor();
  });

  it('has a footer with the imprint link and the company e-mail on every page', async () => {
    const page = await site.page();
    for (const { path } of publicPages) {
      await page.goto(site.url + path);
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: 'Impressum und Datenschutz' }).getAttribute('href'), path).toBe('/impressum');
      expect(await footer.locator('a[href="mailto:info@example.com"]').count(), path).toBeGreaterThan(0);
    }
  });

  it('opens and closes the mobile menu, closes it on Escape and traps no focus', async () => {
    const page = await site.page({ viewport: { width: 390, height: 844 } });
    await page.goto(site.url + '/Services');
    await hydrated(page);
    // A native disclosure: it opens and closes without the page's script, which adds Escape.
    const menu = page.locator('header details[data-menu]:not(.relative)');
    const toggle = menu.locator('summary');
    const firstLink = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Start', exact: true });
    expect(await firstLink.isVisible()).toBe(false);
    expect(await toggle.innerText()).toContain('Menü öffnen');
    await toggle.click();
    expect(await menu.getAttribute('open')).toBe('');
    expect(await toggle.innerText()).toContain('Menü schließen');
    expect(await firstLink.isVisible()).toBe(true);
    // Tab runs through the seven links and on out of the menu, into the page.
    await toggle.focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Über uns');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(false);
    // Escape closes it and gives focus back to the toggle.
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: 'Karriere' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    // A tap elsewhere (below the open menu) closes it.
    await toggle.click();
    await page.mouse.click(200, 800);
    expect(await menu.getAttribute('open')).toBeNull();
    // A chosen link leads to its page, where the menu is closed.
    await toggle.click();
    await nav.getByRole('link', { name: 'Karriere' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await page.getByRole('heading', { level: 1, name: 'Karriere' }).waitFor();
    expect(await page.locator('header details[open]').count()).toBe(0);
  });

  it('has a skip link that is the first stop of the keyboard and leads to the content, with a visible focus', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    expect(await skip.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is inside the content, with a visible focus ring.
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
  });
});

describe('language', () => {
  it('loads the page in the chosen language with its title and description, and keeps the choice', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    expect(await page.title()).toBe('Karriere im Blitzschutz | Musterblitz');
    const toggle = page.locator('summary', { hasText: /^Sprache wählen/ });
    await toggle.click();
    const english = page.getByRole('link', { name: 'ENGLISH', exact: true });
    expect(await english.isVisible()).toBe(true);
    await english.click();
    await page.waitForURL((url) => url.search === '?lang=en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('header details[open]').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor();
    expect(await page.title()).toBe('Careers in lightning protection | Musterblitz');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Join our team in Hanau/);
    expect(await page.evaluate(() => localStorage.getItem('Language'))).toBe('en');
    expect(await page.evaluate(() => document.cookie)).toContain('Language=en');
    // A new visit to another page comes in English straight from the server.
    await page.goto(site.url + '/Blitzschutz');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(new URL(page.url()).search).toBe('');
    await page.locator('summary', { hasText: /^Select language/ }).click();
    await page.getByRole('link', { name: 'DEUTSCH', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Blitzschutz – häufige Fragen' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('Language'))).toBe('de');
    expect(page.errors).toEqual([]);
  });

  it('shows a visitor whose stored language is English no German page, not even briefly', async () => {
    const page = await site.page();
    // Recorded in every document of this tab: did a German document ever paint?
    await page.addInitScript(() => {
      new PerformanceObserver(() => {
        if (document.documentElement.lang === 'de') sessionStorage.setItem('paintedGerman', location.href);
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(site.url + '/impressum?lang=en');
    // The server's cookie is gone (a new device, say), only localStorage remembers English.
    await page.context().clearCookies();
    await page.goto(site.url + '/Services');
    // The head script may replace the document while goto settles: a locator survives that.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('paintedGerman'))).toBeNull();
  });

  it('serves the translations at /assets/i18n, split by scope; a page loads only the contact form’s, when its island starts', async () => {
    for (const url of [
      '/assets/i18n/de.json',
      '/assets/i18n/en.json',
      '/assets/i18n/homepage/de.json',
      '/assets/i18n/JobsPage/en.json',
      '/assets/i18n/BlitzSchutz/de.json',
      '/assets/i18n/ImprintPage/en.json',
      '/assets/i18n/aboutus/de.json',
      '/assets/i18n/kontactus/en.json',
      '/assets/i18n/servicespage/de.json',
    ]) {
      const res = await fetch(site.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/json/);
    }
    const page = await site.page();
    const loaded: string[] = [];
    page.on('request', (r) => r.url().includes('/assets/i18n/') && loaded.push(new URL(r.url()).pathname));
    await page.goto(site.url + '/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The page's texts are in its HTML.
    expect(loaded).toEqual([]);
    await contactFormHydrated(page);
    // The form's own texts only: the common ones are not needed by it.
    expect(loaded).toEqual(['/assets/i18n/contact/de.json']);
  });

  it('retries a failed translation load twice, then shows the other language', async () => {
    const page = await site.page();
    let attempts = 0;
    await page.route('**/assets/i18n/contact/de.json', (route) => {
      attempts++;
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.goto(site.url + '/');
    await hydrated(page);
    await page.locator('#contact-form select[name=subject]').focus();
    await page.locator('#contact-form label', { hasText: 'First name' }).waitFor();
    expect(attempts).toBe(3);
  });
});

describe('home page', () => {
  it('has the hero with its Contact button, four value tiles, three service cards with 6, 8 and 8 points, three lightning blocks', async () => {
    const page = await site.page();
    await page.goto(site.url + '/');
    await hydrated(page);
    expect(await page.locator('#values-heading + ul > li').count()).toBe(4);
    for (const [service, count] of [
      ['planning', 6],
      ['installation', 8],
      ['maintenance', 8],
    ] as const) {
      expect(await page.locator(`[data-service="${service}"] li`).count(), service).toBe(count);
    }
    expect(await page.locator('section[aria-labelledby="lightning-heading"] h3').allInnerTexts()).toEqual([
      'Äußerer Blitzschutz',
      'Innerer Blitzschutz',
      'Erdung',
    ]);
    await page.getByRole('link', { name: 'Kontakt aufnehmen' }).click();
    await page.waitForURL((url) => url.pathname === '/contactus');
    await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor();
  });

  it('shows the three partner links from medium width up only', async () => {
    const page = await site.page({ viewport: { width: 390, height: 844 } });
    await page.goto(site.url + '/');
    expect(await page.locator('section[aria-labelledby="partners-heading"]').isVisible()).toBe(false);
    await page.setViewportSize({ width: 800, height: 900 });
    const links = page.locator('section[aria-labelledby="partners-heading"] a');
    expect(await links.count()).toBe(3);
    for (const link of await links.all()) {
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});

describe('statistics counters', () => {
  const targets = {
    de: ['8', '210.000', '300.000', '29', '40', '514'],
    en: ['8', '210,000', '300,000', '29', '40', '514'],
  };
  const figures = (page: Page) => page.locator('[data-stat]').allInnerTexts();

  for (const lang of ['de', 'en'] as const) {
    it(`run once from 0 to their targets when the strip comes into view (${lang})`, async () => {
      // A short window: the strip starts below it.
      const page = await site.page({ viewport: { width: 390, height: 500 } });
      await page.goto(site.url + withLang('/', lang));
      await hydrated(page);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-stat]')).every((el) => el.textContent === '0'),
      );
      // Every value each counter shows from now on.
      await page.evaluate(() => {
        const seen: Record<string, string[]> = {};
        (window as unknown as { seen: typeof seen }).seen = seen;
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-stat]'))) {
          seen[el.dataset['stat']!] = [el.textContent!];
          new MutationObserver(() => seen[el.dataset['stat']!]!.push(el.textContent!)).observe(el, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        }
      });
      await page.locator('#stats-heading').scrollIntoViewIfNeeded();
      await page.waitForFunction((wanted) => {
        const shown = Array.from(document.querySelectorAll('[data-stat]')).map((el) => el.textContent);
        return JSON.stringify(shown) === JSON.stringify(wanted);
      }, targets[lang]);
      const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, string[]> }).seen);
      const number = (text: string) => Number(text.replace(/[.,]/g, ''));
      for (const [key, values] of Object.entries(seen)) {
        expect(values[0], key).toBe('0');
        expect(values.length, `${key} counted up in steps`).toBeGreaterThan(2);
        expect(values.map(number), key).toEqual([...values.map(number)].sort((a, b) => a - b));
      }
      // Screen readers get the targets, not the running figures.
      expect(await page.locator('[data-stat] + .sr-only').allInnerTexts()).toEqual(targets[lang]);
      // Once only: out of view and back, nothing runs again.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('#stats-heading').scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
      const after = await page.evaluate(() => (window as unknown as { seen: Record<string, string[]> }).seen);
      expect(after).toEqual(seen);
    });
  }

  it('show their targets at once to visitors who prefer reduced motion', async () => {
    const page = await site.page({ viewport: { width: 390, height: 500 } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.url + '/');
    await hydrated(page);
    expect(await figures(page)).toEqual(targets.de);
    await page.locator('#stats-heading').scrollIntoViewIfNeeded();
    expect(await figures(page)).toEqual(targets.de);
  });
});

describe('lightning-protection FAQ', () => {
  it('opens one answer at a time, stacks and scrolls to it, and on closing returns to the row and the title', async () => {
    const page = await site.page({ viewport: { width: 1366, height: 700 } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.url + '/Blitzschutz');
    await hydrated(page);
    const items = page.locator('[data-faq] details');
    const buttons = items.locator('summary');
    const accordion = page.locator('[data-faq]');
    const layout = () => accordion.evaluate((el) => getComputedStyle(el).display);
    expect(await buttons.count()).toBe(4);
    expect(await layout()).toBe('grid');
    expect(await page.locator('[data-faq] details[open]').count()).toBe(0);

    await buttons.nth(2).click();
    expect(await items.nth(2).getAttribute('open')).toBe('');
    const third = items.nth(2).locator('summary + div');
    expect(await third.isVisible()).toBe(true);
    expect(await third.innerText()).toMatch(/Potentialausgleichsschiene/);
    expect(await layout()).toBe('flex');
    await page.waitForFunction(() => {
      const top = document.querySelectorAll('[data-faq] summary')[2]!.getBoundingClientRect().top;
      return top >= 0 && top < 150;
    });

    // Opening another closes the first.
    await buttons.nth(0).click();
    expect(await items.nth(2).getAttribute('open')).toBeNull();
    expect(await third.isVisible()).toBe(false);
    expect(await items.nth(0).locator('ol > li').count()).toBe(7);

    // Closing: back to the row, and to the title.
    await buttons.nth(0).click();
    expect(await layout()).toBe('grid');
    await page.waitForFunction(() => window.scrollY < 150);
    expect(await page.locator('main h1').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(150);
  });

  it('shows the closed questions of a row as cards of one height, each opened from anywhere on it', async () => {
    const page = await site.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url + '/Blitzschutz');
    const items = page.locator('[data-faq] details');
    const boxes = await Promise.all([0, 1, 2, 3].map((i) => items.nth(i).boundingBox()));
    // One row of four on a desktop, the questions of different lengths (three and four lines).
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
    const questions = await Promise.all([0, 1, 2, 3].map((i) => items.nth(i).locator('h2').boundingBox()));
    expect(new Set(questions.map((box) => Math.round(box!.height))).size).toBeGreaterThan(1);
    expect(new Set(boxes.map((box) => Math.round(box!.height))).size).toBe(1);
    // Below the shorter question, the card still opens its answer.
    const shortest = questions.findIndex((box) => box!.height === Math.min(...questions.map((q) => q!.height)));
    const card = boxes[shortest]!;
    await page.mouse.click(card.x + card.width / 2, card.y + card.height - 8);
    expect(await items.nth(shortest).getAttribute('open')).toBe('');
  });

  it('works by keyboard, with the answers about outer and inner protection', async () => {
    const page = await site.page();
    await page.goto(site.url + '/Blitzschutz?lang=en');
    await hydrated(page);
    const outer = page.locator('[data-faq] details', { hasText: 'What does external lightning protection comprise' });
    await outer.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await outer.getAttribute('open')).toBe('');
    expect(await outer.innerText()).toMatch(/air-termination system, the down-conductor system and the earth-termination system/);
    const inner = page.locator('[data-faq] details', { hasText: 'What is internal lightning protection' });
    await inner.locator('summary').focus();
    await page.keyboard.press('Space');
    expect(await inner.getAttribute('open')).toBe('');
    expect(await outer.getAttribute('open')).toBeNull();
    expect(await inner.innerText()).toMatch(/equipotential bonding bar/);
  });

  it('shows two illustrations with size and alternative text in both languages', async () => {
    for (const lang of ['de', 'en'] as const) {
      const page = await site.page();
      await page.goto(site.url + withLang('/Blitzschutz', lang));
      const images = page.locator('main figure img');
      expect(await images.count()).toBe(2);
      for (const image of await images.all()) {
        expect(await image.getAttribute('width')).toBe('640');
        expect(await image.getAttribute('height')).toBe('440');
        expect((await image.getAttribute('alt'))!.length).toBeGreaterThan(40);
      }
      expect(await images.first().getAttribute('alt')).toMatch(
        lang === 'de' ? /^Illustration des äußeren/ : /^Illustration of external/,
      );
    }
  });
});

describe('jobs', () => {
  it('filters the table by title or location as the visitor types, ignoring case, in both languages, the address following', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    await hydrated(page);
    const rows = page.locator('main table tbody tr:visible');
    const search = page.getByRole('searchbox', { name: 'Stellenangebote durchsuchen' });
    expect(await rows.allInnerTexts()).toEqual([
      'Blitzschutzmonteur (m/w/d)\tHanau',
      'Junior-Projektleiter Blitzschutz- und Erdungsanlagen (m/w/d)\tHanau',
    ]);
    await search.fill('MONTEUR');
    expect(await rows.allInnerTexts()).toEqual(['Blitzschutzmonteur (m/w/d)\tHanau']);
    await search.fill('hanau');
    expect(await rows.count()).toBe(2);
    await search.fill('Bäcker');
    expect(await rows.allInnerTexts()).toEqual(['Keine passende Stelle gefunden']);
    expect(await page.getByRole('status').filter({ hasText: 'Keine passende Stelle gefunden' }).count()).toBe(1);

    await search.fill('project');
    expect(await rows.allInnerTexts()).toEqual(['Keine passende Stelle gefunden']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('project');
    await page.locator('summary', { hasText: /^Sprache wählen/ }).click();
    await page.getByRole('link', { name: 'ENGLISH', exact: true }).click();
    // Same query, now matched against the English list (the server renders it filtered).
    await page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor();
    await hydrated(page);
    expect(await page.getByRole('searchbox', { name: 'Search vacancies' }).inputValue()).toBe('project');
    expect(await rows.allInnerTexts()).toEqual([
      'Junior project manager for lightning protection and earthing systems (m/f/d)\tHanau',
    ]);
    await page.getByRole('searchbox', { name: 'Search vacancies' }).fill('INSTALLER');
    expect(await rows.allInnerTexts()).toEqual(['Lightning protection installer (m/f/d)\tHanau']);
    await page.getByRole('searchbox', { name: 'Search vacancies' }).fill('xyz');
    expect(await rows.allInnerTexts()).toEqual(['No matching job']);
  });

  it('explains how to apply, with an e-mail link, the contact person and the address', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs?lang=en');
    const aside = page.locator('aside');
    expect(await aside.getByRole('heading', { name: 'How to apply' }).count()).toBe(1);
    expect(await aside.locator('a[href="mailto:info@example.com"]').count()).toBeGreaterThan(0);
    expect(await aside.innerText()).toContain('Erika Musterfrau');
    expect(await aside.innerText()).toContain('63450 Hanau');
  });
});

describe('about, contact, services and imprint', () => {
  it('about: the managing director with picture, position, summary, quote and what / why / how', async () => {
    const page = await site.page();
    await page.goto(site.url + '/aboutus');
    const portrait = page.locator('main img').first();
    expect(await portrait.getAttribute('alt')).toBe('Porträt von Max Mustermann, Geschäftsführer von Musterblitz');
    expect(await portrait.getAttribute('width')).toBe('480');
    expect(await page.locator('main blockquote').innerText()).toMatch(/Einen guten Blitzschutz bemerkt man nicht/);
    expect(await page.locator('main h2').allInnerTexts()).toEqual(['Was wir tun', 'Warum wir es tun', 'Wie wir arbeiten']);
  });

  it('contact: headline, address, phone, e-mail and the map', async () => {
    const page = await site.page();
    await page.goto(site.url + '/contactus');
    const details = page.locator('section[aria-labelledby="contact-details"]');
    expect(await details.innerText()).toMatch(/Musterstraße 1\s+63450 Hanau/);
    expect(await details.locator('a[href="tel:+496181000000"]').count()).toBe(1);
    expect(await details.locator('a[href="mailto:info@example.com"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Karte laden' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /in neuem Tab öffnen/ }).count()).toBeGreaterThan(0);
  });

  it('services: three columns with 6, 8 and 8 points in both languages', async () => {
    for (const lang of ['de', 'en'] as const) {
      const page = await site.page();
      await page.goto(site.url + withLang('/Services', lang));
      for (const [service, count] of [
        ['planning', 6],
        ['installation', 8],
        ['maintenance', 8],
      ] as const) {
        expect(await page.locator(`[data-service="${service}"] li`).count(), `${lang} ${service}`).toBe(count);
      }
    }
  });

  it('imprint: provider, register, tax, privacy policy and an analytics opt-out that is remembered', async () => {
    const page = await site.page();
    await page.goto(site.url + '/impressum');
    await hydrated(page);
    const text = await page.locator('main').innerText();
    for (const part of [
      'Angaben gemäß § 5 DDG',
      'Registergericht: Amtsgericht Hanau',
      'Umsatzsteuer-Identifikationsnummer',
      'Datenschutzerklärung',
      'Hosting und Server-Logfiles',
      'Kontaktformular, Preisanfragen und E-Mail',
      'Bewerbungen',
      'Kartendarstellung (OpenStreetMap)',
      'Webanalyse',
      'Widerspruch gegen Webanalyse',
    ]) {
      expect(text, part).toContain(part);
    }
    await page.getByRole('link', { name: 'Der Besucherzählung widersprechen' }).click();
    await page.getByRole('status').filter({ hasText: 'Ihr Widerspruch wurde gespeichert' }).waitFor();
    // The server reads the objection (decision 025): a cookie that holds only it.
    expect((await page.context().cookies()).find((c) => c.name === 'statistics-opt-out')?.value).toBe('1');
    await page.reload();
    await hydrated(page);
    await page.getByRole('status').filter({ hasText: 'Ihr Widerspruch wurde gespeichert' }).waitFor();
  });

  it('leads from the map note to the map section of the privacy policy', async () => {
    const page = await site.page({ viewport: { width: 1366, height: 800 } });
    await page.goto(site.url + '/contactus');
    await hydrated(page);
    await page.getByRole('link', { name: 'Mehr dazu in unserer Datenschutzerklärung' }).click();
    await page.waitForURL((url) => url.pathname === '/impressum' && url.hash === '#map');
    const heading = page.getByRole('heading', { name: 'Kartendarstellung (OpenStreetMap)' });
    await heading.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('map')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
  });
});

describe('sitemap and robots', () => {
  it('lists every public page in both languages with absolute addresses and alternates', async () => {
    const res = await fetch(site.url + '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    for (const path of ['/', '/Blitzschutz', '/Projects', '/Services', '/jobs', '/contactus', '/aboutus', '/impressum']) {
      expect(xml).toContain(`<loc>https://www.example.com${path}</loc>`);
      expect(xml).toContain(`<loc>https://www.example.com${path}?lang=en</loc>`);
    }
    expect(xml).not.toContain('/login');
    expect(xml).not.toContain('/dashboard');
    const robots = await (await fetch(site.url + '/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.example.com/sitemap.xml');
    expect(robots).toContain('Disallow: /dashboard');
  });
});
