import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';
import { useSmtp } from '../support/smtp';

// Issue 44: HR says "we answer within two weeks" in its own confirmation mail, with no developer:
// an admin edits the application confirmation in the mail tab, sees it in the preview, saves,
// and the next applicant's confirmation carries those words.

const smtp = useSmtp();
const env: Record<string, string> = { SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' };
const site = useSite(env);
beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
  await site.start();
}, 120_000);

async function sendApplication(email: string, language: 'de' | 'en'): Promise<void> {
  await sendInquiry(site.url, {
    subject: 'application',
    firstName: 'Erika',
    lastName: 'Musterfrau',
    phone: '+49 6181 12345',
    email,
    message: 'Ich bewerbe mich als Monteurin.',
    language,
  });
}

/** The text of the mail the sink took for `to`, once it is there. */
async function mailTextTo(to: string): Promise<string> {
  await expect.poll(() => smtp.received.some((m) => m.to.includes(to)), { timeout: 20_000 }).toBe(true);
  const parsed = await simpleParser(smtp.received.find((m) => m.to.includes(to))!.raw);
  return parsed.text ?? '';
}

describe.each([
  {
    lang: 'de',
    viewport: viewports.desktop,
    tab: 'E-Mail',
    type: 'Art der Anfrage',
    kind: 'E-Mail',
    editor: 'Deutsch',
    body: 'Text (Deutsch)',
    templateLanguage: 'de',
    shipped: 'Wir haben sie erhalten und melden uns so bald wie möglich.',
    words: 'Wir antworten innerhalb von zwei Wochen.',
    notAllowed: 'ist in der Bestätigung nicht erlaubt',
    preview: 'Vorschau',
    previewHeading: 'Vorschau mit einer Beispielanfrage (Deutsch)',
    sampleJob: 'Stelle: Blitzschutzmonteur (m/w/d)',
    save: 'Vorlage speichern',
    saved: 'Gespeichert.',
    own: 'Eigener Text',
  },
  {
    lang: 'en',
    viewport: viewports.phone,
    tab: 'E-mail',
    type: 'Type of inquiry',
    kind: 'E-mail',
    editor: 'English',
    body: 'Text (English)',
    templateLanguage: 'en',
    shipped: 'We have received your request and will get back to you as soon as we can.',
    words: 'We answer within two weeks.',
    notAllowed: 'is not allowed in the confirmation',
    preview: 'Preview',
    previewHeading: 'Preview with a sample inquiry (English)',
    sampleJob: 'Position: Lightning protection installer (m/f/d)',
    save: 'Save template',
    saved: 'Saved.',
    own: 'Own text',
  },
] as const)('the application confirmation, edited in $lang', (w) => {
  it('an admin edits it with the preview and saves; the next applicant’s confirmation says it', async () => {
    const page = await site.page({ viewport: w.viewport });
    await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${w.lang}&tab=mail`);
    const main = page.locator('main');
    await main.getByRole('tab', { name: w.tab }).waitFor();
    await main.getByRole('combobox', { name: w.type, exact: true }).selectOption('application');
    await main.getByRole('combobox', { name: w.kind, exact: true }).selectOption('confirmation');
    const editor = main.getByRole('form', { name: w.editor, exact: true });
    const body = editor.getByRole('textbox', { name: w.body, exact: true });
    const shipped = await body.inputValue();
    expect(shipped).toContain(w.shipped);

    // The visitor's name is flagged before anything is sent: the confirmation never repeats it.
    await body.fill(`{visitorName}\n${shipped}`);
    await editor.getByText(w.notAllowed).waitFor();
    expect(await body.getAttribute('aria-invalid')).toBe('true');

    await body.fill(shipped.replace(w.shipped, w.words));
    expect(await body.getAttribute('aria-invalid')).toBeNull();
    await editor.getByRole('button', { name: w.preview, exact: true }).click();
    const preview = editor.getByRole('region', { name: w.previewHeading });
    await preview.getByText(w.words, { exact: false }).waitFor();
    expect(await preview.textContent()).toContain(w.sampleJob);
    expect(await page.evaluate(() => window.innerWidth)).toBe(w.viewport.width);
    // Nothing wider than the phone's screen: the editors stack.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await editor.getByRole('button', { name: w.save, exact: true }).click();
    await editor.getByRole('status').getByText(w.saved).waitFor();
    await editor.getByText(w.own, { exact: true }).waitFor();

    const applicant = `applicant-${w.lang}@example.org`;
    await sendApplication(applicant, w.templateLanguage);
    const text = await mailTextTo(applicant);
    expect(text).toContain(w.words);
    expect(text).not.toContain(w.shipped);
    expect(text).not.toContain('Erika');
    expect(page.errors).toEqual([]);
  });
});
