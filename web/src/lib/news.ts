import type { TFunction } from 'i18next';
import {
  type CompanyDetails,
  type ContentLanguage,
  type LocalizedText,
  type NewsPost,
  type SiteLanguage,
  atomMediaType,
  berlinDate,
  escapeHtml,
  newsFeedPath,
  newsPostDate,
  newsPostPath,
  plainTextOf,
  siteLanguages,
  textExcerpt,
} from '@blitz/contract';
import { jsonLdScript } from './json-ld';

// What the public news pages build on (issue 45, decision 063): plain functions, no component.

/** A post's absolute address in each language, on the site's public origin: canonical and hreflang links. */
export function newsPostUrls(address: string, origin: string): Record<SiteLanguage, string> {
  return Object.fromEntries(siteLanguages.map((lang) => [lang, new URL(newsPostPath(address, lang), origin).href])) as Record<
    SiteLanguage,
    string
  >;
}

/**
 * The page head's hint that the site has a feed, in the page's language, for every page of the
 * news (the list and each post): `<link rel="alternate" type="application/atom+xml">`. `title` is
 * what a reader shows for it (the news page's heading); escaped here.
 */
export function newsFeedLink(lang: SiteLanguage, origin: string, title: string): string {
  const href = new URL(newsFeedPath(lang), origin).href.replaceAll('&', '&amp;');
  return `<link rel="alternate" type="${atomMediaType}" title="${escapeHtml(title)}" href="${href}" />`;
}

const ownText = (texts: readonly LocalizedText[], language: ContentLanguage) =>
  texts.find((t) => t.language === language)?.content.trim() ?? '';

/**
 * A post's page in search results (decision 059's fields): its search entry where staff wrote one,
 * else its title with the company's name, and its teaser (or the words of its first text).
 */
export function newsSearchResult(
  post: Pick<NewsPost, 'title' | 'teaser' | 'sections' | 'searchTitle' | 'searchDescription'>,
  lang: SiteLanguage,
  language: ContentLanguage,
  t: TFunction<'common'>,
): { title: string; description: string; ogTitle: string } {
  const firstText = post.sections.find((s) => s.kind === 'text' || s.kind === 'textPicture');
  const words = post.teaser[lang] || (firstText && 'text' in firstText ? plainTextOf(firstText.text[lang]) : '');
  const title = ownText(post.searchTitle, language);
  return {
    title: title || t('meta.newsPost.titleWithPost', { postTitle: post.title[lang] }),
    description: ownText(post.searchDescription, language) || textExcerpt(words || post.title[lang]),
    ogTitle: title || post.title[lang],
  };
}

/** The date shown with a post (`2027-01-04`) as the page's language writes it: "4. Januar 2027", "4 January 2027". */
export function newsDateText(date: string, lang: SiteLanguage): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}

/**
 * When a post was published, for NewsArticle's `datePublished`: the moment it went live, or the
 * date shown with it when staff chose another day (a date alone is ISO 8601 too).
 */
export function newsPublishedDate(post: Pick<NewsPost, 'date' | 'publishAt'>): string | undefined {
  const shown = newsPostDate(post);
  if (post.publishAt && shown === berlinDate(new Date(post.publishAt))) return post.publishAt;
  return shown ?? undefined;
}

/**
 * schema.org NewsArticle of a post (what search engines read for a news result): headline,
 * description, dates, the company as author and publisher, the post's address, and its cover's
 * addresses when the page has them (`images`: absolute, the largest first).
 */
export function newsArticleData(input: {
  post: NewsPost;
  lang: SiteLanguage;
  company: Pick<CompanyDetails, 'name'>;
  origin: string;
  /** The site's logo (the 512 px icon), absolute. */
  logo: string;
  images?: readonly string[];
}) {
  const { post, lang, company, origin } = input;
  const url = newsPostUrls(post.address, origin)[lang];
  const organisation = { '@type': 'Organization', name: company.name, url: new URL('/', origin).href };
  const published = newsPublishedDate(post);
  const modified = post.publishAt && post.changedAt < post.publishAt ? post.publishAt : post.changedAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    // Google shows up to 110 characters of a headline.
    headline: post.title[lang].slice(0, 110),
    ...(post.teaser[lang] ? { description: post.teaser[lang] } : {}),
    inLanguage: lang,
    ...(published ? { datePublished: published } : {}),
    dateModified: modified,
    author: organisation,
    publisher: { ...organisation, logo: { '@type': 'ImageObject', url: input.logo } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    ...(input.images?.length ? { image: [...input.images] } : {}),
  };
}

/** The NewsArticle as the head's script element, escaped as the head's other structured data (json-ld.ts). */
export const newsArticleJsonLd = (input: Parameters<typeof newsArticleData>[0]) => jsonLdScript(newsArticleData(input));
