import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite } from '../support/harness';

// Issue 29: staff see where inquiries go, change it, and confirm it with a test mail whose result
// the dashboard shows per recipient — a mail server that refuses one address included.
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === 'gibtsnicht@erdwerk.example') callback(new Error('550 no such mailbox'));
    else callback();
  },
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      received.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});
const env: Record<string, string> = { SEED_SAMPLE: 'false' };
const site = useSite(env);
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  env['SMTP_URL'] = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  await site.start();
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe.each([
  { lang: 'de', tab: 'E-Mail', price: 'Preisanfrage', save: 'Speichern', test: 'Testmail senden', ok: 'angenommen' },
  { lang: 'en', tab: 'E-mail', price: 'Price inquiry', save: 'Save', test: 'Send a test mail', ok: 'accepted' },
])('the mail settings in $lang', ({ lang, tab, price, save, test, ok }) => {
  it('show the recipients, keep a change, and report the test mail per recipient', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=mail`);
    const main = page.locator('main');
    await main.getByRole('tab', { name: tab }).waitFor();
    const priceField = main.getByLabel(price);
    await priceField.fill('vertrieb@erdwerk.example\nnot an address');
    await main.getByRole('button', { name: save, exact: true }).click();
    expect(await priceField.getAttribute('aria-invalid')).toBe('true');
    await priceField.fill('vertrieb@erdwerk.example\ngibtsnicht@erdwerk.example');
    await main.getByRole('button', { name: save, exact: true }).click();
    await main.getByRole('status').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole('button', { name: test }).click();
    const results = main.locator('li[data-accepted]');
    await results.first().waitFor();
    expect(await main.locator('li[data-accepted=true]', { hasText: 'vertrieb@erdwerk.example' }).textContent()).toContain(ok);
    expect(await main.locator('li[data-accepted=false]', { hasText: 'gibtsnicht@erdwerk.example' }).textContent()).toContain(
      '550',
    );
    expect(received).toContain('vertrieb@erdwerk.example');
    expect(page.errors).toEqual([]);
  });
});
