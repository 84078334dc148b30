import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactCreated } from '@blitz/contract';
import { apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';
import { useSmtp } from '../support/smtp';

// Issue 42: staff answer an inquiry from its dialog. A template in the sender's language fills
// subject and text with their name and the reference, an offer goes along as a PDF, and the reply
// leaves through the mail server, shows in the time line, and moves the inquiry to answered.

const smtp = useSmtp();
const env: Record<string, string> = { SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' };
const site = useSite(env);
let adminToken: string;

beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
  await site.start();
  adminToken = await apiLogin(site.url);
}, 120_000);

const words = {
  de: {
    open: /^Öffnen/,
    reply: 'Antworten',
    mailbox: 'Antworten des Absenders kommen im Postfach der Firma an',
    template: 'Vorlage',
    offer: 'Angebot (Deutsch)',
    subject: 'Betreff',
    body: 'Text',
    files: 'Anhänge (z. B. das Angebot als PDF)',
    send: 'Senden',
    greeting: (name: string) => `Guten Tag Max ${name},`,
    replied: 'admin hat geantwortet: „Ihr Angebot',
    answered: 'Beantwortet',
  },
  en: {
    open: /^Open/,
    reply: 'Reply',
    mailbox: "Answers from the sender arrive in the company's mailbox",
    template: 'Template',
    offer: 'Offer (English)',
    subject: 'Subject',
    body: 'Text',
    files: 'Attachments (e.g. the offer as a PDF)',
    send: 'Send',
    greeting: (name: string) => `Dear Max ${name},`,
    replied: 'admin replied: “Your offer',
    answered: 'Answered',
  },
} as const;

function sendPriceInquiry(lastName: string, language: 'de' | 'en'): Promise<ContactCreated> {
  return sendInquiry(site.url, {
    subject: 'priceInquiry',
    firstName: 'Max',
    lastName,
    phone: '+49 6181 12345',
    email: `max-${language}@example.org`,
    message: 'Angebot für Halle 3, bitte.',
    language,
    CompanyName: 'Beispiel Logistik GmbH',
    CompanyAddress: 'Hafenstraße 5\n60311 Frankfurt',
    BuildingSize: '2400 m²',
    Regards: 'lps',
  });
}

const offerPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n' + ' '.repeat(2000) + '\n%%EOF\n');

describe.each([
  ['de', viewports.desktop],
  ['en', viewports.phone],
] as const)('a reply from the dashboard in %s', (lang, viewport) => {
  const w = words[lang];

  it('fills a template in the sender’s language, sends it with a PDF, and shows it in the time line', async () => {
    const lastName = `Mustermann-${lang}`;
    const inquiry = await sendPriceInquiry(lastName, lang);
    const page = await site.page({ viewport });
    await openWithToken(page, site.url, adminToken, `/dashboard?lang=${lang}&tab=inquiries`);
    await page.locator(`main tbody tr[data-inquiry="${inquiry.reference}"]`).getByRole('button', { name: w.open }).click();
    const dialog = page.getByRole('dialog');
    const section = dialog.getByRole('region', { name: w.reply });
    await section.waitFor();
    await section.getByText(w.mailbox).waitFor();

    // The sender's language first, once the templates and the company's details are there.
    await expect.poll(() => section.getByLabel(w.template).isEnabled()).toBe(true);
    const options = await section.getByLabel(w.template).locator('option').allInnerTexts();
    expect(options[1]).toBe(w.offer);
    await section.getByLabel(w.template).selectOption({ label: w.offer });
    const subject = await section.getByLabel(w.subject).inputValue();
    expect(subject).toContain(inquiry.reference);
    expect(await section.getByLabel(w.body, { exact: true }).inputValue()).toContain(w.greeting(lastName));
    await section.getByLabel(w.files).setInputFiles({ name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: offerPdf });
    await section.getByRole('button', { name: w.send, exact: true }).click();

    await dialog.getByText(w.replied).waitFor();
    await expect.poll(() => section.getByLabel(w.subject).inputValue()).toBe('');
    await dialog.getByText(w.answered).first().waitFor();
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(`max-${lang}@example.org`) && m.raw.includes('Angebot.pdf')).length)
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

describe('the reply templates', () => {
  it('an admin adds a template, saves it, and it fills a reply with the inquiry’s reference', async () => {
    const inquiry = await sendPriceInquiry('Vorlage', 'de');
    const page = await site.page();
    await openWithToken(page, site.url, adminToken, '/dashboard?lang=de&tab=inquiries');
    const main = page.locator('main');
    const section = main.getByRole('region', { name: 'Antwortvorlagen' });
    await section.getByRole('button', { name: 'Vorlagen bearbeiten' }).click();
    await section.getByRole('button', { name: 'Vorlage hinzufügen' }).click();
    const added = section.getByRole('group', { name: 'Vorlage 5' });
    // Saved empty: refused at the field, nothing sent.
    await section.getByRole('button', { name: 'Vorlagen speichern' }).click();
    expect(await added.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await added.getByLabel('Name').fill('Terminvorschlag');
    await added.getByLabel('Betreff').fill('Terminvorschlag zu {{reference}}');
    await added.getByLabel('Text', { exact: true }).fill('Guten Tag {{firstName}} {{lastName}},\n\npasst Ihnen Dienstag?');
    await section.getByRole('button', { name: 'Vorlagen speichern' }).click();
    await section.getByText('Die Vorlagen sind gespeichert.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await main
      .locator(`tbody tr[data-inquiry="${inquiry.reference}"]`)
      .getByRole('button', { name: /^Öffnen/ })
      .click();
    const reply = page.getByRole('dialog').getByRole('region', { name: 'Antworten' });
    await expect.poll(() => reply.getByLabel('Vorlage').isEnabled()).toBe(true);
    await reply.getByLabel('Vorlage').selectOption({ label: 'Terminvorschlag (Deutsch)' });
    expect(await reply.getByLabel('Betreff').inputValue()).toBe(`Terminvorschlag zu ${inquiry.reference}`);
    expect(await reply.getByLabel('Text', { exact: true }).inputValue()).toContain('Guten Tag Max Vorlage,');
    expect(page.errors).toEqual([]);
  });
});
