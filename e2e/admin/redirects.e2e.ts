import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type NotFoundList, type ProjectList, apiRoutes, apiUrl, projectPath } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Redirects and the not-found log (issue 43, decision 047): an old address of the former
// WordPress site that a visitor missed shows in the dashboard's log; the admin makes a redirect
// from its row, and the address answers 301 from then on and leaves the log. In German on a
// phone and in English on a desktop.

const site = useSite({ SEED_SAMPLE: 'true' });
let token: string;
let projectId: number;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  const projects = (await (await fetch(site.url + apiUrl(apiRoutes.projects.list))).json()) as ProjectList;
  projectId = projects.data[0]!.id;
});

// A browser's own user agent: headless Chromium's says "HeadlessChrome" and is counted as a bot.
const visitorAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const texts = {
  de: {
    tab: 'Weiterleitungen',
    logCaption: 'Nicht gefundene Adressen',
    listCaption: 'Weiterleitungen',
    createRedirect: 'Weiterleitung anlegen',
    from: 'Alte Adresse (von)',
    to: 'Ziel (Pfad hier oder https-Adresse)',
    save: 'Speichern',
    saved: (from: string, to: string) => `Gespeichert: ${from} → ${to}`,
    testLabel: 'Adresse testen',
    testButton: 'Testen',
    redirected: (location: string) => `Diese Adresse leitet weiter nach ${location} (301).`,
  },
  en: {
    tab: 'Redirects',
    logCaption: 'Addresses not found',
    listCaption: 'Redirects',
    createRedirect: 'Create a redirect',
    from: 'Old address (from)',
    to: 'Target (a path here or an https address)',
    save: 'Save',
    saved: (from: string, to: string) => `Saved: ${from} → ${to}`,
    testLabel: 'Test an address',
    testButton: 'Test',
    redirected: (location: string) => `This address redirects to ${location} (301).`,
  },
} as const;

// Each language its own old address, so that the two tests do not see each other's rows.
const cases = {
  de: {
    old: '/referenzen/blitzschutz-kirche-hanau/',
    typed: '/Referenzen/Blitzschutz-Kirche-Hanau',
    to: () => projectPath(projectId),
  },
  en: { old: '/kontakt/', typed: 'kontakt', to: () => '/contactus' },
} as const;

async function shot(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Nothing wider than a phone's screen: the tables become cards, long addresses break. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const notFoundLog = () => api<NotFoundList>(site.url, token, 'GET', `${apiRoutes.notFound.list}?PageLength=100`);

describe.each(['de', 'en'] as const)('redirects in %s', (lang) => {
  const t = texts[lang];
  const { old, typed } = cases[lang];
  const phone = lang === 'de';

  it('shows an old address a visitor missed; a redirect made from its row answers 301 and takes it off the log', async () => {
    // A retry starts with the address off the log again.
    for (const entry of (await notFoundLog()).data.filter((e) => e.path === old))
      await api(site.url, token, 'DELETE', apiRoutes.notFound.onePath(entry.id));
    // A visitor follows an old link from a search engine: SPEC's answer, home with 302, and the miss is logged.
    const visitor = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await visitor.setExtraHTTPHeaders({ 'user-agent': visitorAgent });
    const visit = await visitor.goto(site.url + old, { referer: 'https://www.google.de/search?q=blitzschutz' });
    expect(new URL(visit!.url()).pathname).toBe('/');
    expect(visitor.errors).toEqual([]);
    await expect.poll(async () => (await notFoundLog()).data.map((entry) => entry.path)).toContain(old);

    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
    const main = page.locator('main');
    await main.getByRole('tab', { name: t.tab }).click();
    const log = main.getByRole('table', { name: t.logCaption });
    const row = log.locator('tbody tr', { hasText: old });
    await row.waitFor();
    // The referring host, never more of the address; the visitor counted as one, no bots.
    expect(await row.locator('td').allTextContents()).toEqual(expect.arrayContaining([old, '1', '0', 'www.google.de']));
    expect(await axeViolations(page)).toEqual([]);
    if (phone) expect(await overflow(page)).toBe(0);
    await shot(page, `redirects-${lang}-${phone ? 'phone' : 'desktop'}-log`);

    // "Create a redirect" from the row: the old address filled in, the cursor in the target.
    await row.getByRole('button', { name: t.createRedirect }).click();
    expect(await main.getByLabel(t.from).inputValue()).toBe(old);
    const target = main.getByLabel(t.to);
    await expect.poll(() => target.evaluate((input) => input === document.activeElement)).toBe(true);
    const to = cases[lang].to();
    await target.fill(to);
    await main.getByRole('button', { name: t.save, exact: true }).click();
    await main.locator('[role=status]', { hasText: t.saved(old, to) }).waitFor();

    // The row leaves the log and the redirect is listed.
    await row.waitFor({ state: 'detached' });
    await main.getByRole('table', { name: t.listCaption }).locator('tbody tr', { hasText: old }).waitFor();
    expect((await notFoundLog()).data.map((entry) => entry.path)).not.toContain(old);

    // The old address now answers 301 to the new page (kept for an hour by browsers).
    const answer = await fetch(site.url + old, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(to);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(site.url + to)).status).toBe(200);
    expect((await notFoundLog()).data.map((entry) => entry.path)).not.toContain(old);

    // "Test an address": as typed, in other case, without the slash.
    await main.getByLabel(t.testLabel).fill(typed);
    await main.getByRole('button', { name: t.testButton, exact: true }).click();
    await main.locator('[role=status]', { hasText: t.redirected(to) }).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `redirects-${lang}-${phone ? 'phone' : 'desktop'}`);
    await page.setViewportSize(phone ? viewports.desktop : viewports.phone);
    await shot(page, `redirects-${lang}-${phone ? 'desktop' : 'phone'}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewports.phone);
    expect(await overflow(page)).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
