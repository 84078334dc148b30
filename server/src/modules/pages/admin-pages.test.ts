import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl, companyDetailsSchema, defaultCompanyDetails, pageDataElementId } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, signIn, startTestApp, tempDir } from '../../test/helper';

/**
 * A web build whose admin pages are app shells (an empty root) with the sample company in their
 * head, and whose server bundle renders a head from the company it is given, as entry-server does.
 */
function fakeBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key} | Musterblitz</title><meta name="description" content="Musterblitz" /><meta property="og:site_name" content="Musterblitz" /></head><body><div id="root"></div></body></html>`,
    `const name = content ? content.company.name : 'Musterblitz';
      return {
        html: '',
        head: '<title>' + page + ' | ' + name + '</title>\\n<meta name="description" content="' + name + '" />\\n<meta property="og:site_name" content="' + name + '" />',
      };`,
  );
}

const realCompany = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk.de',
  vatId: 'DE123456789',
};

/** The data a page carries for the browser app. */
const pageData = (html: string) =>
  JSON.parse(
    html.match(new RegExp(`<script type="application/json" id="${pageDataElementId}">(.*?)</script>`))?.[1] ?? '{}',
  ) as Record<string, unknown>;

describe.each(databaseKinds)('the admin pages name the saved company, on %s', (kind) => {
  it('/login and /dashboard: title, description, og:site_name and the browser app’s company details from the next request', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild() });
    const page = async (address: string) => {
      const res = await getOnce(`${url}${address}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      return res.body.toString('utf8');
    };
    // The sample in place: the shell as built, with no data.
    expect(await page('/login')).toContain('<title>login | Musterblitz</title>');

    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    for (const address of ['/login', '/dashboard', '/login?lang=en', '/dashboard?tab=company']) {
      const html = await page(address);
      expect(html, address).not.toContain('Musterblitz');
      expect(html, address).toContain('| Blitzwerk</title>');
      expect(html, address).toContain('<meta property="og:site_name" content="Blitzwerk" />');
      // The dashboard's application reads them from the page; the sign-in page is rendered with them.
      if (address.startsWith('/dashboard'))
        expect(companyDetailsSchema.parse(pageData(html)[apiUrl(apiRoutes.companyDetails)]), address).toEqual(realCompany);
    }
  });

  it('sends the sign-in form posted without its script back to the sign-in page, reading nothing', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild() });
    const res = await fetch(`${url}/login?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=admin&password=not-sent-anywhere',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?lang=en');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
