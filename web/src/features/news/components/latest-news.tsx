import { useTranslation } from 'react-i18next';
import { type NewsPostSummaryList, type SiteLanguage, newsPath } from '@blitz/contract';
import { IconArrowRight } from '../../../components/icons';
import { NewsCard } from './news-card';
import { useWithLang } from './news-href';

/**
 * The newest posts on the home page, as many as staff chose (decision 064), below SPEC's
 * sections: a heading, their cards and a link to the news page.
 */
export function LatestNews({ list, lang }: { list: NewsPostSummaryList; lang: SiteLanguage }) {
  const { t } = useTranslation('common');
  const withLang = useWithLang();
  const files = new Map(list.files.map((file) => [file.id, file]));
  return (
    <section aria-labelledby="latest-news-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="max-w-3xl">
          <h2 id="latest-news-heading" className="text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
            {t('news.latestHeading')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('news.latestIntro')}</p>
        </div>
        <ul className="mt-10 grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((post) => (
            <li key={post.id}>
              <NewsCard
                post={post}
                cover={post.cover ? files.get(post.cover.fileId) : undefined}
                lang={lang}
                withLang={withLang}
                heading="h3"
              />
            </li>
          ))}
        </ul>
        <a
          href={withLang(newsPath)}
          className="mt-10 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('news.allLink')}
          <IconArrowRight className="h-5 w-5" />
        </a>
      </div>
    </section>
  );
}
