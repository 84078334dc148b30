import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Category, type NewsPost, newsPostDate, newsPostPath } from '@blitz/contract';
import { PanelHeader } from '../../../components/admin/panel-header';
import { DocumentTable, documentName, useDocumentList } from '../../../components/admin/sections/document-list';
import { documentState } from '../../../components/admin/sections/document-state';
import { useInterfaceLocale } from '../../../lib/use-date-time';
import { useNow } from '../../../lib/use-now';
import { newsApi } from '../api/news';
import { HomePosts } from './home-posts';
import { NewsModal } from './news-modal';
import { PostStateBadges } from './news-state';

/**
 * News posts (issue 45, decisions 063, 065): the list — title, the date shown, state (a draft,
 * scheduled for a time, published, changes pending), the newest first — with Add, Edit and Delete
 * (to the trash), the dialog that writes a post from sections and publishes it now or at a time,
 * and how many of the newest the home page shows.
 */
export function NewsPanel({ categories }: { categories: Category[] }) {
  const { t, i18n } = useTranslation('newsEditing');
  const headingId = useId();
  const locale = useInterfaceLocale();
  // A scheduled post whose time comes while the list is open is shown as published.
  const now = useNow();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const name = (p: NewsPost) => documentName(p, lang);
  const list = useDocumentList(newsApi, {
    title: (p) => t('deleteTitle', { name: name(p) }),
    message: t('confirmDelete'),
  });
  // A date of the calendar, not a moment: formatted as it is written, whatever the browser's zone.
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t('heading')}
        addLabel={t('add')}
        onAdd={() => list.actions.open()}
        error={list.actions.remove.error}
      />
      <p className="mb-4 max-w-3xl text-slate-700">{t('intro')}</p>
      <HomePosts />
      <DocumentTable
        list={list}
        caption={t('caption')}
        emptyText={t('empty')}
        columns={[
          {
            header: t('columns.title'),
            cell: (p) => (
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{name(p)}</p>
                <p lang={lang === 'en' ? 'de' : 'en'} className="text-slate-600">
                  {lang === 'en' ? p.title.de : p.title.en}
                </p>
                <p className="mt-0.5 font-mono text-xs break-all text-slate-700">
                  {documentState(p) === 'draft' ? (
                    newsPostPath(p.address, lang)
                  ) : (
                    <a href={newsPostPath(p.address, lang)} target="_blank" rel="noopener" className="text-brand-800 underline">
                      {newsPostPath(p.address, lang)}
                    </a>
                  )}
                </p>
              </div>
            ),
            className: 'min-w-48',
          },
          {
            header: t('columns.date'),
            cell: (p) => {
              const day = newsPostDate(p);
              return day ? (
                <span className="whitespace-nowrap">{dayFormat.format(new Date(`${day}T00:00:00Z`))}</span>
              ) : (
                <span className="text-slate-600">{t('columns.noDate')}</span>
              );
            },
          },
          { header: t('columns.state'), cell: (p) => <PostStateBadges post={p} now={now} /> },
        ]}
      />
      <NewsModal
        open={list.actions.modal.open}
        post={list.actions.modal.row}
        posts={list.rows}
        categories={categories}
        onClose={list.actions.close}
      />
    </section>
  );
}
