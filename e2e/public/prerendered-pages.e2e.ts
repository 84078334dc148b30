import { beforeAll, describe, expect, it } from 'vitest';
import { useSite, viewports } from '../support/harness';
import { hydrated, publicPages, withLang } from '../support/public-pages';

// The public pages as the build prerenders them: content in the HTML, inline CSS, and a script that changes nothing visible.

const site = useSite();
beforeAll(() => site.start());

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

  // One test per page: a whole round of full-page screenshots outlasts one test's time on a slow machine.
  it.each(publicPages)('$path takes its script without a console message and without a visible change', async ({ path }) => {
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
  });

  it.each(publicPages)('$path looks the same with its inline CSS alone as with the full stylesheet', async ({ path }) => {
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
  });
});
