import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactCreated, type InquiryDetail, apiRoutes, apiUrl } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The inbox's workflow (issue 42) as an office works it: the office manager (an admin) gives a
// price inquiry to a colleague; the colleague finds it under "assigned to me", takes it on,
// writes an internal note, sets a follow-up day and closes it; the time line tells who did what.

// The contact form's rate limit (10 in 10 minutes from one address) is not what this file tests: a retried
// test sends its inquiries again, and met the limit under load.
const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '1000' });
let adminToken: string;

const words = {
  de: {
    tab: 'Anfragen',
    open: /^Öffnen/,
    assignee: 'Zuständig',
    status: 'Status',
    followUp: 'Wiedervorlage am',
    note: 'Neue Notiz',
    saveNote: 'Notiz speichern',
    close: 'Als abgeschlossen markieren',
    assignedTo: (name: string) => `Zuständig: ${name}`,
    inProgress: 'In Bearbeitung',
    closed: 'Abgeschlossen',
    mine: 'Ich',
    filters: /^Filter( \(|$)/,
    unread: 'Ungelesen',
    duplicates: 'Mögliche Dubletten (1)',
    duplicateMark: '1 mögliche Dublette',
    sameBoth: 'gleiche E-Mail-Adresse und Telefonnummer',
    openOther: (reference: string) => `Anfrage ${reference} öffnen`,
    title: (reference: string) => `Anfrage ${reference}`,
    unanswered: 'Unbeantwortet',
    unansweredOnly: 'Nur unbeantwortete',
    lines: (by: string, colleague: string) => [
      `admin hat die Anfrage ${colleague} zugewiesen`,
      `${by} hat den Status auf „In Bearbeitung“ gesetzt`,
      `Notiz von ${by}`,
      `${by} hat eine Wiedervorlage für den 05.01.2027 gesetzt`,
      `${by} hat den Status auf „Abgeschlossen“ gesetzt`,
    ],
  },
  en: {
    tab: 'Inquiries',
    open: /^Open/,
    assignee: 'Assigned to',
    status: 'Status',
    followUp: 'Follow up on',
    note: 'New note',
    saveNote: 'Save note',
    close: 'Mark as closed',
    assignedTo: (name: string) => `Assigned to ${name}`,
    inProgress: 'In progress',
    closed: 'Closed',
    mine: 'Me',
    filters: /^Filters( \(|$)/,
    unread: 'Unread',
    duplicates: 'Possible duplicates (1)',
    duplicateMark: '1 possible duplicate',
    sameBoth: 'same e-mail address and phone number',
    openOther: (reference: string) => `Open inquiry ${reference}`,
    title: (reference: string) => `Inquiry ${reference}`,
    unanswered: 'Unanswered',
    unansweredOnly: 'Unanswered only',
    lines: (by: string, colleague: string) => [
      `admin assigned it to ${colleague}`,
      `${by} set the status to “In progress”`,
      `Note by ${by}`,
      `${by} set a follow-up for 05/01/2027`,
      `${by} set the status to “Closed”`,
    ],
  },
} as const;

function sendPriceInquiry(lastName: string, sender: { email?: string; phone?: string } = {}): Promise<ContactCreated> {
  return sendInquiry(site.url, {
    subject: 'priceInquiry',
    firstName: 'Max',
    lastName,
    phone: '+49 6181 12345',
    email: 'max@example.org',
    message: 'Angebot für Halle 3, bitte.',
    language: 'de',
    CompanyName: 'Beispiel Logistik GmbH',
    CompanyAddress: 'Hafenstraße 5\n60311 Frankfurt',
    BuildingSize: '2400 m²',
    Regards: 'lps',
    ...sender,
  });
}

let colleaguesMade = 0;

/**
 * An inbox account made by the admin, its invitation accepted: its sign-in token. The name gets a
 * number, so that a test's second try makes an account of its own.
 */
async function colleague(username: string, displayName: string): Promise<string> {
  const created = await api<{ invitation: { url: string } }>(site.url, adminToken, 'POST', apiRoutes.users.list, {
    username: `${username}-${++colleaguesMade}`,
    role: 'inbox',
  });
  const token = new URL(created.invitation.url).hash.replace(/^#invitation=/, '');
  const password = 'a long and unguessable passphrase 42';
  const accepted = await fetch(site.url + apiUrl(apiRoutes.auth.invitation), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  expect(accepted.status).toBe(200);
  const own = ((await accepted.json()) as { jwtToken: string }).jwtToken;
  await api(site.url, own, 'PUT', apiRoutes.users.me, { displayName });
  return own;
}

/**
 * Moves an inquiry's arrival back by `days` in the site's SQLite file: the built server runs on
 * the real clock, and three weeks are past any two working days, holidays or not.
 */
function arrivedDaysAgo(id: number, days: number) {
  const db = new DatabaseSync(path.join(site.server.dataDir, 'site.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE inquiries SET created_at = ? WHERE id = ?').run(
      new Date(Date.now() - days * 86_400_000).toISOString(),
      id,
    );
  } finally {
    db.close();
  }
}

async function openInquiry(page: Page, reference: string, open: RegExp) {
  await page.locator(`main tbody tr[data-inquiry="${reference}"]`).getByRole('button', { name: open }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { level: 3 }).first().waitFor();
  return dialog;
}

beforeAll(async () => {
  await site.start();
  adminToken = await apiLogin(site.url);
});

describe.each([
  ['de', viewports.desktop],
  ['en', viewports.phone],
] as const)('the inbox workflow in %s', (lang, viewport) => {
  const w = words[lang];

  it('an office manager assigns a price inquiry; the colleague takes it on, notes, sets a follow-up and closes it', async () => {
    const name = lang === 'de' ? 'Petra Projekt' : 'Paul Project';
    const colleagueToken = await colleague(`pm-${lang}`, name);
    const inquiry = await sendPriceInquiry(`Mustermann-${lang}`);

    // The office manager gives it to the colleague.
    const manager = await site.page({ viewport });
    await openWithToken(manager, site.url, adminToken, `/dashboard?lang=${lang}&tab=inquiries`);
    let dialog = await openInquiry(manager, inquiry.reference, w.open);
    await dialog.getByLabel(w.assignee).selectOption({ label: name });
    await manager.locator(`main tbody tr[data-inquiry="${inquiry.reference}"]`).getByText(w.assignedTo(name)).waitFor();
    expect(await axeViolations(manager)).toEqual([]);
    expect(manager.errors).toEqual([]);

    // The colleague finds it among their own.
    const page = await site.page({ viewport });
    await openWithToken(page, site.url, colleagueToken, `/dashboard?lang=${lang}&tab=inquiries`);
    await page.locator('main').getByRole('tab', { name: w.tab, selected: true }).waitFor();
    const filters = page.locator('main').getByRole('button', { name: w.filters });
    if (await filters.isVisible()) await filters.click();
    await page.locator('main').getByLabel(w.assignee).selectOption({ label: w.mine });
    await expect.poll(() => page.locator('main tbody tr[data-inquiry]').count()).toBe(1);
    dialog = await openInquiry(page, inquiry.reference, w.open);
    await dialog.getByLabel(w.status).selectOption({ label: w.inProgress });
    await dialog.getByText(w.lines(name, name)[1]!).waitFor();
    const secret = lang === 'de' ? 'Intern: Angebot 12 % unter Liste.' : 'Internal: offer 12 % below list.';
    await dialog.getByLabel(w.note).fill(secret);
    await dialog.getByRole('button', { name: w.saveNote }).click();
    await dialog.getByText(secret).waitFor();
    await expect.poll(() => dialog.getByLabel(w.note).inputValue()).toBe('');
    await dialog.getByLabel(w.followUp).fill('2027-01-05');
    await dialog.getByText(w.lines(name, name)[3]!).waitFor();
    await dialog.getByRole('button', { name: w.close }).click();
    await dialog.getByText(w.lines(name, name)[4]!).waitFor();

    // The time line: who did what, in order, after "received".
    const timeline = await dialog.locator('section ol').first().locator('li > span').allInnerTexts();
    const expected = w.lines(name, name);
    const found = expected.map((line) => timeline.findIndex((text) => text.startsWith(line)));
    expect(
      found.every((index) => index > 0),
      JSON.stringify(timeline),
    ).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(await axeViolations(page)).toEqual([]);
    const shots = process.env['SCREENSHOT_DIR'];
    if (shots) await page.screenshot({ path: path.join(shots, `inbox-workflow-${lang}.png`), fullPage: true });
    expect(page.errors).toEqual([]);

    const stored = await api<InquiryDetail>(site.url, adminToken, 'GET', apiRoutes.inbox.onePath(inquiry.id));
    expect(stored).toMatchObject({ status: 'closed', followUpOn: '2027-01-05', assignee: { name } });
  });

  it('a colleague sees new inquiries unread, with their count on the tab; opening one reads it; a possible duplicate is linked both ways', async () => {
    const token = await colleague(`reader-${lang}`, lang === 'de' ? 'Rita Reader' : 'Rick Reader');
    // The same person twice, the address and number written differently (another number in each language's run).
    const [phone, phoneAgain] = lang === 'de' ? ['030 1234567', '+49 (0)30 123 45 67'] : ['040 7654321', '0049 40 765 43 21'];
    const first = await sendPriceInquiry(`Berg-${lang}`, { email: `anna-${lang}@example.org`, phone });
    const again = await sendPriceInquiry(`Berg-${lang}`, { email: ` Anna-${lang}@Example.org`, phone: phoneAgain });
    const page = await site.page({ viewport });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}&tab=inquiries`);
    const main = page.locator('main');
    const row = (reference: string) => main.locator(`tbody tr[data-inquiry="${reference}"]`);
    const tabCount = async () => {
      const tab = main.getByRole('tab', { name: new RegExp(`^${w.tab}`) });
      const name = (await tab.textContent()) ?? '';
      return Number(/\((\d+) /.exec(name)?.[1] ?? 0);
    };
    await expect.poll(tabCount).toBeGreaterThanOrEqual(2);
    const before = await tabCount();
    for (const reference of [first.reference, again.reference]) {
      await row(reference).getByText(w.unread).waitFor({ state: 'attached' });
      await row(reference).getByText(w.duplicateMark).waitFor();
    }

    // Opened: read for this colleague; the dialog links the other inquiry.
    const dialog = await openInquiry(page, first.reference, w.open);
    const duplicates = dialog.getByRole('region', { name: w.duplicates });
    await duplicates.getByText(w.sameBoth).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const shots = process.env['SCREENSHOT_DIR'];
    if (shots) await page.screenshot({ path: path.join(shots, `inbox-duplicates-${lang}.png`) });
    await expect.poll(tabCount).toBe(before - 1);
    // The other one, opened from the link: the dialog shows it, and links back.
    await duplicates.getByRole('button', { name: w.openOther(again.reference) }).click();
    await page.getByRole('dialog', { name: w.title(again.reference) }).waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: w.openOther(first.reference) })
      .waitFor();
    await expect.poll(tabCount).toBe(before - 2);
    await page.keyboard.press('Escape');
    await expect.poll(() => row(first.reference).getByText(w.unread).count()).toBe(0);
    expect(await row(again.reference).getByText(w.unread).count()).toBe(0);
    if (shots) await page.screenshot({ path: path.join(shots, `inbox-unread-${lang}.png`), fullPage: true });
    expect(page.errors).toEqual([]);
  });

  it('flags an inquiry still new after two working days as unanswered, and lists only those on request', async () => {
    const old = await sendPriceInquiry(`Alt-${lang}`);
    const fresh = await sendPriceInquiry(`Neu-${lang}`);
    arrivedDaysAgo(old.id, 21);

    const page = await site.page({ viewport });
    await openWithToken(page, site.url, adminToken, `/dashboard?lang=${lang}&tab=inquiries`);
    const row = (reference: string) => page.locator(`main tbody tr[data-inquiry="${reference}"]`);
    await row(old.reference).getByText(w.unanswered, { exact: true }).waitFor();
    await row(fresh.reference).waitFor();
    expect(await row(fresh.reference).getByText(w.unanswered, { exact: true }).count()).toBe(0);

    const filters = page.locator('main').getByRole('button', { name: w.filters });
    if (await filters.isVisible()) await filters.click();
    await page.locator('main').getByLabel(w.unansweredOnly).check();
    await row(fresh.reference).waitFor({ state: 'detached' });
    await row(old.reference).waitFor();
    const rows = await page.locator('main tbody tr[data-inquiry]').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows) expect(text).toContain(w.unanswered);
    expect(await axeViolations(page)).toEqual([]);

    // Taken on, it is no longer unanswered: it leaves the filtered list.
    await api(site.url, adminToken, 'PUT', apiRoutes.inbox.onePath(old.id), { status: 'inProgress' });
    await page.reload();
    await row(fresh.reference).waitFor();
    if (await filters.isVisible()) await filters.click();
    const filtered = page.waitForResponse((response) => response.url().includes('Unanswered=true'));
    await page.locator('main').getByLabel(w.unansweredOnly).check();
    await filtered;
    await row(old.reference).waitFor({ state: 'detached' });

    const shots = process.env['SCREENSHOT_DIR'];
    if (shots) {
      // The flag in the unfiltered list, at a phone's width and a laptop's.
      await api(site.url, adminToken, 'PUT', apiRoutes.inbox.onePath(old.id), { status: 'new' });
      await page.reload();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await row(old.reference).getByText(w.unanswered, { exact: true }).waitFor();
        await row(old.reference).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `inbox-unanswered-${lang}-${width}.png`), fullPage: true });
      }
    }
    expect(page.errors).toEqual([]);
  });
});
