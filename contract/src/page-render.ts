import type { CompanyDetails } from './company-details';
import type { InquiryForm } from './inquiry-form';
import type { SiteLanguage } from './languages';
import type { PageData } from './page-data';
import type { PageKey } from './routes';

/**
 * What a public page is rendered with besides its texts: the company's saved details (decision
 * 019) and whether the page is a preview of drafts. The server passes it to every page it
 * renders; a page rendered at build time and the admin app get the shipped defaults.
 */
export type SiteContent = {
  company: CompanyDetails;
  /** The placeholder company is still in place: pages mark it as a sample in their language. */
  sampleCompany: boolean;
  /** Rendered with the drafts of the page texts, for signed-in staff only. */
  preview: boolean;
  /** The site's icons and link-preview picture made from the saved logo and details; absent: the build's own. */
  siteImages?: SiteImageAddresses;
  /** The footer form's definition as staff shaped it (issue 44); absent: SPEC.md's form. */
  inquiryForm?: InquiryForm;
  /** The pages staff added to the navigation and the footer (issue 45), in their order; absent: none. */
  pageLinks?: CustomPageLinks;
  /** Visitors see at least one news post: the navigation and the footer link the news (decision 064). */
  newsLinked?: boolean;
};

/** A link to a page staff added: its address and its title in the page's language. */
export type CustomPageLink = { address: string; title: string };
export type CustomPageLinks = { navigation: CustomPageLink[]; footer: CustomPageLink[] };

/**
 * Where the pictures made from the company's logo and details are (decision 028): site-relative
 * `/media/company/…` addresses with the hash of their bytes in the name.
 */
export type SiteImageAddresses = {
  /** The icons drawn from the uploaded logo; absent while the shipped drawing is the logo. */
  icons?: { favicon: string; appleTouchIcon: string; icon192: string; icon512: string; maskable512: string };
  /** The link-preview picture (1200 × 630 PNG) in the page's language. */
  ogImage: string;
};

/** A language's texts, every namespace, as published (or as drafts, in a preview). */
export type RenderTexts = Record<string, Record<string, unknown>>;

/** What the server renders a page with at request time: the site's content and its texts (the shipped ones without). */
export type RenderContent = SiteContent & { texts?: RenderTexts };

/**
 * The SSR bundle's `render` (web/src/entry-server.tsx), which the server loads from the build:
 * one page in one language, its markup and the head that goes with it (title, description,
 * addresses, link preview, structured data — a project's or a job's own from its data). `data`
 * holds the API answers the page renders with (none at build time); `origin` is the public
 * origin the head's absolute addresses are written with (the build's default without).
 */
export type RenderPage = (
  page: PageKey,
  url: string,
  lang: SiteLanguage,
  data?: PageData,
  content?: RenderContent,
  origin?: string,
) => Promise<{ html: string; head: string }>;
