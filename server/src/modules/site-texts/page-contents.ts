import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { ReadDeps } from '../content/content-reads';
import {
  type CompanyDetails,
  type CustomPageLinks,
  type InquiryForm,
  type SiteLanguage,
  defaultCompanyDetails,
  isSampleCompany,
} from '@blitz/contract';
import type { StoredSiteImages } from '../company/company-details.repository';
import { readCompanyDetails, readSiteImages, siteImageAddresses } from '../company/company-reads';
import { publicOriginOf } from '../site-address/public-origin';
import type { PageContent, PageContents } from '../pages/page-content';
import { isDatabaseUnavailable } from '../../db/errors';
import { currentInquiryTypes, inquiryFormOf } from '../inquiry-types/inquiry-types.service';
import { previewCookie } from './preview-cookie';
import type { ShippedTexts } from './shipped-texts';
import { type SiteTexts, draftSiteTexts, readSiteTexts, readTextsChanged } from './site-text-reads';

function pageContent(
  key: string,
  lang: SiteLanguage,
  texts: SiteTexts,
  company: CompanyDetails,
  images: StoredSiteImages | null,
  inquiryForm: InquiryForm | undefined,
  pageLinks: CustomPageLinks,
  newsLinked: boolean,
  options: { asBuilt: boolean; preview: boolean; siteUrl: string | undefined },
): PageContent {
  const { siteUrl, ...flags } = options;
  const siteImages = siteImageAddresses(images, lang);
  return {
    key,
    ...flags,
    origin: publicOriginOf(siteUrl, company.website).origin,
    render: {
      texts,
      company,
      sampleCompany: isSampleCompany(company),
      preview: options.preview,
      ...(siteImages ? { siteImages } : {}),
      ...(inquiryForm ? { inquiryForm } : {}),
      ...(hasLinks(pageLinks) ? { pageLinks } : {}),
      ...(newsLinked ? { newsLinked } : {}),
    },
  };
}

const hasLinks = (links: CustomPageLinks) => links.navigation.length + links.footer.length > 0;

/** The footer form's definition in one language, once staff changed it; undefined: SPEC.md's form, as built. */
async function readInquiryForm(deps: ReadDeps, lang: SiteLanguage): Promise<InquiryForm | undefined> {
  const { value: list } = await deps.contentReads.read('inquiry-types', () => currentInquiryTypes(deps.db));
  return list.version === 0 ? undefined : inquiryFormOf(list, lang);
}

/**
 * The content of the public pages (pages/page-content.ts): the published texts over the shipped
 * ones and the company's saved details, made once per content version and language; or, for
 * staff with the preview cookie, the drafts.
 */
export function createPageContents(
  deps: ReadDeps & {
    staffWithToken: FastifyInstance['staffWithToken'];
    siteUrl: string | undefined;
    /** The links to pages staff added (modules/custom-pages), handed in: that module reads the texts' module too. */
    pageLinks: (db: ReadDeps['db'], lang: SiteLanguage, options: { preview: boolean }) => Promise<CustomPageLinks>;
    /** Whether visitors see a news post now (modules/news): the navigation links the news then. */
    newsLinked: () => Promise<boolean>;
  },
  shipped: ShippedTexts,
): PageContents {
  const made = new Map<SiteLanguage, { version: string; content: PageContent }>();
  return {
    version: () => deps.contentReads.version(),
    async published(lang) {
      const kept = made.get(lang);
      let version: string;
      try {
        version = await deps.contentReads.version();
      } catch (error) {
        if (kept && isDatabaseUnavailable(error)) return kept.content;
        throw error;
      }
      if (kept?.version === version) return kept.content;
      const [{ value: texts }, { value: changed }, { value: company }, images, form, links, news] = await Promise.all([
        readSiteTexts(deps, shipped, lang),
        readTextsChanged(deps),
        readCompanyDetails(deps),
        readSiteImages(deps),
        readInquiryForm(deps, lang),
        deps.pageLinks(deps.db, lang, { preview: false }),
        deps.newsLinked(),
      ]);
      const asBuilt =
        !changed && isDeepStrictEqual(company, defaultCompanyDetails) && images === null && !form && !hasLinks(links) && !news;
      const content = pageContent(version, lang, texts, company, images, form, links, news, {
        asBuilt,
        preview: false,
        siteUrl: deps.siteUrl,
      });
      made.set(lang, { version, content });
      return content;
    },

    async preview(request, reply, lang) {
      const cookie = previewCookie(request.protocol === 'https');
      const token = request.cookies[cookie.name];
      if (!token) return undefined;
      // Looking at pages is no activity of the sign-in: a preview left open lets it idle out.
      if (!(await deps.staffWithToken(request, token, { activity: false }))) {
        reply.clearCookie(cookie.name, cookie.options);
        return undefined;
      }
      const [texts, { value: company }, images, form, links, news] = await Promise.all([
        draftSiteTexts(deps.db, shipped, lang),
        readCompanyDetails(deps),
        readSiteImages(deps),
        readInquiryForm(deps, lang),
        deps.pageLinks(deps.db, lang, { preview: true }),
        deps.newsLinked(),
      ]);
      return pageContent(`preview-${crypto.randomUUID()}`, lang, texts, company, images, form, links, news, {
        asBuilt: false,
        preview: true,
        siteUrl: deps.siteUrl,
      });
    },
  };
}
