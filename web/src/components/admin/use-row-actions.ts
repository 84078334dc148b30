import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * What a dashboard table does with its rows: Add and Edit open the modal (empty or with the
 * row), Delete asks first — the spec's question, or one naming the row — then deletes (with the
 * feature's `remove`).
 */
export function useRowActions<Row extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  confirmQuestion: string | ((row: Row) => string),
) {
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
      if (window.confirm(typeof confirmQuestion === 'string' ? confirmQuestion : confirmQuestion(row))) remove.mutate(row.id);
    },
  };
}
