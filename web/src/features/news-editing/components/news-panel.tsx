import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Category, type NewsPost, newsPostDate, newsPostPath } from '@blitz/contract';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { ItemMissNotice, useOpenItemById } from '../../../components/admin/opened-item';
import { Pager } from '../../../components/admin/pager';
import { PanelHeader } from '../../../components/admin/panel-header';
import { documentState } from '../../../components/admin/sections/document-state';
import { useRowActions } from '../../../components/admin/use-row-actions';
import { useInterfaceLocale } from '../../../lib/use-date-time';
import { useNow } from '../../../lib/use-now';
import { fetchPost, postListLength, useDeletePost, usePosts } from '../api/news';
import { HomePosts } from './home-posts';
import { NewsModal } from './news-modal';
import { PostStateBadges } from './news-state';

/**
 * News posts (issue 45, decisions 063, 065): the list — title, the date shown, state (a draft,
 * scheduled for a time, published, changes pending) — with Add, Edit and Delete (to the trash),
 * the dialog that writes a post from sections and publishes it now or at a time, and how many of
 * the newest the home page shows.
 */
export function NewsPanel({ categories }: { categories: Category[] }) {
  const { t, i18n } = useTranslation('newsEditing');
  const headingId = useId();
  const locale = useInterfaceLocale();
  const [page, setPage] = useState(1);
  const posts = usePosts(page);
  const now = useNow();
  const english = i18n.language === 'en';
  const lang = english ? 'en' : 'de';
  const name = (p: NewsPost) => (english ? p.title.en || p.title.de : p.title.de || p.title.en);
  const actions = useRowActions<NewsPost>(useDeletePost(), {
    title: (p) => t('deleteTitle', { name: name(p) }),
    message: t('confirmDelete'),
  });
  // The audit trail's "Open" names a post in the address: its dialog opens.
  const named = useOpenItemById(fetchPost, actions.open);
  const count = Math.max(1, Math.ceil((posts.data?.count ?? 0) / postListLength));
  if (posts.data && page > count) setPage(count);
  // A date of the calendar, not a moment: formatted as it is written, whatever the browser's zone.
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t('heading')}
        addLabel={t('add')}
        onAdd={() => actions.open()}
        error={actions.remove.error}
      />
      <p className="mb-4 max-w-3xl text-slate-700">{t('intro')}</p>
      <HomePosts />
      <ItemMissNotice miss={named.miss} onDismiss={named.dismiss} />
      <DataTable
        caption={t('caption')}
        stackBelow="md"
        columns={[
          {
            header: t('columns.title'),
            cell: (p) => (
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{name(p)}</p>
                <p lang={english ? 'de' : 'en'} className="text-slate-600">
                  {english ? p.title.de : p.title.en}
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
        rows={posts.data?.data}
        rowKey={(p) => p.id}
        rowName={name}
        emptyText={t('empty')}
        actionsHeader={t('columns.actions')}
        onEdit={actions.open}
        onDelete={actions.confirmDelete}
        busy={actions.remove.isPending}
        status={posts.data ? undefined : <ListStatus query={posts} />}
      />
      <Pager
        page={Math.min(page, count)}
        pages={count}
        onPage={setPage}
        texts={{
          label: t('pager.label'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          status: t('pager.page', { page: Math.min(page, count), pages: count }),
        }}
      />
      {actions.confirmDialog}
      <NewsModal
        open={actions.modal.open}
        post={actions.modal.row}
        posts={posts.data?.data ?? []}
        categories={categories}
        onClose={actions.close}
      />
    </section>
  );
}
