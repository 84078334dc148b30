import {
  type NewsPostSummaryList,
  type PageData,
  type PublishedNewsPost,
  type SiteLanguage,
  addressSegmentPattern,
  customPageReferencesKey,
  newsHomeKey,
  newsLimits,
  newsListReadPath,
  newsOwnSegments,
  newsPageParam,
  newsPath,
  newsPostReadPath,
  parseNewsPage,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { PageFiller } from '../pages/page-filler';
import type { PageRenderer } from '../pages/page-renderer';
import type { PageDataSource, PageFillerDeps } from '../registry/site-module';
import { sectionReferences } from '../section-documents/section-references';
import { readNewsHome, readVisiblePostAt, readVisiblePosts } from './news-reads';
import { getPostPreviewAt } from './news.service';

/** The post's address a URL asks for (`/aktuelles/Neues-Fahrzeug?lang=en` → `Neues-Fahrzeug`); undefined if it cannot be one. */
export function newsAddressOf(url: string): string | undefined {
  const [list = '', segment = '', ...rest] = new URL(url, 'http://x').pathname.split('/').filter(Boolean);
  if (list.toLowerCase() !== newsPath.slice(1) || rest.length > 0) return undefined;
  let address: string;
  try {
    address = decodeURIComponent(segment).normalize('NFC');
  } catch {
    return undefined;
  }
  return addressSegmentPattern.test(address) && !newsOwnSegments.includes(address.toLowerCase()) ? address : undefined;
}

/**
 * A list as its cards show it in one language: the other language's words left out (empty), and
 * the files' titles (a card names none). Every byte of a page's data is in its first response.
 */
export function cardsIn(list: NewsPostSummaryList, lang: SiteLanguage): NewsPostSummaryList {
  const only = (words: { de: string; en: string }) => ({ de: '', en: '', [lang]: words[lang] }) as { de: string; en: string };
  return {
    count: list.count,
    data: list.data.map((post) => ({
      ...post,
      title: only(post.title),
      teaser: only(post.teaser),
      cover: post.cover && { ...post.cover, alt: only(post.cover.alt) },
    })),
    files: list.files.map((file) => ({ ...file, title: { de: '', en: '' }, alt: file.alt && only(file.alt) })),
  };
}

/**
 * The public news pages (issue 45, decision 064): the list of the posts visitors see, ten a page
 * (`?page=`, links that work without JavaScript; a page past the last is "not found"), and a
 * post's page with its sections, the files they show and the references they list. Both are
 * kept per content version like every page; the schedule moves the version when a post's time
 * comes (decision 063). Staff previewing the drafts see a draft, a scheduled post or a live
 * post's draft of changes at its address.
 */
export function newsPageFillers(deps: PageFillerDeps, renderer: PageRenderer): { news: PageFiller; newsPost: PageFiller } {
  const rendered = async (...args: Parameters<PageRenderer['render']>) => {
    const html = await renderer.render(...args);
    return { html: html ?? args[0], rendered: html !== undefined };
  };
  return {
    news: {
      version: () => deps.contentReads.version(),
      async fill(_request, lang, prerendered, url, content, extra) {
        const page = parseNewsPage(new URL(url, 'http://x').searchParams.get(newsPageParam));
        const query = { PageNumber: page, PageLength: newsLimits.pageLength };
        const { value: list } = await readVisiblePosts(deps, query, deps.clock());
        // The first page is there without posts too (it says so); a later one only with posts.
        if (page > 1 && list.data.length === 0) return { notFound: true };
        return rendered(prerendered, 'news', url, lang, { ...extra, [newsListReadPath(page)]: cardsIn(list, lang) }, content);
      },
    },

    newsPost: {
      version: () => deps.contentReads.version(),
      async fill(_request, lang, prerendered, url, content, extra) {
        const address = newsAddressOf(url);
        if (!address) return { notFound: true };
        let post: PublishedNewsPost | undefined;
        try {
          post = content.preview
            ? await getPostPreviewAt(deps.db, address, deps.config.mediaPublicUrl)
            : (await readVisiblePostAt(deps, address, deps.clock())).value;
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return { notFound: true };
          throw error;
        }
        if (!post) return { notFound: true };
        const data: PageData = {
          ...extra,
          [newsPostReadPath(address)]: post,
          [customPageReferencesKey]: await sectionReferences(deps, post.sections, lang),
        };
        return rendered(prerendered, 'newsPost', url, lang, data, content);
      },
    },
  };
}

/**
 * The newest posts on the home page, as many as staff chose (none by default: SPEC's home page as
 * it is), below its own sections; nothing while no post is visible.
 */
export function newsHomeData(deps: PageFillerDeps): { home: PageDataSource } {
  return {
    async home(lang) {
      const { homePosts } = (await readNewsHome(deps)).value;
      if (homePosts === 0) return {};
      const { value: list } = await readVisiblePosts(deps, { PageNumber: 1, PageLength: homePosts }, deps.clock());
      return list.count === 0 ? {} : { [newsHomeKey]: cardsIn(list, lang) };
    },
  };
}
