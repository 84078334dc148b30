import { useTranslation } from 'react-i18next';
import {
  type NewsPostSummaryList,
  type SiteLanguage,
  atomMediaType,
  newsFeedPath,
  newsLimits,
  newsListPath,
} from '@blitz/contract';
import { PageHeader } from '../../../components/page-header';
import { NewsCard } from './news-card';
import { useWithLang } from './news-href';

type Props = {
  /** A page of the posts visitors see; undefined: the prerendered stand-in (the server renders the list with its posts). */
  list: NewsPostSummaryList | undefined;
  page: number;
  lang: SiteLanguage;
};

const stepClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50';

/**
 * The news page (issue 45, decision 064): the posts visitors see as cards, newest first, ten a
 * page; newer and older pages are plain links (`?page=`), so the list is whole without JavaScript
 * and every post is reached by a crawler. The feed's link closes it.
 */
export function NewsList({ list, page, lang }: Props) {
  const { t } = useTranslation('common');
  const withLang = useWithLang();
  const pages = list ? Math.max(1, Math.ceil(list.count / newsLimits.pageLength)) : 1;
  const files = new Map(list?.files.map((file) => [file.id, file]));
  return (
    <>
      <PageHeader title={t('news.heading')} intro={t('news.intro')} />
      <div className="mx-auto max-w-7xl px-4 py-10 md:py-14" aria-busy={list ? undefined : true}>
        {list && list.data.length === 0 && <p className="text-lg text-slate-700">{t('news.empty')}</p>}
        {list && list.data.length > 0 && (
          <ul className="grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.map((post, index) => (
              <li key={post.id}>
                <NewsCard
                  post={post}
                  cover={post.cover ? files.get(post.cover.fileId) : undefined}
                  lang={lang}
                  withLang={withLang}
                  heading="h2"
                  priority={index < 2}
                />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav
            aria-label={t('news.pagination')}
            className="mt-10 flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 pt-6"
          >
            {page > 1 && (
              <a href={withLang(newsListPath('de', page - 1))} rel="prev" className={stepClass}>
                {t('news.newer')}
              </a>
            )}
            <p className="min-w-32 text-center text-sm font-medium whitespace-nowrap text-slate-800">
              {t('news.page', { page, pages })}
            </p>
            {page < pages && (
              <a href={withLang(newsListPath('de', page + 1))} rel="next" className={stepClass}>
                {t('news.older')}
              </a>
            )}
          </nav>
        )}
        <p className="mt-10 text-sm">
          <a href={newsFeedPath(lang)} type={atomMediaType} className="link">
            {t('news.feed')}
          </a>
        </p>
      </div>
    </>
  );
}
