import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Issue 46, decisions 068 and 071: a tab's first reads start at the touch of its first opening, while
// its code loads. The addresses are written out in dashboard-page.tsx (`area(…, reads)`) beside the
// tab; its own code builds them again. This test is what notices when the two differ.

const site = useSite({ CONTACT_MIN_FILL_SECONDS: '0' });
let token: string;

beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  // An inquiry, so that the inbox has a row to open.
  await sendInquiry(site.url, {
    subject: 'generalMessage',
    firstName: 'Erika',
    lastName: 'Musterfrau',
    phone: '+49 6181 12345',
    email: 'erika@example.org',
    message: 'Bitte rufen Sie mich zurück.',
    language: 'de',
  });
});

/**
 * A read a tab asks for at its first opening that is not read ahead, by design: the inquiry types,
 * which the inbox the dashboard lands on has read already (their answer is in the page's cache,
 * and the forms tab asks again only to refresh it).
 */
const notAhead: Record<string, RegExp> = {
  forms: /\/InquiryType$/,
};

type Event = { kind: 'request' | 'scriptDone'; url: string };
type SitePage = Awaited<ReturnType<typeof site.page>>;

/** Waits until the page has asked for nothing for 0.7 s (the dashboard keeps a connection open: no "network idle"). */
async function quiet(page: SitePage) {
  let last = Date.now();
  const seen = () => (last = Date.now());
  page.on('request', seen);
  page.on('requestfinished', seen);
  while (Date.now() - last < 700) await page.waitForTimeout(200);
  page.off('request', seen);
  page.off('requestfinished', seen);
}

/** Opens the dashboard afresh and clicks the tab: what the network did from the click until the tab has settled. */
async function openTab(tab: string): Promise<Event[]> {
  const page = await site.page({ viewport: viewports.phone });
  await openWithToken(page, site.url, token);
  await page.locator('main [role=tabpanel] h2').first().waitFor();
  await quiet(page);
  const events: Event[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes('/api/')) events.push({ kind: 'request', url: r.url() });
  });
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'script') events.push({ kind: 'scriptDone', url: r.url() });
  });
  // A click as a finger's: pointerdown (the touch, which starts the reads and the code), then the click.
  await page.locator(`main [role=tab][id$="-tab-${tab}"]`).click();
  const panel = page.locator('main [role=tabpanel]');
  await panel.locator('h2, h3').first().waitFor();
  await expect.poll(() => panel.locator('.animate-spin, [aria-busy=true]').count(), { timeout: 10_000 }).toBe(0);
  await quiet(page);
  await page.context().close();
  return events;
}

describe("a tab's first reads (issue 46)", () => {
  it('start at the touch, before its code has arrived, and are read once', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, token);
    await page.locator('main [role=tabpanel] h2').first().waitFor();
    const tabs = await page
      .locator('main [role=tab]')
      .evaluateAll((elements) =>
        elements.map((tab) => ({ id: tab.id.replace(/.*-tab-/, ''), selected: tab.ariaSelected === 'true' })),
      );
    await page.context().close();
    expect(tabs.length).toBeGreaterThan(15);

    const problems: string[] = [];
    for (const { id } of tabs.filter((tab) => !tab.selected)) {
      const events = await openTab(id);
      const firstScriptDone = events.findIndex((e) => e.kind === 'scriptDone');
      // Each tab's code loads when it is first opened: a tab whose code came with the first view would pass vacuously.
      if (firstScriptDone < 0) problems.push(`${id}: no code loaded at its first opening`);
      const reads = events.filter((e) => e.kind === 'request').map((e) => e.url.replace(site.url, ''));
      for (const [index, event] of events.entries()) {
        if (event.kind !== 'request' || notAhead[id]?.test(event.url)) continue;
        const read = event.url.replace(site.url, '');
        if (firstScriptDone >= 0 && index > firstScriptDone) problems.push(`${id}: GET ${read} was not read ahead at the touch`);
      }
      const twice = reads.filter((read, index) => reads.indexOf(read) !== index);
      if (twice.length) problems.push(`${id}: read twice: ${twice.join(', ')}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});

describe("a list's dialog (issue 46, decision 071)", () => {
  it('has its code before it is first opened, once the list has shown: an item opens without a request', async () => {
    for (const { tab, edit } of [
      { tab: 'inquiries', edit: /^Öffnen/ },
      { tab: 'categories', edit: /^Bearbeiten/ },
      { tab: 'projects', edit: /^Bearbeiten/ },
    ]) {
      const page = await site.page({ viewport: viewports.phone });
      await openWithToken(page, site.url, token, `/dashboard?tab=${tab}`);
      const panel = page.locator('main [role=tabpanel]');
      const rows = panel.locator('tbody tr');
      await rows.first().waitFor();
      await quiet(page);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await rows.first().getByRole('button', { name: edit }).click();
      await page.getByRole('dialog').locator('h2, h3').first().waitFor();
      expect(scripts, tab).toEqual([]);
      await page.context().close();
    }
  }, 60_000);
});
