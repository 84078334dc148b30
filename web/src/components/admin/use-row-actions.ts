import { useState } from 'react';
import { type DeletableResource, useDeleteItem } from './delete-item';

/**
 * What a dashboard table does with its rows: Add and Edit open the modal (empty or with the
 * row), Delete asks first with the spec's question, then deletes.
 */
export function useRowActions<Row extends { id: number }>(resource: DeletableResource, confirmQuestion: string) {
  const remove = useDeleteItem(resource);
  const [modal, setModal] = useState<{ open: boolean; row?: Row }>({ open: false });
  return {
    modal,
    remove,
    open: (row?: Row) => {
      remove.reset();
      setModal({ open: true, row });
    },
    close: () => setModal({ open: false }),
    confirmDelete: (row: Row) => {
      if (window.confirm(confirmQuestion)) remove.mutate(row.id);
    },
  };
}
