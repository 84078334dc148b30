import type { TFunction } from 'i18next';
import {
  type CompanyDetails,
  type CustomPage,
  type CustomPageFile,
  type Job,
  type PageData,
  type PageKey,
  type Project,
  type PublishedNewsPost,
  type SiteImageAddresses,
  type SiteLanguage,
  apiRoutes,
  apiUrl,
  berlinEndOfDay,
  contentLanguageOf,
  customPageAddressKey,
  customPageReadPath,
  escapeHtml,
  indexablePages,
  jobPath,
  newsListPath,
  newsPageParam,
  newsPostPath,
  newsPostReadPath,
  pageLengthOptions,
  pageUrl,
  pages,
  parseGalleryState,
  parseNewsPage,
  pickText,
  projectPath,
} from '@blitz/contract';
import { metaKeyOf } from '../../config/paths';
import siteImages from '../../config/site-images.json';
import { languageRedirectScript } from '../i18n/language';
import { jsonLdScript } from '../json-ld';
import { newsArticleJsonLd, newsFeedLink, newsSearchResult } from '../news';
import { customPageSearchResult, jobSearchResult, projectSearchResult } from '../search-entry';

/** What a page's head is made from: the page, its address and data, the company, the texts, the public origin. */
export type PageHeadInput = {
  page: PageKey;
  /** The address the page is rendered for (path and query). */
  url: string;
  lang: SiteLanguage;
  data: PageData | undefined;
  company: CompanyDetails;
  /** The icons and link-preview picture drawn from the saved logo and details (decision 028); absent: the build's. */
  siteImages?: SiteImageAddresses | undefined;
  /** The public origin every absolute address is written with (SITE_URL, or the build's default). */
  origin: string;
  /** The common texts, filled with the company's details. */
  t: TFunction<'common'>;
  /** The jobs page's texts (a job posting's section headings). */
  tJobs: TFunction<'JobsPage'>;
};

const jsonLd = jsonLdScript;

/**
 * Structured data of the home page: who the company is and where (schema.org), from the details
 * staff saved. `Electrician` is a LocalBusiness (via HomeAndConstructionBusiness), so it says both
 * without a second type. The opening hours are free text in the settings, not the
 * `Mo-Fr 07:00-16:30` form schema.org's `openingHours` asks for, and are left out.
 */
function organisationJsonLd(
  url: string,
  description: string,
  settings: CompanyDetails,
  images: { logo: string; ogImage: string },
  origin: string,
): string {
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Electrician',
    name: settings.name,
    legalName: settings.legalName,
    url,
    // The site's 512 px icon, as the job postings' hiring organisation shows it; the link preview's picture.
    logo: new URL(images.logo, origin).href,
    image: new URL(images.ogImage, origin).href,
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
  });
}

/** A text's lines as an HTML list (Google allows simple HTML in a JobPosting's description). */
function htmlLines(value: string): string {
  const lines = value
    .split('\n')
    .map((line) => line.replace(/^\s*[-–•*]\s*/, '').trim())
    .filter(Boolean);
  if (lines.length === 0) return '';
  if (lines.length === 1) return `<p>${escapeHtml(lines[0]!)}</p>`;
  return `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
}

/** Where the job is: the company's address when it is at the company's town, that town otherwise. */
function jobAddress(job: Job, company: CompanyDetails) {
  const atCompany = job.location.trim().toLowerCase() === company.city.trim().toLowerCase();
  return atCompany
    ? {
        '@type': 'PostalAddress',
        streetAddress: company.street,
        postalCode: company.postalCode,
        addressLocality: company.city,
        addressCountry: company.countryCode,
      }
    : { '@type': 'PostalAddress', addressLocality: job.location.trim(), addressCountry: company.countryCode };
}

const jobSections = ['tasks', 'profile', 'offer', 'howToApply'] as const;

/**
 * schema.org JobPosting structured data, so that job search engines list the job: the fields
 * Google requires (title, description, datePosted, hiringOrganization, jobLocation) and those it
 * recommends (validThrough, employmentType).
 */
function jobPostingJsonLd(job: Job, input: PageHeadInput): string {
  const { lang, company, origin } = input;
  const language = contentLanguageOf(lang);
  const description = jobSections
    .map((key) => [key, pickText(job[key], language)] as const)
    .filter(([, value]) => value.trim())
    .map(([key, value]) => `<h2>${escapeHtml(input.tJobs(`detail.${key}`))}</h2>${htmlLines(value)}`)
    .join('');
  const title = pickText(job.title, language);
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title,
    description: description || `<p>${escapeHtml(title)}</p>`,
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(job.id) },
    datePosted: job.createdAt.slice(0, 10),
    ...(job.validThrough ? { validThrough: berlinEndOfDay(job.validThrough) } : {}),
    employmentType: job.employmentType === 'APPRENTICESHIP' ? 'OTHER' : job.employmentType,
    ...(job.startDate ? { jobStartDate: job.startDate } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      sameAs: origin,
      logo: new URL('/icon-512.png', origin).href,
    },
    jobLocation: { '@type': 'Place', address: jobAddress(job, company) },
    url: pageUrl(jobPath(job.id), lang, origin),
  });
}

/** schema.org FAQPage data of a page's questions and answers, for a page with a questions section. */
function faqJsonLd(page: CustomPage, lang: SiteLanguage): string | undefined {
  const questions = page.sections.flatMap((section) => (section.kind === 'faq' ? section.items : []));
  if (questions.length === 0) return undefined;
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: lang,
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question[lang],
      acceptedAnswer: { '@type': 'Answer', text: item.answer[lang] },
    })),
  });
}

/** The id in a page's address (`/project/3`, `/jobs/1`). */
const idOf = (url: string) => new URL(url, 'http://x').pathname.split('/').filter(Boolean)[1] ?? '';

/**
 * The gallery view's own path: every view — /Projects?category=3&page=2 — is a page of its own
 * for search engines, with its defaults left out (page 1, 10 rows), as the gallery's own links
 * write them.
 */
function galleryViewPath(url: string): string {
  const address = new URL(url, 'http://x');
  const state = parseGalleryState((name) => address.searchParams.get(name));
  const params = new URLSearchParams();
  if (state.category) params.set('category', String(state.category));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.rows !== pageLengthOptions[0]) params.set('rows', String(state.rows));
  const query = params.toString();
  return query ? `${pages.projects.path}?${query}` : pages.projects.path;
}

/**
 * The link preview's picture: a project's own, its cover cropped to 1200 × 630 around the focal
 * point (made at upload), else the largest WebP of the cover.
 */
function projectImage(project: Project, origin: string, alt: string): string[] | undefined {
  const share = project.pictures?.[0]?.shareImage;
  const image = share ?? project.pictureSources.filter((s) => s.type === 'image/webp').sort((a, b) => b.width - a.width)[0];
  if (!image || (!share && (!project.pictureWidth || !project.pictureHeight))) return undefined;
  const height = share ? share.height : Math.round((project.pictureHeight! * image.width) / project.pictureWidth!);
  return [
    `<meta property="og:image" content="${new URL(image.url, origin).href.replaceAll('&', '&amp;')}" />`,
    `<meta property="og:image:type" content="${image.type}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(alt)}" />`,
  ];
}

/** The link preview's picture of a file of the library (a post's cover): its largest WebP, with its size and alternative text. */
function libraryImage(file: CustomPageFile, origin: string, alt: string): string[] | undefined {
  const image = file.sources.filter((s) => s.type === 'image/webp').sort((a, b) => b.width - a.width)[0];
  if (!image || !file.width || !file.height) return undefined;
  return [
    `<meta property="og:image" content="${new URL(image.url, origin).href.replaceAll('&', '&amp;')}" />`,
    `<meta property="og:image:type" content="${image.type}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${Math.round((file.height * image.width) / file.width)}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(alt)}" />`,
  ];
}

/** What the head says of a page made from one piece of content (a project, a job), or of a gallery view. */
type OwnHead = {
  title: string;
  description: string;
  /** The page's address in a language: canonical, alternates and og:url. */
  path: string;
  ogType?: 'article';
  ogTitle?: string;
  image?: string[] | undefined;
  structuredData?: string | undefined;
  /** Kept out of search engines (a page staff added with "noindex"). */
  noindex?: boolean;
  /** More links of the head (the news feed's). */
  links?: string[];
};

/** A project's or a job's own head, from the page's data; undefined without it. */
function ownHead(input: PageHeadInput): OwnHead | undefined {
  const { page, data, lang, t } = input;
  const language = contentLanguageOf(lang);
  if (page === 'project') {
    const project = data?.[apiUrl(apiRoutes.projects.onePath(idOf(input.url)))] as Project | undefined;
    if (!project) return undefined;
    const projectTitle = pickText(project.title, language) || project.location;
    return {
      // The search entry staff wrote (decision 059), else made from the project's texts.
      ...projectSearchResult(project, language, t),
      path: projectPath(project.id),
      ogType: 'article',
      // The cover's own alternative text where it has one.
      image: projectImage(
        project,
        input.origin,
        (!project.pictures?.[0]?.decorative && pickText(project.pictures?.[0]?.alt ?? [], language)) || projectTitle,
      ),
    };
  }
  if (page === 'job') {
    const job = data?.[apiUrl(apiRoutes.jobs.onePath(idOf(input.url)))] as Job | undefined;
    if (!job) return undefined;
    return {
      ...jobSearchResult(job, language, t),
      path: jobPath(job.id),
      structuredData: jobPostingJsonLd(job, input),
    };
  }
  if (page === 'news' || page === 'newsPost') return newsHead(input);
  if (page === 'customPage') {
    const address = decodeURIComponent(new URL(input.url, 'http://x').pathname);
    const custom = data?.[customPageReadPath(customPageAddressKey(address))] as CustomPage | undefined;
    if (!custom) return undefined;
    return {
      ...customPageSearchResult(custom, contentLanguageOf(lang), t),
      path: custom.address,
      structuredData: faqJsonLd(custom, lang),
      noindex: custom.noindex,
    };
  }
  return undefined;
}

/**
 * The news' heads (decision 064): the list's page by its number, a post's search entry, its
 * cover as the link preview, its NewsArticle data; both name the feed in the page's language.
 */
function newsHead(input: PageHeadInput): OwnHead | undefined {
  const { lang, t, origin } = input;
  const links = [newsFeedLink(lang, origin, t('news.feedTitle'))];
  const address = new URL(input.url, 'http://x');
  if (input.page === 'news') {
    const number = parseNewsPage(address.searchParams.get(newsPageParam));
    return {
      title: number > 1 ? t('meta.news.titleWithPage', { page: number }) : t('meta.news.title'),
      description: t('meta.news.description'),
      path: newsListPath('de', number),
      links,
    };
  }
  let segment = address.pathname.split('/').filter(Boolean)[1] ?? '';
  try {
    segment = decodeURIComponent(segment);
  } catch {
    // As asked: no post has it.
  }
  const post = input.data?.[newsPostReadPath(segment.normalize('NFC'))] as PublishedNewsPost | undefined;
  if (!post) return undefined;
  const cover = post.cover && post.files.find((file) => file.id === post.cover!.fileId);
  const coverAlt = (post.cover && cover && (post.cover.alt[lang] || cover.alt?.[lang])) || post.title[lang];
  const images = cover?.sources
    .filter((s) => s.type === 'image/webp')
    .sort((a, b) => b.width - a.width)
    .map((s) => new URL(s.url, origin).href);
  return {
    ...newsSearchResult(post, lang, contentLanguageOf(lang), t),
    path: newsPostPath(post.address, 'de'),
    ogType: 'article',
    image: cover ? libraryImage(cover, origin, coverAlt) : undefined,
    structuredData: newsArticleJsonLd({
      post,
      lang,
      company: input.company,
      origin,
      logo: new URL(input.siteImages?.icons?.icon512 ?? '/icon-512.png', origin).href,
      ...(images?.length ? { images: images.slice(0, 1) } : {}),
    }),
    noindex: post.noindex,
    links,
  };
}

/**
 * The head of a page: title, description, the language script, its addresses in each language
 * (or noindex), the link preview (Open Graph) and structured data — for a project or a job from
 * its data, for a gallery view with the view's own address.
 */
export function pageHead(input: PageHeadInput): string {
  const { page, lang, company, origin, t } = input;
  const metaKey = metaKeyOf[page];
  const own = ownHead(input);
  const title = own?.title ?? t(`meta.${metaKey}.title`);
  const description = own?.description ?? t(`meta.${metaKey}.description`);
  const path = own?.path ?? (page === 'projects' ? galleryViewPath(input.url) : pages[page].path);
  // A URL's serialisation has every quote and angle bracket percent-encoded: only '&' needs escaping.
  const address = (l: SiteLanguage) => pageUrl(path, l, origin).replaceAll('&', '&amp;');
  const indexable = own !== undefined ? !own.noindex : indexablePages.includes(page);
  // The icons and link-preview picture drawn from the saved logo and details (decision 028), else the build's.
  const drawn = input.siteImages;
  const ogImage = drawn?.ogImage ?? siteImages.ogImage.url;
  const iconLinks = drawn?.icons
    ? [
        `<link rel="icon" href="${drawn.icons.favicon}" sizes="32x32" />`,
        `<link rel="icon" href="${drawn.icons.icon192}" type="image/png" sizes="192x192" />`,
        `<link rel="apple-touch-icon" href="${drawn.icons.appleTouchIcon}" />`,
      ]
    : [
        '<link rel="icon" href="/favicon.ico" sizes="32x32" />',
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
        '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
      ];
  const defaultImage = [
    `<meta property="og:image" content="${new URL(ogImage, origin).href}" />`,
    `<meta property="og:image:width" content="${siteImages.ogImage.width}" />`,
    `<meta property="og:image:height" content="${siteImages.ogImage.height}" />`,
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<script>${languageRedirectScript}</script>`,
    indexable
      ? [
          `<link rel="canonical" href="${address(lang)}" />`,
          `<link rel="alternate" hreflang="de" href="${address('de')}" />`,
          `<link rel="alternate" hreflang="en" href="${address('en')}" />`,
          `<link rel="alternate" hreflang="x-default" href="${address('de')}" />`,
        ].join('\n    ')
      : '<meta name="robots" content="noindex, nofollow" />',
    `<meta property="og:type" content="${own?.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(own?.ogTitle ?? title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:locale" content="${lang === 'de' ? 'de_DE' : 'en_GB'}" />`,
    ...(indexable ? [`<meta property="og:url" content="${address(lang)}" />`] : []),
    // The link preview's picture, for every page without its own (a project's page shows its
    // photo) — drawn by web/scripts/site-images.mjs. The default's type and alt text are left
    // out: every byte here is in the first response, within 14 KB (decision 009).
    ...(own?.image ?? defaultImage),
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...(page === 'home'
      ? [
          organisationJsonLd(
            pageUrl('/', lang, origin),
            description,
            company,
            { logo: drawn?.icons?.icon512 ?? '/icon-512.png', ogImage },
            origin,
          ),
        ]
      : []),
    ...(own?.structuredData ? [own.structuredData] : []),
    ...(own?.links ?? []),
    // The icons are the page's too, not the template's: those drawn from an uploaded logo replace the build's.
    ...iconLinks,
  ].join('\n    ');
}
