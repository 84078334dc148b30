import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from './confirm-dialog';

/**
 * What a dashboard table does with its rows: Add and Edit open the modal (empty or with the
 * row), Delete asks first in the dashboard's own dialog — the spec's question, under a title
 * naming the row — then deletes (with the feature's `remove`). Render `confirmDialog` once.
 */
export function useRowActions<Row extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  question: { title: (row: Row) => string; message: string },
) {
  const { t } = useTranslation('admin');
  const [modal, setModal] = useState<{ open: boolean; row?: Row }>({ open: false });
  const confirm = useConfirmDialog();
  return {
    modal,
    remove,
    open: (row?: Row) => {
      remove.reset();
      setModal({ open: true, row });
    },
    close: () => setModal({ open: false }),
    confirmDelete: (row: Row) =>
      confirm.ask({
        title: question.title(row),
        message: question.message,
        confirmLabel: t('actions.delete'),
        onConfirm: () => remove.mutate(row.id),
      }),
    confirmDialog: confirm.dialog,
  };
}
