import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite } from '../support/harness';
import { useSmtp } from '../support/smtp';

// Issue 29: staff see where inquiries go, change it, and confirm it with a test mail whose result
// the dashboard shows per recipient — a mail server that refuses one address included.
const smtp = useSmtp({ refuse: ['gibtsnicht@erdwerk.example'] });
const env: Record<string, string> = { SEED_SAMPLE: 'false' };
const site = useSite(env);
beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
  await site.start();
}, 60_000);

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
    expect(smtp.received.flatMap((m) => m.to)).toContain('vertrieb@erdwerk.example');
    expect(page.errors).toEqual([]);
  });
});
