import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, CustomPage } from '@blitz/contract';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { ItemMissNotice, useOpenItemById } from '../../../components/admin/opened-item';
import { Pager } from '../../../components/admin/pager';
import { PanelHeader } from '../../../components/admin/panel-header';
import { useRowActions } from '../../../components/admin/use-row-actions';
import { fetchPage, pageListLength, useDeletePage, usePages } from '../api/pages';
import { PageModal } from './page-modal';
import { PageStateBadge, pageState, previewAddress } from './page-state';

/**
 * Pages staff add (issue 45, decisions 061, 062): the list — title, address, state, where it is
 * linked — with Add, Edit and Delete (to the trash), and the dialog that builds a page from
 * sections, saves drafts and publishes, as the projects' editor does.
 */
export function PagesPanel({ categories }: { categories: Category[] }) {
  const { t, i18n } = useTranslation('pageEditing');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const pages = usePages(page);
  const english = i18n.language === 'en';
  const name = (p: CustomPage) => (english ? p.title.en || p.title.de : p.title.de || p.title.en);
  const actions = useRowActions<CustomPage>(useDeletePage(), {
    title: (p) => t('deleteTitle', { name: name(p) }),
    message: t('confirmDelete'),
  });
  // The audit trail's "Open" names a page in the address: its dialog opens.
  const named = useOpenItemById(fetchPage, actions.open);
  const count = Math.max(1, Math.ceil((pages.data?.count ?? 0) / pageListLength));
  if (pages.data && page > count) setPage(count);

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
              </div>
            ),
            className: 'min-w-48',
          },
          {
            header: t('columns.address'),
            cell: (p) => {
              const pending = p.draft?.address;
              return (
                <div className="min-w-0 font-mono text-xs break-all">
                  {pageState(p) === 'draft' ? (
                    <span>{p.address}</span>
                  ) : (
                    <a
                      href={previewAddress(p.address, english ? 'en' : 'de')}
                      target="_blank"
                      rel="noopener"
                      className="text-brand-800 underline"
                    >
                      {p.address}
                    </a>
                  )}
                  {pending && pending !== p.address && (
                    <p className="mt-0.5 font-sans text-slate-600">{t('columns.movesTo', { address: pending })}</p>
                  )}
                </div>
              );
            },
          },
          { header: t('columns.state'), cell: (p) => <PageStateBadge page={p} /> },
          {
            header: t('columns.place'),
            cell: (p) =>
              p.place === 'none'
                ? t('places.none')
                : t('columns.placeAt', { place: t(`places.${p.place}`), order: p.placeOrder }),
          },
        ]}
        rows={pages.data?.data}
        rowKey={(p) => p.id}
        rowName={name}
        emptyText={t('empty')}
        actionsHeader={t('columns.actions')}
        onEdit={actions.open}
        onDelete={actions.confirmDelete}
        busy={actions.remove.isPending}
        status={pages.data ? undefined : <ListStatus query={pages} />}
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
      <PageModal
        open={actions.modal.open}
        page={actions.modal.row}
        pages={pages.data?.data ?? []}
        categories={categories}
        onClose={actions.close}
      />
    </section>
  );
}
