import { beforeAll, describe, expect, it } from 'vitest';
import { useSite, viewports } from '../support/harness';
import { useSmtp } from '../support/smtp';

// Every public page works with JavaScript switched off (issue: pages without JavaScript), and
// nothing a visitor does before the page's script arrives is lost.
const smtp = useSmtp();
const { received } = smtp;
const env: Record<string, string> = { CONTACT_RATE_LIMIT: '1000', MAIL_POLL_MS: '100', CONTACT_TO: 'inbox@company.example' };
const site = useSite(env);
beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
  await site.start();
}, 60_000);

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);
const photo = { name: 'Dach.png', mimeType: 'image/png', buffer: pngBytes };
const plan = { name: 'Plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n') };

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('without JavaScript', () => {
  it('sends a price inquiry with two attachments from a phone: stored, mailed, and the page says so', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/Services`);
    const form = page.locator('#contact-form form');
    await expect(form.locator('.price-fields').isVisible()).resolves.toBe(false);
    await form.locator('select[name=subject]').selectOption('priceInquiry');
    // Revealed by CSS alone.
    await expect(form.locator('.price-fields').isVisible()).resolves.toBe(true);
    await form.locator('input[name=firstName]').fill('Erika');
    await form.locator('input[name=lastName]').fill('Musterfrau');
    await form.locator('input[name=phone]').fill('+49 6181 12345');
    await form.locator('input[name=email]').fill('erika@example.org');
    await form.locator('textarea[name=message]').fill('Bitte um ein Angebot.');
    await form.locator('input[name=CompanyName]').fill('Muster AG');
    await form.locator('textarea[name=CompanyAddress]').fill('Hauptstraße 1, 63450 Hanau');
    await form.locator('input[name=BuildingSize]').fill('1200 m²');
    await form.locator('input[name=Regards][value=lps]').check();
    await form.locator('input[name=Regards][value=earthing]').check();
    await form.locator('input[type=file]').setInputFiles([photo, plan]);
    // The spam check's fill time (3 s here) runs from the first focus into the form, which the
    // form's stylesheet reports to the server without any script.
    await page.waitForTimeout(3200);
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/Services\?inquiry=sent&reference=\d{8}-\w{6}#contact-form$/);
    // Issue 40: the form's place confirms the send with its reference, as with the form's script.
    const reference = new URL(page.url()).searchParams.get('reference')!;
    const sent = page.locator('#contact-form [data-inquiry-sent]');
    expect((await sent.innerText()).replace(/\n+/g, '\n')).toBe(
      `Ihre Anfrage ist eingegangen\nIhre Vorgangsnummer: ${reference}\nEine Bestätigung mit dieser Nummer ist per E-Mail an Sie unterwegs. Wir melden uns zeitnah bei Ihnen.\nWeitere Nachricht senden`,
    );
    await until(() => received.some((m) => m.to.includes('inbox@company.example') && m.raw.includes('Muster AG')));
    const mail = received.find((m) => m.raw.includes('Muster AG'))!.raw;
    expect(mail).toContain('filename=Dach.png');
    expect(mail).toContain('filename=Plan.pdf');
    expect(mail).toContain(reference);
    // The form again, on request, at the page it was sent from.
    await page.getByRole('link', { name: 'Weitere Nachricht senden' }).click();
    await page.waitForURL(/\/Services#contact-form$/);
    expect(await page.locator('#contact-form form select[name=subject]').inputValue()).toBe('');
    expect(page.errors).toEqual([]);
  });

  it('shows the form again with the spec’s notice, the fields marked and every value kept', async () => {
    const page = await site.page({ javaScriptEnabled: false });
    await page.goto(`${site.url}/aboutus`);
    const form = page.locator('#contact-form form');
    await form.locator('select[name=subject]').selectOption('priceInquiry');
    await form.locator('input[name=firstName]').fill('Erika');
    await form.locator('input[name=email]').fill('erika@example.org');
    await form.locator('textarea[name=message]').fill('Zeile eins\nZeile zwei');
    await form.locator('input[name=Regards][value=planning]').check();
    await form.locator('input[type=file]').setInputFiles([photo]);
    const before = received.length;
    await form.locator('button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('[data-notification=error]').textContent()).toBe('Fehlende Felder: Nachname, Telefon');
    const again = page.locator('#contact-form form');
    expect(await again.locator('select[name=subject]').inputValue()).toBe('priceInquiry');
    expect(await again.locator('input[name=firstName]').inputValue()).toBe('Erika');
    expect(await again.locator('textarea[name=message]').inputValue()).toBe('Zeile eins\nZeile zwei');
    expect(await again.locator('input[name=Regards][value=planning]').isChecked()).toBe(true);
    expect(await again.locator('input[name=lastName]').getAttribute('aria-invalid')).toBe('true');
    expect(await again.locator('input[name=firstName]').getAttribute('aria-invalid')).toBe('false');
    await expect(page.getByText('Bitte wählen Sie Ihre Dateien noch einmal aus').isVisible()).resolves.toBe(true);
    expect(received.length).toBe(before);
    // The price-inquiry fields next, in the form's order (issue 40).
    await again.locator('input[name=lastName]').fill('Musterfrau');
    await again.locator('input[name=phone]').fill('0611 1');
    await again.locator('button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('[data-notification=error]').textContent()).toBe(
      'Fehlende Felder der Preisanfrage: Firmenname, Gebäudegröße, Firmenadresse',
    );
  });

  it('shows a refused form in place on a project’s page and a job’s page, values kept', async () => {
    const page = await site.page({ javaScriptEnabled: false, viewport: viewports.phone });
    await page.goto(`${site.url}/Projects?lang=en`);
    const project = (await page.locator('[data-gallery] ul[data-cards] a[href*="/project/"]').first().getAttribute('href'))!;
    await page.goto(`${site.url}/jobs`);
    const job = (await page.locator('main a[href^="/jobs/"]').first().getAttribute('href'))!;
    for (const path of [
      new URL(project, site.url).pathname + '?lang=en',
      `${new URL(job, site.url).pathname}?subject=application`,
    ]) {
      await page.goto(site.url + path);
      const heading = await page.locator('main h1').first().innerText();
      const form = page.locator('#contact-form form');
      await form.locator('input[name=firstName]').fill('Erika');
      await form.locator('textarea[name=message]').fill('Meine Bewerbung,\nlang getippt');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
      await form.locator('button[type=submit]').click();
      expect((await answer).status(), path).toBe(400);
      await page.waitForLoadState();
      // The same page, not the home page or the jobs list.
      expect(await page.locator('main h1').first().innerText(), path).toBe(heading);
      expect(await page.locator('[data-notification=error]').textContent(), path).toMatch(/^(Missing fields|Fehlende Felder): /);
      const again = page.locator('#contact-form form');
      expect(await again.locator('input[name=firstName]').inputValue(), path).toBe('Erika');
      expect(await again.locator('textarea[name=message]').inputValue(), path).toBe('Meine Bewerbung,\nlang getippt');
      if (path.includes('subject=application'))
        expect(await again.locator('select[name=subject]').inputValue(), path).toBe('application');
    }
  });

  it('filters and pages the gallery by links and forms, each view at its own address', async () => {
    const page = await site.page({ javaScriptEnabled: false });
    await page.goto(`${site.url}/Projects`);
    expect(await page.locator('[data-gallery] ul[data-cards] > li').count()).toBe(10);
    await page.locator('[data-gallery-focus=next]').click();
    await page.waitForURL(/\/Projects\?page=2$/);
    expect(await page.getByText('Seite 2 von 3').count()).toBe(1);
    await page.locator('select[name=rows]').selectOption('20');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await page.waitForURL(/rows=20/);
    expect(await page.locator('[data-gallery] ul[data-cards] > li').count()).toBe(20);
    await page.locator('summary[data-gallery-focus=category]').click();
    const category = page.locator('details[data-menu] a[href*="category="]').first();
    const name = (await category.textContent())!;
    await category.click();
    await page.waitForURL(/category=\d+/);
    expect(await page.locator('summary[data-gallery-focus=category]').textContent()).toContain(name);
    await page.locator('[data-gallery-focus=all]').click();
    await page.waitForURL((url) => !url.search.includes('category'));
    expect(page.url()).toContain('rows=20');
  });

  it('searches the jobs on the server, with the no-match text', async () => {
    const page = await site.page({ javaScriptEnabled: false });
    await page.goto(`${site.url}/jobs`);
    await page.getByLabel('Stellenangebote durchsuchen').fill('PROJEKT');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL(/\/jobs\?q=PROJEKT$/);
    const rows = page.locator('tbody tr[data-job]:not([hidden])');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/Projekt/);
    await page.goto(`${site.url}/jobs?q=Astronaut`);
    await expect(page.getByTestId('no-match').isVisible()).resolves.toBe(true);
  });

  it('switches language by link, opens the phone menu and the FAQ answers, and offers the map as a link', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/Blitzschutz`);
    await page.locator('header details[data-menu].group:not(.relative) summary').click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Karriere' }).click();
    await page.waitForURL(/\/jobs$/);
    await page.locator('header details.relative summary').click();
    await page.locator('a[hreflang=en]').click();
    await page.waitForURL(/lang=en/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto(`${site.url}/Blitzschutz`);
    // The language cookie keeps the choice for the next page.
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const first = page.locator('[data-faq] details').first();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).toBe('');
    await page.goto(`${site.url}/contactus`);
    await expect(page.locator('[data-map-load]').isVisible()).resolves.toBe(false);
    expect(await page.locator('[data-map-consent] a[target=_blank]').getAttribute('href')).toMatch(/openstreetmap/);
    // The web app manifest is linked without the script too.
    expect(await page.locator('head link[rel=manifest]').getAttribute('href')).toBe('/site.webmanifest');
  });
});

describe('with the script', () => {
  it('links the web app manifest once the page has loaded, not while it loads', async () => {
    const page = await site.page();
    await page.addInitScript(() => {
      const linked = () => document.head.querySelector(':scope > link[rel=manifest]') !== null;
      const seen = window as Window & { manifestLinked?: Record<string, boolean> };
      seen.manifestLinked = {};
      document.addEventListener('DOMContentLoaded', () => (seen.manifestLinked!['domContentLoaded'] = linked()));
      window.addEventListener('load', () => (seen.manifestLinked!['load'] = linked()));
    });
    await page.goto(`${site.url}/Blitzschutz`);
    await expect.poll(() => page.locator('head > link[rel=manifest]').getAttribute('href')).toBe('/site.webmanifest');
    expect(await page.evaluate(() => (window as Window & { manifestLinked?: unknown }).manifestLinked)).toEqual({
      domContentLoaded: false,
      load: false,
    });
    // The page's own copy for browsers without the script stays inert text.
    expect(await page.locator('head link[rel=manifest]').count()).toBe(1);
    expect(page.errors).toEqual([]);
  });
});

describe('before the script arrives', () => {
  it('loses nothing typed, chosen or clicked while the page’s scripts are held back', async () => {
    const page = await site.page();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back: wait for the HTML itself.
    await page.goto(`${site.url}/jobs`, { waitUntil: 'commit' });
    await page.locator('#contact-form button[type=submit]').waitFor();
    await page.getByLabel('Stellenangebote durchsuchen').fill('hanau');
    const form = page.locator('#contact-form form');
    await form.locator('select[name=subject]').selectOption('application');
    await form.locator('input[name=firstName]').fill('Erika');
    await form.locator('textarea[name=message]').fill('Vor dem Skript getippt');
    await form.locator('input[type=file]').setInputFiles([plan]);
    release();
    await page.locator('#contact-form[data-hydrated]').waitFor();
    expect(await form.locator('input[name=firstName]').inputValue()).toBe('Erika');
    expect(await form.locator('textarea[name=message]').inputValue()).toBe('Vor dem Skript getippt');
    expect(await form.locator('select[name=subject]').inputValue()).toBe('application');
    expect(await page.locator('[data-testid=attachment-list] li').first().textContent()).toContain('Plan.pdf');
    // The search typed before the script is applied when it arrives, and the address follows.
    await page.waitForURL(/q=hanau/);
    expect(await page.getByLabel('Stellenangebote durchsuchen').inputValue()).toBe('hanau');
    expect(page.errors).toEqual([]);
  });

  it('replays a click on “load the map” made before the script arrived', async () => {
    const page = await site.page();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/islands-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.route(/openstreetmap/, (route) => route.fulfill({ body: '<p>map</p>', contentType: 'text/html' }));
    await page.goto(`${site.url}/contactus`, { waitUntil: 'commit' });
    await page.locator('[data-map-load]').waitFor();
    await page.locator('[data-map-load]').click();
    release();
    await page.locator('[data-map-frame] iframe').waitFor();
  });
});
