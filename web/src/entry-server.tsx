import type { Resource } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  type CompanySettings,
  type SiteLanguage,
  company,
  companyInterpolationOf,
  indexablePages,
  pageUrl,
  pages,
  siteLanguages,
  escapeHtml,
  type PageData,
  type PageKey,
  type Project,
  type RenderPage,
  apiRoutes,
  apiUrl,
  contentLanguageOf,
} from '@blitz/contract';
import { App } from './app/app';
import { AppRoutes } from './app/app-routes';
import { metaKeyOf } from './config/paths';
import siteImages from './config/site-images.json';
import { createServerI18n } from './lib/i18n/i18n';
import { languageRedirectScript } from './lib/i18n/language';
import { PageDataProvider } from './lib/ssr/page-data';
import { SiteContentProvider, defaultSiteContent } from './lib/ssr/site-content';

const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

const resources: Resource = {};
for (const [file, texts] of Object.entries(localeFiles)) {
  const [, lang, namespace] = file.match(/\.\/locales\/([^/]+)\/([^/]+)\.json$/)!;
  (resources[lang!] ??= {})[namespace!] = texts;
}

/**
 * The origin absolute addresses are written with at build time. The server replaces it with the
 * public address in effect (SITE_URL, else the website staff saved), so a new domain needs no rebuild.
 */
export const buildOrigin = new URL(company.website).origin;

const absolute = (pathname: string, lang: SiteLanguage) => pageUrl(pathname, lang, buildOrigin);

export { languageRedirectScript, pages, siteLanguages };

/**
 * Data a page shows only when the server renders it per request, given to the build so that
 * the classes it needs are in the page's inline CSS too (prerender.mjs): the home page's
 * featured projects, absent from the built page, must not paint unstyled.
 */
export function cssSampleData(page: PageKey, lang: SiteLanguage): PageData | undefined {
  if (page !== 'home') return undefined;
  const language = contentLanguageOf(lang);
  const project: Project = {
    id: 1,
    title: [{ content: '…', language }],
    content: [],
    scopeOfWorks: [],
    location: '…',
    workDuration: '',
    client: '',
    categoryID: null,
    category: null,
    picture: '/media/sample.webp',
    pictureWidth: 1600,
    pictureHeight: 1067,
    pictureSources: [{ url: '/media/sample.webp', width: 640, type: 'image/webp' }],
    featured: true,
    position: 1,
    createdAt: '',
    updatedAt: '',
  };
  return { [apiUrl(apiRoutes.projects.featuredPath(language))]: { count: 1, data: [project] } };
}

/**
 * Structured data of the home page: who the company is and where (schema.org), from the details
 * staff saved. `Electrician` is a LocalBusiness (via HomeAndConstructionBusiness), so it says both
 * without a second type. The opening hours are free text in the settings, not the
 * `Mo-Fr 07:00-16:30` form schema.org's `openingHours` asks for, and are left out.
 */
function organisationJsonLd(
  lang: SiteLanguage,
  description: string,
  settings: CompanySettings,
  images: { logo: string; ogImage: string },
): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Electrician',
    name: settings.name,
    legalName: settings.legalName,
    url: absolute('/', lang),
    // The site's 512 px icon, as the job postings' hiring organisation shows it; the link preview's picture.
    logo: new URL(images.logo, buildOrigin).href,
    image: new URL(images.ogImage, buildOrigin).href,
    description,
    telephone: settings.phone,
    email: settings.email,
    foundingDate: String(settings.foundedYear),
    vatID: settings.vatId,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.street,
      postalCode: settings.postalCode,
      addressLocality: settings.city,
      addressCountry: settings.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: settings.map.latitude, longitude: settings.map.longitude },
  };
  // '<' escaped, so that no text can close the script element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * Renders one page in one language: its markup, and the head that goes with it. `data` holds
 * API answers the page renders with (the server passes them when it renders a page per request;
 * the build passes none), `content` the published texts and the company's details.
 */
export const render: RenderPage = async (page, url, lang, data, content = defaultSiteContent) => {
  const texts = content.texts ? { [lang]: content.texts } : resources;
  const values = companyInterpolationOf(content.company);
  const words = await createServerI18n(lang, texts, values);
  const directors = content.company.managingDirectors;
  const i18n = await createServerI18n(lang, texts, {
    ...values,
    // The managing directors in the page's language: "A und B", and the title in the plural for more than one.
    ceoName: new Intl.ListFormat(lang, { type: 'conjunction' }).format(directors),
    ceoTitle: words.t('common:managingDirector', { count: directors.length }),
    // While the placeholder company is in place, every text naming its legal name marks it as a
    // sample in the page's language (the components do the same: useLegalName).
    ...(content.sampleCompany ? { legalName: words.t('common:sampleCompany', { name: values.legalName }) } : {}),
  });
  const t = i18n.getFixedT(lang, 'common');
  const metaKey = metaKeyOf[page];
  const title = t(`meta.${metaKey}.title`);
  const description = t(`meta.${metaKey}.description`);
  const path = pages[page].path;
  const indexable = indexablePages.includes(page);
  // The icons and link-preview picture drawn from the saved logo and details (decision 028), else the build's.
  const drawn = content.siteImages;
  const ogImage = drawn?.ogImage ?? siteImages.ogImage.url;
  const iconLinks = drawn?.icons
    ? [
        `<link rel="icon" href="${drawn.icons.favicon}" sizes="32x32" />`,
        `<link rel="icon" href="${drawn.icons.icon192}" type="image/png" sizes="192x192" />`,
        `<link rel="apple-touch-icon" href="${drawn.icons.appleTouchIcon}" />`,
      ]
    : [];
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<script>${languageRedirectScript}</script>`,
    indexable
      ? [
          `<link rel="canonical" href="${absolute(path, lang)}" />`,
          `<link rel="alternate" hreflang="de" href="${absolute(path, 'de')}" />`,
          `<link rel="alternate" hreflang="en" href="${absolute(path, 'en')}" />`,
          `<link rel="alternate" hreflang="x-default" href="${absolute(path, 'de')}" />`,
        ].join('\n    ')
      : '<meta name="robots" content="noindex, nofollow" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(content.company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:locale" content="${lang === 'de' ? 'de_DE' : 'en_GB'}" />`,
    ...(indexable ? [`<meta property="og:url" content="${absolute(path, lang)}" />`] : []),
    // The link preview's picture, for every page without its own (a project's page puts its
    // photo in its place) — drawn by web/scripts/site-images.mjs. Its type and alt text are
    // left out: every byte here is in the first response, within 14 KB (decision 009).
    `<meta property="og:image" content="${new URL(ogImage, buildOrigin).href}" />`,
    `<meta property="og:image:width" content="${siteImages.ogImage.width}" />`,
    `<meta property="og:image:height" content="${siteImages.ogImage.height}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...(page === 'home'
      ? [organisationJsonLd(lang, description, content.company, { logo: drawn?.icons?.icon512 ?? '/icon-512.png', ogImage })]
      : []),
    ...iconLinks,
  ].join('\n    ');

  if (!pages[page].prerender) return { html: '', head };

  // An error inside a Suspense boundary would silently ship a client-rendered page (and inline
  // scripts the CSP blocks): the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <PageDataProvider value={data}>
      <SiteContentProvider value={content}>
        <App i18n={i18n}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </App>
      </SiteContentProvider>
    </PageDataProvider>,
    // Boundaries larger than progressiveChunkSize (12.8 KB by default) would be written out of
    // order, moved into place by inline scripts: every page is written in order instead.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  if (errors.length > 0) throw new Error(`prerendering ${page} (${lang}) failed`, { cause: errors[0] });
  return { html: Buffer.concat(chunks).toString('utf8'), head };
};
