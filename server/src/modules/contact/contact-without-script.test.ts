import { describe, expect, it } from 'vitest';
import { applicationConsentFields, applicationConsentTexts, applicationConsentVersion } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { formData, generalMessage, pdfFile, pngFile, priceInquiry } from './contact.test-kit';

/**
 * A web build whose server bundle renders the page's key, address and the footer form's state as
 * JSON: what the server asks the page to show. (The real markup is the browser tests' business:
 * e2e/public/without-javascript.e2e.ts.)
 */
function webBuildShowingFormState(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"></div></body></html>`,
    `const state = JSON.stringify(data['contact-form'] ?? null).replace(/</g, '&lt;');
      return { html: '<main data-page="' + page + '" data-url="' + url + '" data-lang="' + lang + '">' + state + '</main>', head: '' };`,
  );
}

/** The footer form's state the page was rendered with. */
function formState(html: string): { page: string; url: string; state: any } {
  const match = html.match(/<main data-page="([^"]+)" data-url="([^"]*)" data-lang="[^"]+">(.*?)<\/main>/s);
  if (!match) throw new Error(`not a rendered page: ${html.slice(0, 200)}`);
  return { page: match[1]!, url: match[2]!, state: JSON.parse(match[3]!.replace(/&lt;/g, '<')) };
}

/** A browser's own form post: multipart, asking for HTML, with whatever cookie it holds. */
async function postForm(
  base: string,
  fields: Record<string, string | string[]>,
  cookie = '',
  files = [] as Awaited<ReturnType<typeof pngFile>>[],
) {
  const response = await fetch(`${base}/api/v1/Contact`, {
    method: 'POST',
    body: formData(fields, files),
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', cookie },
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
  };
}

/** What the form's stylesheet asks for at the first focus: the signed moment the visitor began. */
async function formStart(base: string, cookie = ''): Promise<{ status: number; cookie: string; setCookie: string | null }> {
  const response = await fetch(`${base}/api/v1/Contact/FormStart`, { headers: { cookie } });
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, cookie: setCookie ? setCookie.split(';')[0]! : cookie, setCookie };
}

describe.each(databaseKinds)('the footer form sent without JavaScript, on %s', (kind) => {
  it('stores an application’s ticked box to be kept for later openings, and shows it ticked again after a refusal', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildShowingFormState(), CONTACT_MIN_FILL_SECONDS: '0' });
    const application = {
      ...generalMessage,
      subject: 'application',
      language: 'en',
      [applicationConsentFields.consent]: 'true',
      [applicationConsentFields.version]: applicationConsentVersion,
      returnTo: '/jobs?lang=en',
    };
    const refused = await postForm(url, { ...application, lastName: '' });
    expect(refused.status).toBe(400);
    expect(formState(refused.html).state).toMatchObject({ applicationConsent: true, notice: { kind: 'missing' } });
    // Not ticked: the box comes back unticked (no mark at all).
    const unticked = await postForm(url, { ...application, lastName: '', [applicationConsentFields.consent]: [] });
    expect(formState(unticked.html).state.applicationConsent).toBeUndefined();

    expect((await postForm(url, application)).status).toBe(303);
    const token = await signIn(url);
    const [item] = (await api(url, 'GET', '/api/v1/Inquiry', { token })).body.data;
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${item.id}`, { token });
    expect(detail.body.applicationConsent).toMatchObject({
      version: applicationConsentVersion,
      language: 'en',
      text: applicationConsentTexts[applicationConsentVersion].en,
    });
  });

  it('is stored like the script’s inquiry and answered with 303 back to its page, at the success notice', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildShowingFormState() });
    const res = await postForm(url, { ...priceInquiry, Regards: ['lps', 'earthing'], returnTo: '/Projects?page=2&lang=en' }, '', [
      await pngFile(),
      pdfFile(),
    ]);
    expect(res.status).toBe(303);
    const token = await signIn(url);
    const list = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(list.body.data[0]).toMatchObject({ subject: 'priceInquiry', attachmentCount: 2 });
    const { reference } = list.body.data[0];
    // Back to its page, with the reference, which the form's place confirms (issue 40).
    expect(res.location).toBe(`/Projects?page=2&lang=en&inquiry=sent&reference=${reference}#contact-form`);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${list.body.data[0].id}`, { token });
    expect(detail.body.regards).toEqual(['lps', 'earthing']);
    // The page it leads to shows the notice and the reference, made for this answer alone.
    const page = await fetch(`${url}${res.location!.replace('#contact-form', '')}`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const shown = formState(await page.text());
    expect(shown.page).toBe('projects');
    expect(shown.state).toEqual({ notice: { kind: 'success', sent: { reference, confirmationMail: true } } });
    // Without a reference, or with one not of the server's making: the notice alone, never the value given.
    for (const query of ['inquiry=sent', 'inquiry=sent&reference=%3Cb%3Ex', 'inquiry=sent&reference=20261125-ABCDEFG']) {
      const plain = await fetch(`${url}/Projects?${query}`);
      expect(plain.status, query).toBe(200);
      expect(formState(await plain.text()).state, query).toEqual({ notice: { kind: 'success' } });
    }
  });

  it('shows the page again with the spec’s notice, the marked fields and every value typed, and stores nothing', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildShowingFormState() });
    const res = await postForm(url, {
      ...generalMessage,
      lastName: '',
      message: 'Zeile <eins>\nZeile zwei',
      returnTo: '/aboutus',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const shown = formState(res.html);
    expect(shown.page).toBe('aboutus');
    expect(shown.state.notice).toEqual({ kind: 'missing', fields: ['lastName'] });
    expect(shown.state.errors).toEqual({ lastName: 'required' });
    const { language: _language, ...typed } = generalMessage;
    expect(shown.state.values).toMatchObject({
      ...typed,
      lastName: '',
      message: 'Zeile <eins>\nZeile zwei',
      Regards: [],
    });
    const price = await postForm(url, { ...generalMessage, subject: 'priceInquiry', returnTo: '/aboutus?lang=en' });
    expect(price.status).toBe(400);
    expect(formState(price.html).state.notice).toEqual({
      kind: 'missingPrice',
      // In the form's order (issue 40), not the spec's BuildingSize-first.
      fields: ['CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'],
    });
    const token = await signIn(url);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).body.count).toBe(0);
  });

  it('answers a refusal in place on every page that carries the form: a project’s, a job’s, a gallery page past the last', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildShowingFormState() });
    const token = await signIn(url);
    const both = (de: string, en: string) => [
      { content: de, language: 2 },
      { content: en, language: 1 },
    ];
    const project = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: { title: both('Umspannwerk', 'Substation'), picture: dataUrl(await testPhoto(64, 48)) },
    });
    expect(project.status).toBe(201);
    const job = await api(url, 'POST', '/api/v1/Job', {
      token,
      body: {
        title: both('Monteur', 'Fitter'),
        tasks: both('Montage', 'Installing'),
        location: 'Hanau',
        employmentType: 'FULL_TIME',
        published: true,
      },
    });
    expect(job.status, job.text).toBe(201);
    const cases = [
      [`/project/${project.body.id}`, 'project', `/project/${project.body.id}`],
      [`/project/${project.body.id}?lang=en`, 'project', `/project/${project.body.id}?lang=en`],
      [`/jobs/${job.body.id}?subject=application`, 'job', `/jobs/${job.body.id}?subject=application`],
      // Past the last page: the last page's cards, in place.
      ['/Projects?page=9', 'projects', '/Projects'],
      ['/Projects?page=9&rows=20&lang=en', 'projects', '/Projects?lang=en&rows=20'],
      // A project removed meanwhile: the contact page, with everything typed.
      ['/project/424242', 'contactus', '/contactus'],
    ] as const;
    for (const [returnTo, page, shownUrl] of cases) {
      const res = await postForm(url, { ...generalMessage, subject: 'application', phone: '', returnTo });
      expect(res.status, returnTo).toBe(400);
      expect(res.location, returnTo).toBeNull();
      const shown = formState(res.html);
      expect(shown, returnTo).toMatchObject({ page, url: shownUrl });
      expect(shown.state.notice).toEqual({ kind: 'missing', fields: ['phone'] });
      expect(shown.state.values).toMatchObject({ subject: 'application', firstName: 'Erika', message: generalMessage.message });
    }
    // Asked for by a visitor, a gallery page past the last still leads to the last.
    expect((await api(url, 'GET', '/Projects?page=9')).headers.get('location')).toBe('/Projects?page=1');
  });

  it('keeps every value typed when refused as one post too many, and says so', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildShowingFormState(), CONTACT_RATE_LIMIT: '1' });
    const start = await formStart(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await postForm(url, { ...generalMessage, returnTo: '/jobs' }, start.cookie)).status).toBe(303);
    const refused = await postForm(
      url,
      { ...priceInquiry, message: 'Noch eine Frage', returnTo: '/jobs?lang=en' },
      start.cookie,
      [await pngFile()],
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const shown = formState(refused.html);
    expect(shown.page).toBe('jobs');
    expect(shown.url).toBe('/jobs?lang=en');
    expect(shown.state.notice).toEqual({ kind: 'tooMany' });
    expect(shown.state.values).toMatchObject({
      firstName: 'Erika',
      message: 'Noch eine Frage',
      CompanyName: 'Beispiel Logistik GmbH',
    });
  });

  it('names a refused file, and never leads elsewhere than a page of this site', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: webBuildShowingFormState() });
    const exe = { name: 'tool.exe', type: 'application/octet-stream', data: Buffer.from('MZ\x90\x00 not a document') };
    const refused = await postForm(url, { ...generalMessage, returnTo: '/jobs' }, '', [exe]);
    expect(refused.status).toBe(415);
    expect(formState(refused.html)).toMatchObject({
      page: 'jobs',
      state: { notice: { kind: 'attachments', files: ['tool.exe'] } },
    });
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/dashboard', 'javascript:alert(1)', '/no/such/page']) {
      const res = await postForm(url, { ...generalMessage, returnTo });
      expect(res.status, returnTo).toBe(303);
      expect(res.location, returnTo).toMatch(/^\/contactus\?inquiry=sent&reference=\d{8}-\w{6}#contact-form$/);
    }
  });

  it('measures the fill time from the form-start cookie: too quick or without one is spam, a cookie is not renewed', async () => {
    const { url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '1' });
    const start = await formStart(url);
    expect(start.status).toBe(204);
    expect(start.setCookie).toMatch(
      /^contact-form-start=\d{13}\.[\w-]{22}\.[\w-]+; Max-Age=86400; Path=\/api\/v1\/Contact; HttpOnly; SameSite=Strict$/,
    );
    // A valid cookie is kept: opening another page does not restart the clock.
    expect((await formStart(url, start.cookie)).setCookie).toBeNull();
    const quick = await postForm(url, { ...generalMessage, returnTo: '/' }, start.cookie);
    const none = await postForm(url, { ...generalMessage, returnTo: '/' });
    await new Promise((r) => setTimeout(r, 1100));
    const human = await postForm(url, { ...generalMessage, returnTo: '/' }, start.cookie);
    // The cookie passed once (issue 27, point 7): sent again it is a script's post; the next
    // form start gives a new cookie, whose clock runs from then.
    const again = await postForm(url, { ...generalMessage, returnTo: '/' }, start.cookie);
    for (const res of [quick, none, human, again]) expect(res.status).toBe(303);
    const next = await formStart(url, start.cookie);
    expect(next.setCookie).toMatch(/^contact-form-start=\d{13}\./);
    expect(next.cookie).not.toBe(start.cookie);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await postForm(url, { ...generalMessage, returnTo: '/' }, next.cookie)).status).toBe(303);
    const token = await signIn(url);
    const spam = await api(url, 'GET', '/api/v1/Inquiry?Spam=true', { token });
    const all = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(spam.body.count).toBe(3);
    expect(all.body.count).toBe(2);
  });

  it('answers the script (it asks for JSON) as before: 201 and problem details', async () => {
    const { url } = await startTestApp(kind);
    const bad = await fetch(`${url}/api/v1/Contact`, {
      method: 'POST',
      body: formData({ ...generalMessage, phone: '' }),
      headers: { accept: 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
  });
});
