import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type NewsPostSummaryList, newsListReadPath, newsPageParam, parseNewsPage } from '@blitz/contract';
import { NewsList } from '../../../features/news/components/news-list';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageData } from '../../../lib/ssr/page-data';

/** `/aktuelles?page=N`: the news posts visitors see, rendered by the server with its data (issue 45, decision 064). */
export default function NewsPage() {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const [params] = useSearchParams();
  const page = parseNewsPage(params.get(newsPageParam));
  const list = usePageData<NewsPostSummaryList>(newsListReadPath(page));
  usePageMeta('news', page > 1 ? { title: t('meta.news.titleWithPage', { page }) } : undefined);
  return <NewsList list={list} page={page} lang={lang} />;
}
