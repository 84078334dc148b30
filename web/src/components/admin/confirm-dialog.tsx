import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from './button-classes';
import { ModalDialog } from './modal-dialog';

/** A question the dashboard asks before it does something that cannot simply be undone. */
export type ConfirmQuestion = {
  /** The dialog's title (its accessible name), e.g. "Delete the project “Rathausdach”". */
  title: string;
  /** The question itself, e.g. SPEC.md's "Are you sure you want to delete this project?" and what follows. */
  message: string;
  /** The button that does it ("Delete"); Cancel is the other. */
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * The dashboard's own confirmation, in place of the browser's confirm() box: a modal dialog
 * (focus kept inside, Escape and Cancel answer no, Cancel has the focus). Render `dialog` once;
 * `ask` opens it with a question.
 */
export function useConfirmDialog() {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const dialog = <ConfirmDialog question={question} onDone={() => setQuestion(null)} />;
  return { ask: setQuestion, dialog };
}

function ConfirmDialog({ question, onDone }: { question: ConfirmQuestion | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  // The last question stays in the closing dialog's text, so that nothing jumps while it closes.
  const [shown, setShown] = useState(question);
  if (question && question !== shown) setShown(question);
  return (
    <ModalDialog open={question !== null} onClose={onDone} size="narrow" title={shown?.title ?? ''}>
      <div className="space-y-4 px-5 py-4" data-testid="confirm-question">
        <p className="text-slate-800">{shown?.message}</p>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" data-autofocus className={secondaryButton} onClick={onDone}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className={dangerButton}
            onClick={() => {
              onDone();
              shown?.onConfirm();
            }}
          >
            {shown?.confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
