import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactCreated, type InquiryList, type RetentionSettings, apiRoutes } from '@blitz/contract';
import { answerConfirm, api, apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The dashboard's Inquiries tab against the real API: two inquiries sent to /api/v1/Contact as
// the footer form sends them (multipart), no SMTP (so their mail is 'logged'), then read,
// downloaded, marked, resent, exported and deleted through the screen.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' });
let token: string;

const general = {
  subject: 'generalMessage',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  phone: '+49 6181 12345',
  email: 'erika@example.org',
  message: 'Bitte rufen Sie mich an.',
  language: 'de',
};
const price = {
  ...general,
  subject: 'priceInquiry',
  firstName: 'Max',
  lastName: 'Mustermann',
  email: 'max@example.org',
  CompanyName: 'Beispiel Logistik GmbH',
  CompanyAddress: 'Hafenstraße 5\n60311 Frankfurt',
  BuildingSize: '2400 m²',
  Regards: ['lps', 'earthing'],
  message: 'Angebot für Halle 3, bitte.',
};
// A small well-formed PDF; the server checks the content, not only the name.
const plan = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(500, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

/** A small PNG (a blue-to-yellow gradient), encoded here: the server checks that a picture is one. */
function gradientPng(width = 96, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      rows.set([(x * 255) / width, (x * 200) / width, 255 - (y * 255) / height], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const photo = gradientPng();

// The honeypot stays empty and the fill time is left out, as a person's browser would (a bot fills the honeypot).
const send = (
  fields: Record<string, string | string[]>,
  files: { name: string; type: string; data: Buffer }[] = [],
  honeypot = '',
) =>
  sendInquiry(site.url, { ...fields, website: honeypot }, { files: files.map((f) => ({ ...f, data: new Uint8Array(f.data) })) });

const list = () => api<InquiryList>(site.url, token, 'GET', apiRoutes.inbox.list);

/** Waits until the outbox has dealt with every inquiry's mail (no SMTP: it is logged). */
async function allLogged() {
  for (;;) {
    const { data } = await list();
    if (data.every((i) => i.deliveryStatus === 'logged')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let first: ContactCreated;
let second: ContactCreated;
let caught: ContactCreated;

beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  first = await send(general);
  second = await send(price, [
    { name: 'Plan Halle 3.pdf', type: 'application/pdf', data: plan },
    { name: 'Dach.png', type: 'image/png', data: photo },
  ]);
  // Kept as spam: never in the normal list, only in the Spam view.
  caught = await send(
    { ...general, firstName: 'Cheap', lastName: 'Pills', email: 'bot@spam.example' },
    [],
    'http://spam.example',
  );
  await allLogged();
});

async function inbox(options: { phone?: boolean; lang?: 'en' | 'de' } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${options.lang ?? 'en'}&tab=inquiries`);
  await page.locator('main tbody tr[data-inquiry]').first().waitFor();
  return page;
}

const rows = (page: Page) => page.locator('main tbody tr[data-inquiry]');
const rowOf = (page: Page, reference: string) => page.locator(`main tbody tr[data-inquiry="${reference}"]`);
const dialogOf = (page: Page) => page.getByRole('dialog');

async function openInquiry(page: Page, reference: string) {
  await rowOf(page, reference)
    .getByRole('button', { name: /^Open|^Öffnen/ })
    .click();
  const dialog = dialogOf(page);
  await dialog.getByRole('heading', { level: 3 }).first().waitFor();
  return dialog;
}

async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

describe('the Inquiries tab', () => {
  it('lists both inquiries newest first with type, name, company, e-mail, delivery and status, in English', async () => {
    const page = await inbox();
    await page.locator('main').getByRole('tab', { name: 'Inquiries', selected: true }).waitFor();
    expect(await page.locator('main thead th').allTextContents()).toEqual([
      'Received',
      'Type',
      'Name',
      'Company',
      'E-mail',
      'Delivery',
      'Status',
      'Actions',
    ]);
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-inquiry')))).toEqual([
      second.reference,
      first.reference,
    ]);
    const cells = async (reference: string) =>
      (await rowOf(page, reference).locator('td').allInnerTexts()).slice(1, 7).map((text) => text.trim().replace(/\s+/g, ' '));
    expect(await cells(second.reference)).toEqual([
      'Price inquiry',
      // New, not opened by this user yet; the same phone number as the general message's sender.
      'Unread: Max Mustermann 1 possible duplicate',
      'Beispiel Logistik GmbH',
      'max@example.org',
      'Not sent – no mail server set up',
      'New',
    ]);
    expect(await cells(first.reference)).toEqual([
      'General message',
      'Unread: Erika Musterfrau 1 possible duplicate',
      '–',
      'erika@example.org',
      'Not sent – no mail server set up',
      'New',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('says the same in German', async () => {
    const page = await inbox({ lang: 'de' });
    await page.locator('main').getByRole('tab', { name: 'Anfragen', selected: true }).waitFor();
    const texts = await rowOf(page, second.reference).innerText();
    for (const text of ['Preisanfrage', 'Nicht versendet – kein Mailserver eingerichtet', 'Neu']) expect(texts).toContain(text);
    expect(await rowOf(page, first.reference).innerText()).toContain('Allgemeine Nachricht');
  });

  it('opens one with every field, downloads its attachment, closes it and reopens it, and sends it again', async () => {
    const page = await inbox();
    const dialog = await openInquiry(page, second.reference);
    await dialog.getByRole('heading', { name: `Inquiry ${second.reference}` }).waitFor();
    const text = await dialog.innerText();
    for (const value of [
      'Max',
      'Mustermann',
      'max@example.org',
      '+49 6181 12345',
      'Beispiel Logistik GmbH',
      'Hafenstraße 5\n60311 Frankfurt',
      '2400 m²',
      'Lightning protection system',
      'Earthing',
      'German',
      'Angebot für Halle 3, bitte.',
      'Plan Halle 3.pdf',
      'Mail to the company',
    ])
      expect(text).toContain(value);
    // Without SMTP_URL nothing was sent, and the history says so rather than "delivered".
    expect(text).toMatch(/Not sent: no mail server is set up \(SMTP_URL\)\. Noted in the log on /);
    expect(text).toMatch(/: not sent – no mail server set up, only noted in the log/);
    expect(text).not.toMatch(/delivered|accepted by the mail server/i);
    expect(await axeViolations(page)).toEqual([]);

    const file = await downloaded(page, () => dialog.getByRole('button', { name: 'Download Plan Halle 3.pdf' }).click());
    expect(file.name).toBe('Plan Halle 3.pdf');
    expect(Buffer.compare(file.bytes, plan)).toBe(0);

    // Looked at without a download: the picture below its row, the PDF in a tab of its own (the browser's viewer).
    const showPhoto = dialog.getByRole('button', { name: 'Preview Dach.png' });
    await showPhoto.click();
    const preview = dialog.getByRole('img', { name: 'Preview of Dach.png' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    expect(await dialog.getByRole('button', { name: 'Hide preview Dach.png' }).getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    const shots = process.env['SCREENSHOT_DIR'];
    if (shots) await preview.screenshot({ path: path.join(shots, 'inbox-attachment-preview-en.png') });
    await dialog.getByRole('button', { name: 'Hide preview Dach.png' }).click();
    await preview.waitFor({ state: 'detached' });
    const [viewer] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'View in the browser Plan Halle 3.pdf' }).click(),
    ]);
    await expect.poll(() => viewer.url()).toMatch(/^blob:/);
    await viewer.close();

    await dialog.getByRole('button', { name: 'Mark as closed' }).click();
    await dialog.getByRole('button', { name: 'Reopen' }).waitFor();
    await dialog.getByText(/^Closed on /).waitFor();
    await rowOf(page, second.reference).getByText('Closed', { exact: true }).waitFor();
    expect((await list()).data.find((i) => i.id === second.id)!.status).toBe('closed');
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await rowOf(page, second.reference).getByText('In progress', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Mark as closed' }).click();
    await rowOf(page, second.reference).getByText('Closed', { exact: true }).waitFor();

    // Resend asks first: cancelled, nothing is sent; accepted, the mail is queued again.
    let question = answerConfirm(page, false);
    await dialog.getByRole('button', { name: 'Send again' }).click();
    expect(await question).toBe("Send this inquiry to the company's mailbox again?");
    question = answerConfirm(page, true);
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await question;
    await dialog.getByText('The inquiry has been queued to be sent again.').waitFor();
    await allLogged();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Back where the user was: on the row's Open button.
    expect(await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-inquiry'))).toBe(second.reference);
    expect(page.errors).toEqual([]);
  });

  it('shows a general message without the empty price-inquiry fields, which a price inquiry has', async () => {
    const page = await inbox();
    let dialog = await openInquiry(page, first.reference);
    await dialog.getByRole('heading', { name: `Inquiry ${first.reference}` }).waitFor();
    const terms = () => dialog.locator('dt').allInnerTexts();
    expect(await terms()).toEqual(['First name', 'Last name', 'E-mail', 'Phone', 'Language', 'Came from']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openInquiry(page, second.reference);
    await dialog.getByRole('heading', { name: `Inquiry ${second.reference}` }).waitFor();
    expect(await terms()).toEqual(
      expect.arrayContaining(['Company name', 'Company address', 'Building size', 'Areas of interest']),
    );
    expect(page.errors).toEqual([]);
  });

  it('exports the list as CSV with both inquiries', async () => {
    const page = await inbox();
    const file = await downloaded(page, () => page.locator('main').getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toMatch(/^inquiries-\d{4}-\d\d-\d\d\.csv$/);
    const lines = file.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('max@example.org');
    expect(lines[2]).toContain('erika@example.org');
  });

  it('searches and filters the list, says how many match, and starts again with Reset', async () => {
    const page = await inbox();
    const main = page.locator('main');
    await main.getByText('2 inquiries', { exact: true }).waitFor();
    await main.getByLabel('Search', { exact: true }).fill('MUSTERMANN');
    await rowOf(page, first.reference).waitFor({ state: 'detached' });
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-inquiry')))).toEqual([second.reference]);
    await main.getByText('1 inquiry', { exact: true }).waitFor();
    await main.getByRole('button', { name: 'Reset filters' }).click();
    await rowOf(page, first.reference).waitFor();
    expect(await main.getByLabel('Search', { exact: true }).inputValue()).toBe('');

    // Days received: none from 2030 on; an end before the start is pointed out at its field, not sent.
    await main.getByLabel('Received from', { exact: true }).fill('2030-01-01');
    await main.getByText('No inquiry matches the search and filters.').waitFor();
    await main.getByLabel('Received until', { exact: true }).fill('2029-12-31');
    await main.getByText('The end is before the start; it is left out.').waitFor();
    expect(await main.getByLabel('Received until', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: 'Reset filters' }).click();
    await rowOf(page, first.reference).waitFor();

    // By keyboard: the type filter is a labelled select.
    await main.getByLabel('Type', { exact: true }).focus();
    await main.getByLabel('Type', { exact: true }).selectOption({ label: 'General message' });
    await rowOf(page, second.reference).waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    await main.getByLabel('Search', { exact: true }).fill('nobody at all');
    await main.getByText('No inquiry matches the search and filters.').waitFor();
    await main.getByText('0 inquiries', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('shows what the spam check caught in a Spam view with its count', async () => {
    const page = await inbox({ lang: 'de' });
    const main = page.locator('main');
    expect(await rowOf(page, caught.reference).count()).toBe(0);
    const spamButton = main.getByRole('button', { name: /^Spam/ });
    await spamButton.getByText('1', { exact: true }).waitFor();
    await spamButton.click();
    expect(await spamButton.getAttribute('aria-pressed')).toBe('true');
    await rowOf(page, caught.reference).waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(await rowOf(page, caught.reference).innerText()).toContain('Nicht gesendet (Spam)');
    await main.getByText('1 Anfrage als Spam aufgehalten', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: /^Anfragen/ }).click();
    await rowOf(page, caught.reference).waitFor({ state: 'detached' });
  });

  it('exports what the filter selects, in German with semicolons for German spreadsheets', async () => {
    const page = await inbox({ lang: 'de' });
    await page.locator('main').getByLabel('Art', { exact: true }).selectOption('priceInquiry');
    await rowOf(page, first.reference).waitFor({ state: 'detached' });
    const file = await downloaded(page, () => page.locator('main').getByRole('button', { name: 'CSV exportieren' }).click());
    expect(file.name).toMatch(/^anfragen-\d{4}-\d\d-\d\d\.csv$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^"Nr\.";"Referenz";"Eingang";"Art"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Preisanfrage"');
    expect(lines[1]).toContain('"Blitzschutzanlage, Erdung"');
  });

  it('keeps the retention setting per type, opened below the list', async () => {
    const page = await inbox();
    await page.locator('main').getByRole('button', { name: 'Edit the retention periods' }).click();
    const field = page.locator('main').getByLabel('General messages');
    await field.fill('0');
    await page.locator('main').getByRole('button', { name: 'Save retention' }).click();
    await page.locator('main').getByText('Enter whole days from 1 to 3650, or leave the field empty.').waitFor();
    await field.fill('365');
    await page.locator('main').getByRole('button', { name: 'Save retention' }).click();
    await page.locator('main').getByText('The retention setting has been saved.').waitFor();
    const saved = await api<RetentionSettings>(site.url, token, 'GET', apiRoutes.inbox.retention);
    expect(saved['generalMessage']).toBe(365);
  });

  it('works on a phone: cards, no sideways scrolling, axe clean', async () => {
    const page = await inbox({ phone: true, lang: 'de' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    // The header row is only for screen readers; each inquiry is a card with labelled lines.
    expect(await page.locator('main thead').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    expect(
      await rows(page)
        .first()
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe('block');
    expect(await axeViolations(page)).toEqual([]);
    const dialog = await openInquiry(page, second.reference);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('deletes an inquiry with its files only after the confirmation', async () => {
    // An inquiry of its own, so that a retry of this test finds one to delete again.
    const doomed = await send(price, [{ name: 'Plan Halle 4.pdf', type: 'application/pdf', data: plan }]);
    const storedFiles = () =>
      fs
        .readdirSync(path.join(site.server.dataDir, 'inquiries'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length;
    const before = { count: (await list()).count, files: storedFiles() };
    const page = await inbox();
    let dialog = await openInquiry(page, doomed.reference);
    let question = answerConfirm(page, false);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(await question).toBe('Are you sure you want to delete this inquiry?');
    expect((await list()).count).toBe(before.count);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openInquiry(page, doomed.reference);
    question = answerConfirm(page, true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await question;
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page, doomed.reference).waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(before.count - 1);
    // The row and its Open button are gone: the focus is on the list's heading, not lost.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Inquiries');
    const after = await list();
    expect(after.count).toBe(before.count - 1);
    expect(after.data.map((i) => i.id)).not.toContain(doomed.id);
    expect(storedFiles()).toBe(before.files - 1);
  });

  it('asks in German before deleting', async () => {
    const page = await inbox({ lang: 'de' });
    const dialog = await openInquiry(page, first.reference);
    const question = answerConfirm(page, false);
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    expect(await question).toBe('Möchten Sie diese Anfrage wirklich löschen?');
  });
});
