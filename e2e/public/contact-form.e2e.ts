import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactCreated, InquiryList, LoginResponse } from '@blitz/contract';
import { type RunningClamd, clamdInstalled, requireClamd, startClamd } from '../../server/src/test/clamd';
import { admin, useSite, viewports } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';
import { useSmtp } from '../support/smtp';

// A real SMTP server receives what the site mails; the server starts with its address.
const smtp = useSmtp({ size: 60 * 1024 * 1024 });
const { received } = smtp;
const env: Record<string, string> = {
  CONTACT_MIN_FILL_SECONDS: '0',
  CONTACT_RATE_LIMIT: '1000',
  MAIL_POLL_MS: '100',
  CONTACT_TO: 'inbox@company.example',
};
const site = useSite(env);

// Attachments go through ClamAV's daemon, as in production; its signature database knows one test file.
const scanClamd = clamdInstalled || requireClamd;
const malware = {
  name: 'Angebot.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n% signed for the test\n%%EOF\n'),
};
let clamd: RunningClamd | undefined;

beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
  if (scanClamd) {
    clamd = await startClamd([{ name: 'Blitz.Test.Malware', data: malware.buffer }]);
    env['CLAMD_URL'] = clamd.url;
  }
  await site.start();
}, 60_000);
afterAll(async () => {
  await clamd?.stop();
});

const MB = 1024 * 1024;
const require = createRequire(import.meta.url);
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);
const files = {
  photo: { name: 'Dach Süd.png', mimeType: 'image/png', buffer: pngBytes },
  photo2: { name: 'facade.png', mimeType: 'image/png', buffer: pngBytes },
  plan: { name: 'Grundriss.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n') },
  cv: { name: 'Lebenslauf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% CV\n%%EOF\n') },
  exe: { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
  huge: { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * MB, 0x20) },
  empty: { name: 'leer.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
};

const failureEn =
  'Sorry, we couldn’t receive your message. Please contact us directly via email or phone. Check the contact page for details.';

/** Opens a page, scrolls to the footer form and waits until its island (React) has taken it over. */
async function openForm(page: Page, path = '/Services') {
  await page.goto(site.url + path);
  await page.locator('#contact-form').scrollIntoViewIfNeeded();
  await hydrated(page);
  await contactFormHydrated(page);
  return page.locator('#contact-form form');
}

/** The inquiries the page sends (not the form token it asks for when the form appears). */
function contactRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/v1/Contact') && seen.push(r.method()));
  return seen;
}

async function fillGeneral(page: Page, lang: 'de' | 'en', subject = 'generalMessage') {
  const label = (de: string, en: string) => (lang === 'de' ? de : en);
  await page.getByLabel(label('Betreff', 'Subject')).selectOption(subject);
  await page.getByLabel(label('Vorname', 'First name')).fill('Erika');
  await page.getByLabel(label('Nachname', 'Last name')).fill('Musterfrau');
  await page.getByLabel(label('Telefon', 'Phone')).fill('+49 6181 12345');
  await page.locator('#contact-form input[name=email]').fill('erika@example.org');
  await page.getByLabel(label('Nachricht', 'Message')).fill('Bitte um Rückruf.');
}

const notice = (page: Page, kind: 'error' | 'success') => page.locator(`[data-notification=${kind}]`);

async function waitForMails(count: number) {
  for (let i = 0; i < 200 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  return received;
}

describe('the footer contact form', () => {
  it('is in the prerendered HTML of every public page, and its island takes it over without errors', async () => {
    for (const path of ['/', '/Services', '/jobs', '/impressum']) {
      const html = await (await fetch(`${site.url}${path}?lang=de`)).text();
      expect(html, path).toContain('Nehmen Sie Kontakt auf');
      expect(html).toMatch(/<select[^>]*name="subject"/);
    }
    const page = await site.page();
    await openForm(page, '/');
    expect(page.errors).toEqual([]);
    expect(page.outside).toEqual([]);
    // Empty by default; the price inquiry fields are hidden.
    expect(await page.getByLabel('Betreff').inputValue()).toBe('');
    expect(await page.getByLabel('Firmenname').isVisible()).toBe(false);
  });

  it('reveals company name, address, building size and the regards choice for a price inquiry', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openForm(page);
    await page.getByLabel('Betreff').selectOption('priceInquiry');
    for (const label of ['Firmenname', 'Firmenadresse', 'Gebäudegröße'])
      await expect(page.getByLabel(label).isVisible()).resolves.toBe(true);
    for (const regard of ['Blitzschutzanlage', 'Erdung', 'Potentialausgleich', 'Wartung', 'Planung']) {
      await expect(page.getByRole('checkbox', { name: regard }).isVisible()).resolves.toBe(true);
    }
    await page.getByLabel('Betreff').selectOption('application');
    expect(await page.getByLabel('Firmenname').isVisible()).toBe(false);
  });

  it('names missing fields in the spec order and words, marks each field, and sends nothing', async () => {
    const page = await site.page();
    const requests = contactRequests(page);
    await openForm(page, '/Services?lang=en');
    await page.getByLabel('Last name').fill('Musterfrau');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(notice(page, 'error').textContent()).resolves.toBe(
      'Missing fields: Subject, First name, Phone, E-mail, Message',
    );
    const first = page.getByLabel('First name');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await first.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe('Please fill in this field.');
    expect(await page.getByLabel('Last name').getAttribute('aria-invalid')).toBe('false');
    // The first invalid field gets the focus.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');

    await fillGeneral(page, 'en', 'priceInquiry');
    await page.getByLabel('Building size').fill('1200 m²');
    await page.getByRole('button', { name: 'Send request' }).click();
    // Named in the order the form shows them (issue 40): company name first, as on the screen.
    await expect(notice(page, 'error').last().textContent()).resolves.toBe(
      'Missing price inquiry fields: Company name, Company address, Areas of interest',
    );
    expect(await page.getByRole('checkbox', { name: 'Earthing' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('shows the German notices in German', async () => {
    const page = await site.page();
    await openForm(page);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(notice(page, 'error').textContent()).resolves.toBe(
      'Fehlende Felder: Betreff, Vorname, Nachname, Telefon, E-Mail, Nachricht',
    );
  });

  it('checks the e-mail address: the usual shape, at most 254 characters and 64 before the @', async () => {
    const page = await site.page();
    const requests = contactRequests(page);
    await openForm(page, '/Services?lang=en');
    await fillGeneral(page, 'en');
    const email = page.locator('#contact-form input[name=email]');
    const tooLong = `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.de`;
    expect(tooLong.length).toBe(257);
    for (const bad of ['erika.example.org', `${'a'.repeat(65)}@example.org`, tooLong]) {
      await email.fill(bad);
      expect(await email.getAttribute('aria-invalid')).toBe('false');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      await expect(notice(page, 'error').last().textContent()).resolves.toBe('Invalid fields: E-mail');
    }
    await expect(
      page.getByText('Please enter a valid e-mail address (at most 254 characters, 64 of them before the @).').isVisible(),
    ).resolves.toBe(true);
    expect(requests).toEqual([]);
  });

  it('lists chosen files with name and size in a 9rem list, previews images, links PDFs to a new tab, and removes them', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openForm(page);
    await page.locator('#contact-form input[type=file]').setInputFiles([files.photo, files.plan]);
    const list = page.getByTestId('attachment-list');
    expect(await list.evaluate((el) => getComputedStyle(el).height)).toBe('144px');
    await expect(list.getByText('Dach Süd.png').isVisible()).resolves.toBe(true);
    await expect(list.getByText(`${pngBytes.length} B`).first().isVisible()).resolves.toBe(true);
    expect(await list.locator('img').first().getAttribute('src')).toMatch(/^blob:/);
    const pdfLink = list.getByRole('link', { name: /Grundriss\.pdf/ });
    expect(await pdfLink.getAttribute('target')).toBe('_blank');
    expect(await pdfLink.getAttribute('href')).toMatch(/^blob:/);
    // Choosing more adds to the list.
    await page.locator('#contact-form input[type=file]').setInputFiles([files.photo2]);
    await expect(page.getByText('3 Dateien').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Dach Süd.png entfernen' }).click();
    expect(await list.locator('li').count()).toBe(2);
    await expect(list.getByText('Dach Süd.png').count()).resolves.toBe(0);
  });

  it('expands the list in an overlay that a click on the overlay or Escape closes', async () => {
    const page = await site.page();
    await openForm(page, '/Services?lang=en');
    await page.locator('#contact-form input[type=file]').setInputFiles([files.photo, files.plan]);
    const open = page.getByRole('button', { name: 'Show attachments enlarged' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Your attachments' });
    await dialog.waitFor();
    expect(await dialog.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await dialog.getByRole('link', { name: /Grundriss\.pdf/ }).getAttribute('target')).toBe('_blank');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await open.click();
    await dialog.waitFor();
    // A click on the dimmed area around the panel.
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
    await open.click();
    await page.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('says which file breaks which limit before sending, and sends nothing', async () => {
    const page = await site.page();
    const requests = contactRequests(page);
    await openForm(page, '/Services?lang=en');
    await fillGeneral(page, 'en');
    await page.locator('#contact-form input[type=file]').setInputFiles([files.exe, files.huge, files.empty, files.plan]);
    const list = page.getByTestId('attachment-list');
    await expect(list.getByText('file type not accepted').isVisible()).resolves.toBe(true);
    await expect(list.getByText('larger than 10 MB').isVisible()).resolves.toBe(true);
    await expect(list.getByText('empty file').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(notice(page, 'error').textContent()).resolves.toBe(
      'Please remove these attachments: tool.exe (file type not accepted), scan.pdf (larger than 10 MB), leer.pdf (empty file)',
    );
    const eleven = Array.from({ length: 10 }, (_, i) => ({ ...files.photo, name: `p${i}.png` }));
    await page.getByRole('button', { name: 'Remove tool.exe' }).click();
    await page.getByRole('button', { name: 'Remove scan.pdf' }).click();
    await page.getByRole('button', { name: 'Remove leer.pdf' }).click();
    await page.locator('#contact-form input[type=file]').setInputFiles(eleven);
    await expect(list.getByText('more than 10 files').isVisible()).resolves.toBe(true);
    expect(requests).toEqual([]);
  });

  it('sends an application with a CV from a phone in German: green notice, the form resets, the mail arrives with the file', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openForm(page, '/jobs');
    await fillGeneral(page, 'de', 'application');
    await page.locator('#contact-form input[type=file]').setInputFiles([files.cv]);
    const before = received.length;
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    const { reference } = (await (await answer).json()) as ContactCreated;
    await expect(notice(page, 'success').textContent()).resolves.toBe('Ihre Anfrage ist eingegangen');
    expect(await notice(page, 'success').getAttribute('class')).toContain('bg-green-700');
    // Issue 40: a confirmation that stays, where the form was, with the reference and the mail on its way.
    const sent = page.locator('#contact-form [data-inquiry-sent]');
    expect((await sent.innerText()).replace(/\n+/g, '\n')).toBe(
      `Ihre Anfrage ist eingegangen\nIhre Vorgangsnummer: ${reference}\nEine Bestätigung mit dieser Nummer ist per E-Mail an Sie unterwegs. Wir melden uns zeitnah bei Ihnen.\nWeitere Nachricht senden`,
    );
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-inquiry-sent'));
    expect(await page.locator('#contact-form form').count()).toBe(0);
    // Still there once the notice has gone.
    await notice(page, 'success').waitFor({ state: 'detached' });
    expect(await sent.isVisible()).toBe(true);
    // The form again, empty, on request.
    await page.getByRole('link', { name: 'Weitere Nachricht senden' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'subject');
    expect(await sent.count()).toBe(0);
    expect(page.url()).toBe(`${site.url}/jobs`);
    expect(await page.getByLabel('Betreff').inputValue()).toBe('');
    expect(await page.getByLabel('Vorname').inputValue()).toBe('');
    expect(await page.getByLabel('Nachricht').inputValue()).toBe('');
    await expect(page.getByText('Noch keine Dateien ausgewählt.').isVisible()).resolves.toBe(true);
    const mails = await waitForMails(before + 2);
    const toCompany = mails.slice(before).find((m) => m.to.includes('inbox@company.example'))!;
    expect(toCompany.raw).toMatch(/Subject: Bewerbung von Erika Musterfrau/);
    expect(toCompany.raw).toMatch(/filename="?Lebenslauf\.pdf/);
    expect(page.errors).toEqual([]);
  });

  it('sends a price inquiry with photos and a PDF plan from a desktop in English', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await openForm(page, '/Projects?lang=en');
    await fillGeneral(page, 'en', 'priceInquiry');
    await page.getByLabel('Company name').fill('Beispiel Logistik GmbH');
    await page.getByLabel('Company address').fill('Hafenstraße 5\n60311 Frankfurt');
    await page.getByLabel('Building size').fill('2400 m²');
    await page.getByRole('checkbox', { name: 'Lightning protection system' }).check();
    await page.getByRole('checkbox', { name: 'Maintenance' }).check();
    await page.locator('#contact-form input[type=file]').setInputFiles([files.photo, files.photo2, files.plan]);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Send request' }).click();
    expect((await answer).status()).toBe(201);
    const { reference } = (await (await answer).json()) as ContactCreated;
    await expect(notice(page, 'success').textContent()).resolves.toBe('Your Request is received');
    expect((await page.locator('#contact-form [data-inquiry-sent]').innerText()).replace(/\n+/g, '\n')).toContain(
      `Your reference: ${reference}\nA confirmation with this number is on its way to you by e-mail.`,
    );
    // The form asked for again is emptied: the subject is none, so the price-inquiry fields are hidden again.
    await page.getByRole('link', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Company name').isVisible()).toBe(false);
    expect(await page.getByLabel('Company name').inputValue()).toBe('');

    // Stored with every file, as staff see it.
    const login = await fetch(`${site.url}/api/v1/login/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { jwtToken } = (await login.json()) as LoginResponse;
    const list = (await (
      await fetch(`${site.url}/api/v1/Inquiry`, { headers: { authorization: `Bearer ${jwtToken}` } })
    ).json()) as InquiryList;
    const stored = list.data.find((i) => i.reference === reference);
    expect(stored).toMatchObject({ subject: 'priceInquiry', companyName: 'Beispiel Logistik GmbH', attachmentCount: 3 });
    const mails = await waitForMails(received.length);
    for (let i = 0; i < 200 && !received.some((m) => m.raw.includes(reference) && m.to.includes('inbox@company.example')); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const toCompany = mails.find((m) => m.raw.includes(reference) && m.to.includes('inbox@company.example'))!;
    expect(toCompany.raw.match(/Content-Disposition: attachment/g)).toHaveLength(3);
  });

  it('shows the red failure notice in the spec’s words and logs the error when sending fails', async () => {
    const page = await site.page();
    await page.route('**/api/v1/Contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    );
    await openForm(page, '/Services?lang=en');
    await fillGeneral(page, 'en');
    await page.getByRole('button', { name: 'Send request' }).click();
    const failure = notice(page, 'error');
    await expect(failure.textContent()).resolves.toBe(failureEn);
    expect(await failure.getAttribute('class')).toContain('bg-red-700');
    expect(await failure.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('assertive');
    expect(page.errors.some((e) => e.includes('503'))).toBe(true);
    // Nothing is lost on the page: what was typed stays for another try.
    expect(await page.getByLabel('First name').inputValue()).toBe('Erika');
  });

  it.skipIf(!scanClamd)('names a file found to be malware, keeps the form, and sends once it is removed', async () => {
    const page = await site.page();
    await openForm(page, '/Services');
    await fillGeneral(page, 'de');
    await page.locator('#contact-form input[type=file]').setInputFiles([files.plan, malware]);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(422);
    await expect(notice(page, 'error').textContent()).resolves.toBe(
      'Eine Datei wurde als Schadsoftware erkannt und nicht angenommen: Angebot.pdf. Bitte entfernen Sie sie und senden Sie Ihre Anfrage erneut.',
    );
    expect(await page.getByLabel('Vorname').inputValue()).toBe('Erika');

    await page.getByRole('button', { name: 'Angebot.pdf entfernen' }).click();
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(notice(page, 'success').last().textContent()).resolves.toBe('Ihre Anfrage ist eingegangen');
    expect(page.errors.filter((e) => !/422/.test(e) && !/Contact form: the server answered/.test(e))).toEqual([]);
  });

  it('keeps a notice 3000 ms, fades it, and removes it 100 ms later; announced in a live region', async () => {
    const page = await site.page();
    await page.clock.install();
    await openForm(page, '/Services?lang=en');
    // Time stands still from here on and moves only as the test says.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Send request' }).click();
    const shown = notice(page, 'error');
    await shown.waitFor();
    expect(await shown.evaluate((el) => el.closest('[role=alert]') !== null)).toBe(true);
    await page.clock.runFor(2990);
    expect(await shown.getAttribute('data-visible')).toBe('true');
    await page.clock.runFor(20);
    expect(await shown.getAttribute('data-visible')).toBe('false');
    expect(await shown.count()).toBe(1);
    await page.clock.runFor(100);
    expect(await notice(page, 'error').count()).toBe(0);
  });

  it('holds Send pressed before the form’s script arrived, then checks it there: nothing is sent, the notice fades after 3 s', async () => {
    const address = `${site.url}/Services?lang=en`;
    const pageScript = (await (await fetch(address)).text()).match(/<script type="module" src="([^"]+)"/)![1]!;
    // Slow scripts: the page's own (Send pressed before it ran), or only the form's island
    // (pressed after the page's script ran, while React and the form's code were on their way).
    for (const held of ['every script', 'the form’s script'] as const) {
      const page = await site.page();
      const requests = contactRequests(page);
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.endsWith('.js'),
        async (route) => {
          if (held === 'every script' || new URL(route.request().url()).pathname !== pageScript) await arrived;
          await route.continue();
        },
      );
      await page.goto(address, { waitUntil: 'commit' });
      if (held === 'the form’s script') await hydrated(page);
      await page.getByRole('button', { name: 'Send request' }).click();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(page.url(), held).toBe(address);
      expect(await page.locator('#contact-form[data-hydrated]').count(), held).toBe(0);
      release();
      const shown = notice(page, 'error');
      await expect(shown.textContent(), held).resolves.toBe(
        'Missing fields: Subject, First name, Last name, Phone, E-mail, Message',
      );
      const at = Date.now();
      await page.waitForFunction(() => document.querySelector('[data-notification=error]') === null, undefined, {
        timeout: 6000,
      });
      expect(Date.now() - at, held).toBeGreaterThan(2500);
      expect(requests, held).toEqual([]);
      expect(page.url(), held).toBe(address);
      expect(page.errors, held).toEqual([]);
    }
  });

  it('sends a held form to the server when the form’s script cannot load: the server’s answer, as without JavaScript', async () => {
    const address = `${site.url}/Services?lang=en`;
    const pageScript = (await (await fetch(address)).text()).match(/<script type="module" src="([^"]+)"/)![1]!;
    const page = await site.page();
    const requests = contactRequests(page);
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('.js') && url.pathname !== pageScript,
      async (route) => {
        await arrived;
        await route.abort();
      },
    );
    await page.goto(address);
    await hydrated(page);
    await page.getByLabel('First name').fill('Erika');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Send request' }).click();
    release();
    expect((await answered).status()).toBe(400);
    await expect(notice(page, 'error').textContent()).resolves.toBe('Missing fields: Subject, Last name, Phone, E-mail, Message');
    expect(await page.getByLabel('First name').inputValue()).toBe('Erika');
    expect(requests).toEqual(['POST']);
  });

  it('has no accessibility violations in the form, also with errors marked and the overlay open', async () => {
    const page = await site.page();
    await openForm(page);
    await page.getByLabel('Betreff').selectOption('priceInquiry');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.locator('#contact-form input[type=file]').setInputFiles([files.photo, files.plan]);
    // Evaluated, not added as a script tag: the page's Content-Security-Policy forbids inline scripts.
    await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const check = () =>
      page.evaluate(async () => {
        const result = await (window as any).axe.run('#contact-form', { resultTypes: ['violations'] });
        return result.violations.map(
          (v: { id: string; nodes: { target: string[] }[] }) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      });
    expect(await check()).toEqual([]);
    await page.getByRole('button', { name: 'Anhänge vergrößert anzeigen' }).click();
    expect(await check()).toEqual([]);
  });
});
