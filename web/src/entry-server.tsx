import type { Resource } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  type AddedFieldKind,
  type CustomPageFile,
  type NewsPostSummaryList,
  type PublishedCustomPage,
  type PublishedNewsPost,
  type RichText,
  type InquiryFormField,
  type InquiryFormType,
  type PageData,
  type PageKey,
  type RenderContent,
  type Project,
  type RenderPage,
  type SiteLanguage,
  apiRoutes,
  apiUrl,
  company,
  companyInterpolationOf,
  managementTitle,
  addedFieldKinds,
  contentLanguageOf,
  customPageAddressKey,
  customPageReadPath,
  customPageReferencesKey,
  dashboardFirstViewKey,
  newsHomeKey,
  newsListReadPath,
  newsPostReadPath,
  pageKeys,
  pages,
  shippedInquiryForm,
  siteLanguages,
  translationPath,
} from '@blitz/contract';
import { App } from './app/app';
import { AppRoutes } from './app/app-routes';
import { createServerI18n, namespacesFor } from './lib/i18n/i18n';
import { languageRedirectScript } from './lib/i18n/language';
import { PageDataProvider } from './lib/ssr/page-data';
import { pageHead } from './lib/ssr/page-head';
import { SiteContentProvider, defaultSiteContent } from './lib/ssr/site-content';

const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

const resources: Resource = {};
for (const [file, texts] of Object.entries(localeFiles)) {
  const [, lang, namespace] = file.match(/\.\/locales\/([^/]+)\/([^/]+)\.json$/)!;
  (resources[lang!] ??= {})[namespace!] = texts;
}

/**
 * The origin absolute addresses are written with at build time. The server renders its pages
 * with the public address in effect (SITE_URL, else the website staff saved) instead, and puts
 * it in place of this one in the pages it serves as built, so a new domain needs no rebuild.
 */
export const buildOrigin = new URL(company.website).origin;

export { languageRedirectScript, namespacesFor, pages, siteLanguages, translationPath };

/**
 * Data a page shows only when the server renders it per request, given to the build so that
 * the classes it needs are in the page's inline CSS too (prerender.mjs): the home page's
 * featured projects, absent from the built page, must not paint unstyled.
 */
export function cssSampleData(page: PageKey, lang: SiteLanguage): PageData | undefined {
  if (page !== 'home' && page !== 'project' && page !== 'customPage' && page !== 'news' && page !== 'newsPost') return undefined;
  const language = contentLanguageOf(lang);
  const project: Project = {
    id: 1,
    title: [{ content: '…', language }],
    content: [],
    scopeOfWorks: [],
    location: '…',
    workDuration: '',
    locationTranslations: [],
    workDurationTranslations: [],
    client: '',
    categoryID: null,
    category: null,
    picture: '/media/sample.webp',
    pictureWidth: 1600,
    pictureHeight: 1067,
    pictureSources: [{ url: '/media/sample.webp', width: 640, type: 'image/webp' }],
    searchTitle: [],
    searchDescription: [],
    published: true,
    // Two, so that a project page's gallery (rendered per request) is styled from the first paint.
    pictures: [1, 2].map((n) => ({
      url: `/media/sample-${n}.webp`,
      width: 1600,
      height: 1067,
      sources: [{ url: `/media/sample-${n}.webp`, width: 640, type: 'image/webp' }],
      frame: { width: 1500, height: 1000, sources: [{ url: `/media/sample-${n}.webp`, width: 640, type: 'image/webp' }] },
      shareImage: null,
      alt: [{ content: '…', language }],
      focus: { x: 0.5, y: 0.5 },
      decorative: false,
    })),
    featured: true,
    position: 1,
    createdAt: '',
    updatedAt: '',
  };
  if (page === 'project') return { [apiUrl(apiRoutes.projects.onePath(0))]: project };
  if (page === 'customPage') return customPageSample(project);
  if (page === 'news') return { [newsListReadPath(1)]: newsListSample };
  if (page === 'newsPost') return newsPostSample(project);
  return {
    [apiUrl(apiRoutes.projects.featuredPath(language))]: { count: 1, data: [project] },
    // The newest posts, where staff show them.
    [newsHomeKey]: newsListSample,
  };
}

/** A picture of the library as the public reads give it. */
const samplePicture = (id: number): CustomPageFile => ({
  id,
  kind: 'picture',
  title: { de: '…', en: '…' },
  alt: { de: '…', en: '…' },
  address: `/dateien/${id}/muster`,
  mediaType: 'image/jpeg',
  size: 1,
  width: 1600,
  height: 1067,
  sources: [{ url: '/media/sample.webp', width: 640, type: 'image/webp' }],
});

/** A page of the news list: a post with a cover and one without, and more pages than one. */
const newsListSample: NewsPostSummaryList = {
  count: 30,
  data: [1, 2].map((id) => ({
    id,
    address: 'muster',
    title: { de: '…', en: '…' },
    date: '2027-01-04',
    teaser: { de: '…', en: '…' },
    cover: id === 1 ? { fileId: 1, alt: { de: '', en: '' }, focus: { x: 50, y: 50 } } : null,
    publishAt: '2027-01-04T06:00:00.000Z',
    changedAt: '2027-01-04T06:00:00.000Z',
  })),
  files: [samplePicture(1)],
};

/** A post with a cover and a section of every kind, for its page's inline CSS (prerendered at /aktuelles/muster). */
function newsPostSample(project: Project): PageData {
  const { [customPageReadPath(customPageAddressKey(cssSampleAddress))]: page, ...references } = customPageSample(project);
  const { sections, files } = page as PublishedCustomPage;
  const post: PublishedNewsPost = {
    id: 1,
    address: cssSampleAddress.slice(1),
    title: { de: '…', en: '…' },
    date: '2027-01-04',
    teaser: { de: '…', en: '…' },
    cover: { fileId: 4, alt: { de: '', en: '' }, focus: { x: 50, y: 50 } },
    searchTitle: [],
    searchDescription: [],
    noindex: false,
    publishAt: '2027-01-04T06:00:00.000Z',
    sections,
    published: true,
    changedAt: '',
    createdAt: '',
    updatedAt: '',
    files: [...files, samplePicture(4)],
  };
  return { ...references, [newsPostReadPath(post.address)]: post };
}

/** The address the page staff add is prerendered at: a stand-in, never served (the server renders each page at its own). */
export const cssSampleAddress = '/muster';

/** A page staff added with a section of every kind and every setting, for its inline CSS. */
function customPageSample(project: Project): PageData {
  const words = { de: '…', en: '…' };
  const text = { de: sampleRichText, en: sampleRichText };
  const picture = samplePicture;
  const document: CustomPageFile = { ...picture(3), kind: 'document', alt: null, address: '/dateien/3/muster.pdf', sources: [] };
  const page: PublishedCustomPage = {
    id: 1,
    address: cssSampleAddress,
    title: words,
    linkTitle: words,
    place: 'none',
    placeOrder: 0,
    searchTitle: [],
    searchDescription: [],
    noindex: false,
    published: true,
    createdAt: '',
    updatedAt: '',
    sections: [
      { id: 'a', kind: 'text', text },
      { id: 'b', kind: 'picture', fileId: 1, alt: words, caption: words },
      ...(['left', 'right'] as const).map((side) => ({
        id: side,
        kind: 'textPicture' as const,
        text,
        fileId: 2,
        alt: words,
        side,
        focus: { x: 50, y: 50 },
      })),
      { id: 'c', kind: 'figures', items: [{ value: '1', label: words }] },
      { id: 'd', kind: 'references', heading: words, categoryId: null, order: 'newest', limit: 3 },
      { id: 'e', kind: 'callToAction', heading: words, text: words, button: words, inquiryType: 'general' },
      { id: 'f', kind: 'downloads', heading: words, fileIds: [3] },
      { id: 'g', kind: 'faq', heading: words, items: [{ question: words, answer: words }] },
    ],
    files: [picture(1), picture(2), document],
  };
  return {
    [customPageReadPath(customPageAddressKey(cssSampleAddress))]: page,
    [customPageReferencesKey]: { d: [project] },
  };
}

/** Rich text with every kind of block and setting. */
const sampleRichText: RichText = [
  { type: 'heading', level: 2, content: [{ text: '…' }] },
  { type: 'heading', level: 3, content: [{ text: '…' }] },
  {
    type: 'paragraph',
    content: [
      { text: '…', bold: true },
      { text: '…', italic: true },
      { text: '…', href: '/' },
    ],
  },
  { type: 'list', ordered: false, items: [[{ text: '…' }]] },
  { type: 'list', ordered: true, items: [[{ text: '…' }]] },
];

/**
 * Site content a page shows only once staff shaped it, given to the build for the same reason
 * (prerender.mjs): an inquiry type staff added, with a field of every kind and offered on every
 * page (issue 44), so that its fields and its button are styled from the first paint; and a page
 * in the navigation that moves its links into the menu below 1280 px.
 */
export function cssSampleContent(): RenderContent {
  const field = (key: string, kind: AddedFieldKind, extra: Partial<InquiryFormField> = {}): InquiryFormField => ({
    key,
    kind,
    shown: true,
    required: true,
    label: '…',
    help: '…',
    ...extra,
  });
  const options = [
    { key: 'a', label: '…' },
    { key: 'b', label: '…' },
  ];
  const added: InquiryFormType = {
    key: 'sample',
    name: '…',
    offeredOn: [...pageKeys],
    fields: [
      ...addedFieldKinds.map((kind) =>
        // Keys of their own: `phone` would be SPEC.md's field, not an added one.
        field(`sample${kind}`, kind, kind === 'choice' ? { options } : kind === 'number' ? { unit: '…' } : {}),
      ),
      field('dates', 'date', { multiple: true }),
      field('choices', 'choice', { multiple: true, options }),
    ],
  };
  return {
    ...defaultSiteContent,
    inquiryForm: { version: 1, types: [...shippedInquiryForm.types, added] },
    // A page in the navigation long enough that the links fit from 1280 px only (navbar.tsx).
    pageLinks: { navigation: [{ address: '/muster-seite', title: 'Eine Seite als Muster' }], footer: [] },
  };
}

/**
 * Renders one page in one language: its markup, and the head that goes with it. `data` holds
 * API answers the page renders with (the server passes them when it renders a page per request;
 * the build passes none), `content` the published texts and the company's details, `origin` the
 * public origin of the head's absolute addresses. The head is the page's own: a project's or a
 * job's from its data, a gallery view's with the view's address (lib/ssr/page-head.ts).
 */
export const render: RenderPage = async (page, url, lang, data, content = defaultSiteContent, origin = buildOrigin) => {
  const texts = content.texts ? { [lang]: content.texts } : resources;
  const values = companyInterpolationOf(content.company);
  const words = await createServerI18n(lang, texts, values);
  const directors = content.company.managingDirectors;
  const title = managementTitle(content.company);
  const i18n = await createServerI18n(lang, texts, {
    ...values,
    // The managing directors in the page's language: "A und B", and their title as the company
    // details choose it (Geschäftsführerin, Geschäftsführer, Geschäftsführung), else by their number.
    ceoName: new Intl.ListFormat(lang, { type: 'conjunction' }).format(directors),
    ceoTitle: words.t(`common:${title.key}`, { count: title.count }),
    // While the placeholder company is in place, every text naming its legal name marks it as a
    // sample in the page's language (the components do the same: useLegalName).
    ...(content.sampleCompany ? { legalName: words.t('common:sampleCompany', { name: values.legalName }) } : {}),
  });
  const head = pageHead({
    page,
    url,
    lang,
    data,
    company: content.company,
    siteImages: content.siteImages,
    origin,
    t: i18n.getFixedT(lang, 'common'),
    tJobs: i18n.getFixedT(lang, 'JobsPage'),
  });

  // The dashboard is rendered in the browser, unless the server has its first view (decision 067).
  if (!pages[page].prerender && !(data && dashboardFirstViewKey in data)) return { html: '', head };

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
