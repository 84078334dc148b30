import { beforeAll, describe, expect, it } from 'vitest';
import { type InquiryList, type Job, apiRoutes } from '@blitz/contract';
import { api, apiLogin, openWithToken } from '../support/admin-helpers';
import { useSite } from '../support/harness';
import { useSmtp } from '../support/smtp';

// Issue 29: an application sent from a job's page says which job it is for — in the form, in the
// staff mail's subject and in the inbox — with JavaScript and without.
const smtp = useSmtp();
const env: Record<string, string> = {
  SEED_SAMPLE: 'false',
  CONTACT_RATE_LIMIT: '1000',
  CONTACT_MIN_FILL_SECONDS: '0',
  MAIL_POLL_MS: '100',
  CONTACT_TO: 'hr@company.example',
  CONFIRMATION_MAIL: 'false',
};
const site = useSite(env);
let token = '';
let jobId = 0;
beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
  await site.start();
  token = await apiLogin(site.url);
  const job = await api<Job>(site.url, token, 'POST', apiRoutes.jobs.list, {
    title: [
      { content: 'Erdungstechniker (m/w/d)', language: 2 },
      { content: 'Earthing technician (m/f/d)', language: 1 },
    ],
    tasks: [{ content: 'Messung von Erdungsanlagen', language: 2 }],
    profile: [],
    offer: [],
    howToApply: [],
    location: 'Hanau',
    employmentType: 'FULL_TIME',
    startDate: null,
    validThrough: null,
    contact: '',
    published: true,
  });
  jobId = job.id;
}, 60_000);

/** The subjects of the mails received, folded header lines joined. */
const subjects = () =>
  smtp.received.map((m) => (/^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(m.raw)?.[1] ?? '').replace(/\r\n[ \t]/g, ' '));

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each([
  { script: true, lastName: 'Skriptnutzerin' },
  { script: false, lastName: 'Ohneskript' },
])('an application from a job’s page (JavaScript: $script)', ({ script, lastName }) => {
  it('names the job in the form, the staff mail’s subject and the inbox', async () => {
    const page = await site.page({ javaScriptEnabled: script });
    await page.goto(`${site.url}/jobs/${jobId}`);
    await page.getByRole('link', { name: 'Jetzt bewerben' }).first().click();
    await page.waitForURL(/\?subject=application#contact-form$/);
    const form = page.locator('#contact-form form');
    expect(await form.locator('[data-applying-for]').textContent()).toBe('Bewerbung: Erdungstechniker (m/w/d)');
    expect(await form.locator('select[name=subject]').inputValue()).toBe('application');
    // Another subject sends no job, and the form stops naming it (CSS: with or without a script).
    await form.locator('select[name=subject]').selectOption('generalMessage');
    expect(await form.locator('[data-applying-for]').isVisible()).toBe(false);
    await form.locator('select[name=subject]').selectOption('application');
    expect(await form.locator('[data-applying-for]').isVisible()).toBe(true);
    await form.locator('input[name=firstName]').fill('Erika');
    await form.locator('input[name=lastName]').fill(lastName);
    await form.locator('input[name=phone]').fill('+49 6181 12345');
    await form.locator('input[name=email]').fill('erika@example.org');
    await form.locator('textarea[name=message]').fill('Hiermit bewerbe ich mich.');
    await form.locator('button[type=submit]').click();
    // Issue 40: confirmed in place of the form, which no longer says "Bewerbung: …" once asked for again.
    await page.locator('#contact-form [data-inquiry-sent]').waitFor();
    await page.getByRole('link', { name: 'Weitere Nachricht senden' }).click();
    if (script) {
      expect(await form.locator('select[name=subject]').inputValue()).toBe('');
      expect(await form.locator('[data-applying-for]').count()).toBe(0);
    } else {
      // Without a script the page is loaded again, at its address, which chooses the application.
      await page.waitForURL(/\?subject=application#contact-form$/);
      expect(await form.locator('[data-applying-for]').isVisible()).toBe(true);
    }

    await until(() => subjects().some((s) => s.includes(lastName)));
    expect(subjects().find((s) => s.includes(lastName))).toMatch(/^Bewerbung: Erdungstechniker \(m\/w\/d\) von Erika/);
    const inbox = await api<InquiryList>(site.url, token, 'GET', `${apiRoutes.inbox.list}?JobID=${jobId}`);
    expect(inbox.data.find((i) => i.lastName === lastName)?.job).toEqual({ id: jobId, title: 'Erdungstechniker (m/w/d)' });
    expect(page.errors).toEqual([]);
  });
});

describe('the inbox’s job filter', () => {
  it('narrows to one job’s applications, and still offers the job once it is removed', async () => {
    // After the two applications above; a second job's application shows what the filter leaves out.
    const page = await site.page();
    await openWithToken(page, site.url, token, '/dashboard?lang=en&tab=inquiries');
    const main = page.locator('main');
    const jobFilter = main.getByLabel('Job', { exact: true });
    await jobFilter.waitFor();
    expect(await jobFilter.locator('option').allInnerTexts()).toEqual(['All', 'Earthing technician (m/f/d)']);
    await jobFilter.selectOption({ label: 'Earthing technician (m/f/d)' });
    await main.getByText('2 inquiries', { exact: true }).waitFor();

    await api(site.url, token, 'DELETE', apiRoutes.jobs.onePath(jobId));
    await page.reload();
    await jobFilter.waitFor();
    // Removed: named by the title its applications kept (German, as stored).
    expect(await jobFilter.locator('option').allInnerTexts()).toEqual(['All', 'Erdungstechniker (m/w/d)']);
    await jobFilter.selectOption({ label: 'Erdungstechniker (m/w/d)' });
    await main.getByText('2 inquiries', { exact: true }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
