import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef } from 'react';

/**
 * Forms report whether they hold unsaved changes; whoever would drop them (a tab switch or any
 * other navigation, closing the page, closing a modal) asks first. Scopes nest: a modal knows
 * the changes inside it, the page knows every change.
 */
export type UnsavedChangesScope = {
  mark: (form: string, dirty: boolean) => void;
  /** Runs `discard` at once where nothing is unsaved in this scope; otherwise once the user agrees. */
  confirmDiscard: (discard: () => void) => void;
};

// Outside a provider (the login page) nothing is guarded.
export const UnsavedChangesContext = createContext<UnsavedChangesScope>({
  mark: () => {},
  confirmDiscard: (discard) => discard(),
});

/** Adds a form to the set of those with unsaved changes, or takes it out. */
export function markIn(dirty: Set<string>, form: string, isDirty: boolean): void {
  if (isDirty) dirty.add(form);
  else dirty.delete(form);
}

/** Marks the calling form's changes as unsaved while `dirty` holds (and no longer once it is gone). */
export function useUnsavedChanges(dirty: boolean): void {
  const { mark } = useContext(UnsavedChangesContext);
  const form = useId();
  // Marked before the browser paints: on Preact an effect may run after the next click (a
  // backdrop click right after typing would close a modal unasked).
  useLayoutEffect(() => {
    mark(form, dirty);
    return () => mark(form, false);
  }, [mark, form, dirty]);
}

/** A scope inside the page's (a modal's): its own changes, also reported upwards. Its owner provides it. */
export function useNestedUnsavedChanges(): UnsavedChangesScope {
  const parent = useContext(UnsavedChangesContext);
  const dirty = useRef(new Set<string>());
  return useMemo<UnsavedChangesScope>(
    () => ({
      mark: (form, isDirty) => {
        markIn(dirty.current, form, isDirty);
        parent.mark(form, isDirty);
      },
      confirmDiscard: (discard) => (dirty.current.size > 0 ? parent.confirmDiscard(discard) : discard()),
    }),
    [parent],
  );
}

/** The nearest scope's question before its changes are dropped (a modal form's Cancel asks it). */
export function useConfirmDiscard(): UnsavedChangesScope['confirmDiscard'] {
  return useContext(UnsavedChangesContext).confirmDiscard;
}
