import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { secondaryButton, smallButton } from './button-classes';

/**
 * The item an address names (`?tab=projects&item=12`, the audit trail's "Open", decision 036):
 * read once, then removed from the address (replacing it), so that a reload does not open it again.
 * Each reading is a new object, so the same item named twice opens twice.
 */
export function useItemParam(): { value: string } | undefined {
  const [params, setParams] = useSearchParams();
  const param = params.get('item');
  const [taken, setTaken] = useState<{ value: string }>();
  useEffect(() => {
    if (param === null) return;
    setTaken({ value: param });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('item');
        return next;
      },
      { replace: true },
    );
  }, [param, setParams]);
  return taken;
}

/** Why the named item did not open: gone (deleted, or in the trash), or not loaded (say, offline). */
export type ItemMiss = 'gone' | 'failed';

/** The positive whole number an `item` names, if it is one. */
export function itemId(value: string): number | undefined {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined;
}

/**
 * Opens the row the address names by its id: loads it (it need not be on the list's page) and
 * hands it to `open`; a 404 (or no id) is "gone", any other failure "failed".
 */
export function useOpenItemById<Row>(load: (id: number) => Promise<Row>, open: (row: Row) => void) {
  const item = useItemParam();
  const [miss, setMiss] = useState<ItemMiss>();
  // The latest callbacks, without making the load depend on them (they change at every render).
  const latest = useRef({ load, open });
  useEffect(() => {
    latest.current = { load, open };
  });
  useEffect(() => {
    if (!item) return;
    setMiss(undefined);
    const id = itemId(item.value);
    if (id === undefined) {
      setMiss('gone');
      return;
    }
    let live = true;
    latest.current.load(id).then(
      (row) => {
        if (live) latest.current.open(row);
      },
      (error: unknown) => {
        if (live) setMiss(isApiError(error) && error.status === 404 ? 'gone' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [item]);
  return { miss, dismiss: () => setMiss(undefined) };
}

/** Says that the item the audit trail's "Open" named could not be opened, with a button to hide it. */
export function ItemMissNotice({ miss, onDismiss }: { miss: ItemMiss | undefined; onDismiss: () => void }) {
  const { t } = useTranslation('admin');
  if (!miss) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>{t(miss === 'gone' ? 'openedItem.gone' : 'openedItem.failed')}</p>
      <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={onDismiss}>
        {t('openedItem.dismiss')}
      </button>
    </div>
  );
}
