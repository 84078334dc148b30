import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, CustomPage } from '@blitz/contract';
import { PanelHeader } from '../../../components/admin/panel-header';
import { DocumentTable, documentName, useDocumentList } from '../../../components/admin/sections/document-list';
import { pagesApi } from '../api/pages';
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
  const english = i18n.language === 'en';
  const name = (p: CustomPage) => documentName(p, english ? 'en' : 'de');
  const list = useDocumentList(pagesApi, {
    title: (p) => t('deleteTitle', { name: name(p) }),
    message: t('confirmDelete'),
  });

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
      />
      <PageModal
        open={list.actions.modal.open}
        page={list.actions.modal.row}
        pages={list.rows}
        categories={categories}
        onClose={list.actions.close}
      />
    </section>
  );
}
