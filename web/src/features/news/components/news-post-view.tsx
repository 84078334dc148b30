import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type PublishedNewsPost, type SiteLanguage, newsPath, newsPostDate } from '@blitz/contract';
import { IconArrowRight } from '../../../components/icons';
import { LibraryPicture, focusClass } from '../../../components/library-picture';
import { PageHeader } from '../../../components/page-header';
import { newsDateText } from '../../../lib/news';
import { useWithLang } from './news-href';

type Props = {
  /** The post; undefined: the prerendered stand-in (the server renders every post with its own). */
  post: PublishedNewsPost | undefined;
  lang: SiteLanguage;
  /** Its sections, as a page staff added shows them (handed in by the route: features do not import each other). */
  children?: ReactNode;
};

/**
 * A news post's page (issue 45, decision 064): its title as the page's one h1, the date shown and
 * the teaser, its cover, its sections, and the way back to the list.
 */
export function NewsPostView({ post, lang, children }: Props) {
  const { t } = useTranslation('common');
  const withLang = useWithLang();
  if (!post) {
    return (
      <article aria-busy="true">
        <PageHeader title="…" />
      </article>
    );
  }
  const date = newsPostDate(post);
  const teaser = post.teaser[lang];
  const cover = post.cover && post.files.find((file) => file.id === post.cover!.fileId);
  return (
    <article>
      <PageHeader title={post.title[lang]}>
        {date && (
          <p className="mt-4 font-medium text-accent-300">
            <time dateTime={date}>{newsDateText(date, lang)}</time>
          </p>
        )}
        {teaser && <p className="mt-4 max-w-3xl text-lg leading-relaxed text-brand-100">{teaser}</p>}
      </PageHeader>
      {post.cover && cover && (
        // On the left edge of the sections' text, as wide as a page's picture.
        <div className="mx-auto max-w-7xl px-4 pt-8 md:pt-10">
          <LibraryPicture
            file={cover}
            alt={post.cover.alt[lang] || cover.alt?.[lang] || ''}
            sizes="(min-width: 1056px) 1024px, calc(100vw - 32px)"
            priority
            className={`aspect-[16/9] h-auto w-full max-w-5xl rounded-lg object-cover shadow-md ${focusClass(post.cover.focus)}`}
          />
        </div>
      )}
      {children}
      <p className="mx-auto max-w-7xl px-4 pt-4 pb-12">
        <a
          href={withLang(newsPath)}
          className="inline-flex items-center gap-2 rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          <IconArrowRight className="h-4 w-4 rotate-180" />
          {t('news.back')}
        </a>
      </p>
    </article>
  );
}
