import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesContext, useNestedUnsavedChanges } from './unsaved-changes';

type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** `narrow`: width limit 2xl (the category modal); `tall`: 5/6 of the screen high, scrolling inside (the project modal). */
  size: 'narrow' | 'tall';
  /** The dialog's content; rendered only while open, so that closing resets it. */
  children: ReactNode;
  /** false: no close button, and neither Escape nor the backdrop closes it (what it shows must be acted on). */
  dismissible?: boolean;
};

const sizeClass = {
  narrow: 'w-[calc(100%-1.5rem)] max-w-2xl max-h-[calc(100dvh-1.5rem)]',
  tall: 'w-[calc(100%-1.5rem)] max-w-4xl h-5/6',
} as const;

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last. The modal
 * dialog already makes the page behind it inert, but browsers let Tab leave it for their own UI.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.offsetParent !== null);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside, see keepFocusInside) and Escape closes it; a click on the backdrop closes it too. The opener gets the
 * focus back when it closes. A form inside with unsaved changes (useUnsavedChanges) is asked about first.
 */
export function ModalDialog({ open, onClose, title, size, children, dismissible = true }: ModalDialogProps) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A press that starts inside (e.g. selecting text) and ends on the backdrop must not close it.
  const pressStartedOnBackdrop = useRef(false);
  const unsaved = useNestedUnsavedChanges();
  const requestClose = () => unsaved.confirmDiscard(onClose);

  // In the same task as the render that opens or closes it (a layout effect): Preact, the
  // dashboard's runtime, runs plain effects only after the next paint.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Start in the form's first field rather than on the close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`${sizeClass[size]} m-auto flex-col overflow-hidden open:flex rounded-lg bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60`}
      // A cancel that is not Escape's (a phone's back gesture) asks too, rather than closing at once.
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) requestClose();
      }}
      // Should the browser close it anyway, it opens again while the owner holds it open, and is asked.
      onClose={() => {
        if (!open) return;
        ref.current?.showModal();
        if (dismissible) requestClose();
      }}
      onKeyDown={(event) => {
        // Escape is answered here: Chrome closes a dialog on Escape even though its cancel event is refused.
        if (event.key === 'Escape') {
          event.preventDefault();
          if (dismissible) requestClose();
        }
        keepFocusInside(event);
      }}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (dismissible && event.target === event.currentTarget && pressStartedOnBackdrop.current) requestClose();
      }}
    >
      {open && (
        <div className="flex min-h-0 flex-1 flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="text-xl font-bold text-brand-900">
              {title}
            </h2>
            {dismissible && (
              <button
                type="button"
                className="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                aria-label={t('actions.close')}
                onClick={requestClose}
              >
                <svg
                  aria-hidden="true"
                  width="22"
                  height="22"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            )}
          </div>
          <UnsavedChangesContext.Provider value={unsaved}>{children}</UnsavedChangesContext.Provider>
        </div>
      )}
    </dialog>
  );
}
