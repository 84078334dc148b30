import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@blitz/contract';
import { fetchCategory, useCategories, useDeleteCategory } from '../api/categories';
import { ItemMissNotice, useOpenItemById } from '../../../components/admin/opened-item';
import { useRowActions } from '../../../components/admin/use-row-actions';
import { lazyPanel, useListDialog } from '../../../components/admin/lazy-panel';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { LocalizedList } from '../../../components/admin/localized-list';
import { PanelHeader } from '../../../components/admin/panel-header';

/** The dialog's code (its form) loads once the list has shown and the browser is idle, or when first asked for. */
const CategoryModal = lazyPanel(() => import('./category-modal').then((m) => m.CategoryModal), [], null);

/** Categories: table with ID, Name, Translation and Actions; Add, Edit, Delete. */
export function CategoriesPanel() {
  const { t } = useTranslation('categoryEditing');
  const headingId = useId();
  const categories = useCategories();
  const actions = useRowActions<Category>(useDeleteCategory(), {
    title: (c) => t('deleteTitle', { name: c.name }),
    message: t('confirmDelete'),
  });
  // The audit trail's "Open" names a category in the address: its modal opens.
  const named = useOpenItemById(fetchCategory, actions.open);
  const dialogWanted = useListDialog(actions.modal.open, categories.data !== undefined, CategoryModal.preload);

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t('heading')}
        addLabel={t('add')}
        onAdd={() => actions.open()}
        error={actions.remove.error}
      />
      <ItemMissNotice miss={named.miss} onDismiss={named.dismiss} />
      <DataTable
        caption={t('caption')}
        columns={[
          { header: t('columns.id'), cell: (c) => c.id, className: 'tabular-nums' },
          { header: t('columns.name'), cell: (c) => c.name, className: 'font-medium text-slate-900' },
          { header: t('columns.translation'), cell: (c) => <LocalizedList texts={c.translation} /> },
        ]}
        rows={categories.data?.data}
        rowKey={(c) => c.id}
        rowName={(c) => c.name}
        emptyText={t('empty')}
        actionsHeader={t('columns.actions')}
        onEdit={actions.open}
        onDelete={actions.confirmDelete}
        busy={actions.remove.isPending}
        status={categories.data ? undefined : <ListStatus query={categories} />}
      />
      {actions.confirmDialog}
      {dialogWanted && <CategoryModal open={actions.modal.open} category={actions.modal.row} onClose={actions.close} />}
    </section>
  );
}
