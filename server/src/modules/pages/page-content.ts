import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderTexts, SiteContent, SiteLanguage } from '@blitz/contract';

/** What the server always renders with: the texts are never left to the shipped ones. */
export type RenderContent = SiteContent & { texts: RenderTexts };

/**
 * What every public page is made from besides its own data (decision 022): the site texts staff
 * published and the company's details, in one language. Made per content version, or fresh for
 * a preview of drafts.
 */
export type PageContent = {
  /** Names this content: the content version, or a token of its own for a preview (never kept). */
  key: string;
  /** The shipped texts and the default company: the prerendered page is the page as it is. */
  asBuilt: boolean;
  /** The drafts applied, for signed-in staff only: not kept, not indexed. */
  preview: boolean;
  /**
   * The site's public origin for this content (SITE_URL, else the origin of the website saved in
   * these company details, else the shipped one: modules/site-address): every absolute address
   * of the page — canonical, hreflang, Open Graph, structured data — is written with it.
   */
  origin: string;
  render: RenderContent;
};

export type PageContents = {
  /** The content version the published content is made for. */
  version(): Promise<string>;
  /**
   * What visitors see now, kept per content version; while the database is unavailable, what
   * was read last (it fails only if nothing was read yet).
   */
  published(lang: SiteLanguage): Promise<PageContent>;
  /**
   * The drafts, if this request is from signed-in staff previewing them; undefined otherwise (a
   * preview cookie that no longer signs anyone in is cleared on `reply`).
   */
  preview(request: FastifyRequest, reply: FastifyReply, lang: SiteLanguage): Promise<PageContent | undefined>;
};
