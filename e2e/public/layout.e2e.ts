import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSite, viewports } from '../support/harness';
import { publicPages, withLang } from '../support/public-pages';

// The public pages hold their layout: no shift while a page arrives in parts, no sideways scrolling.

const site = useSite();
beforeAll(() => site.start());

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
