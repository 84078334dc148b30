import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { paths } from '../../config/paths';
import { dangerButton, secondaryButton } from './button-classes';
import { ModalDialog } from './modal-dialog';
import { UnsavedChangesContext, type UnsavedChangesScope, markIn } from './unsaved-changes';

/** Nothing is ever blocked while the server renders (decision 067): its router has no blockers. */
const serverBlocker = { state: 'unblocked' as const, proceed: undefined, reset: undefined };

// The same function for the whole life of a process: the browser's, or the server's (no window).
const useNavigationBlocker = typeof window === 'undefined' ? () => serverBlocker : useBlocker;

/**
 * The page's scope: blocks in-app navigation (the router's `useBlocker`, in the browser the admin
 * runtime's, lib/admin-runtime/router.tsx; the dashboard's tabs are in the address, so a tab switch
 * is one, and so are the browser's Back and Forward) and closing or reloading the page (the browser's own
 * question, `beforeunload`) while any form has unsaved changes, and asks in its own dialog.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(new Set<string>());
  // What happens when the user chooses to discard; null: nobody is being asked.
  const [pending, setPending] = useState<{ discard: () => void; stay: () => void } | null>(null);

  // The app's own way to the login page (replacing the dashboard) is not held back: the sign-in
  // is over (ended or expired) and nothing could be saved any more; signing out asks before it
  // ends the sign-in. The browser's Back to the login page is held back like any other.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty.current.size > 0 &&
      !(historyAction === 'REPLACE' && nextLocation.pathname.toLowerCase() === paths.login) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useNavigationBlocker(shouldBlock);
  const asking = pending ?? (blocker.state === 'blocked' ? { discard: blocker.proceed, stay: blocker.reset } : null);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current.size === 0) return;
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const scope = useMemo<UnsavedChangesScope>(
    () => ({
      mark: (form, isDirty) => markIn(dirty.current, form, isDirty),
      confirmDiscard: (discard) => {
        if (dirty.current.size === 0) discard();
        else setPending({ discard, stay: () => {} });
      },
    }),
    [],
  );

  const answer = (choice: 'discard' | 'stay') => {
    const then = asking?.[choice];
    setPending(null);
    // Once the question has closed (and given the focus back), so that a modal closed by the
    // answer gives it back to its own opener in turn.
    if (then) setTimeout(then, 0);
  };

  return (
    <UnsavedChangesContext.Provider value={scope}>
      {children}
      <DiscardQuestion open={asking !== null} onStay={() => answer('stay')} onDiscard={() => answer('discard')} />
    </UnsavedChangesContext.Provider>
  );
}

/** "Discard your changes?": staying is the default (it has the focus, and Escape chooses it). */
function DiscardQuestion({ open, onStay, onDiscard }: { open: boolean; onStay: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <ModalDialog open={open} onClose={onStay} size="narrow" title={t('unsaved.title')}>
      <div className="space-y-4 px-5 py-4">
        <p className="text-slate-800">{t('unsaved.message')}</p>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" data-autofocus className={secondaryButton} onClick={onStay}>
            {t('unsaved.stay')}
          </button>
          <button type="button" className={dangerButton} onClick={onDiscard}>
            {t('unsaved.discard')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
