import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';

/**
 * What staff typed into the texts and have not saved, by text and language. Kept above the list,
 * so that a text a filter or search hides keeps its typing (and shows it again), and counts as
 * unsaved while hidden.
 */
export type TextEdits = {
  get: (slot: string) => string | undefined;
  /** null: the typing is gone (saved or undone). */
  set: (slot: string, edit: string | null) => void;
};

export const TextEditsContext = createContext<TextEdits>({ get: () => undefined, set: () => {} });

/** The store of the texts' typing; the list's owner provides it. */
export function useTextEditsStore(): TextEdits {
  const edits = useRef(new Map<string, string>());
  const [count, setCount] = useState(0);
  useUnsavedChanges(count > 0);
  const set = useCallback((slot: string, edit: string | null) => {
    if (edit === null) edits.current.delete(slot);
    else edits.current.set(slot, edit);
    setCount(edits.current.size);
  }, []);
  return useMemo(() => ({ get: (slot) => edits.current.get(slot), set }), [set]);
}

/** One text's typing in one language: like useState, but kept in the store. */
export function useTextEdit(slot: string): [string | null, (edit: string | null) => void] {
  const store = useContext(TextEditsContext);
  const [edit, setEdit] = useState<string | null>(() => store.get(slot) ?? null);
  const change = useCallback(
    (next: string | null) => {
      store.set(slot, next);
      setEdit(next);
    },
    [store, slot],
  );
  return [edit, change];
}
