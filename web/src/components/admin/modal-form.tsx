import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from './button-classes';
import { CommandError } from './command-error';
import { useConfirmDiscard } from './unsaved-changes';

type ModalFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Cancel; without it the form has Save only (a change that cannot be put off). */
  onCancel?: () => void;
  saving: boolean;
  /** The failed save, if any: 'Command Failed' above the fields. */
  error: unknown;
  /** The submit button's words where Save would not fit (a step, turning something off). */
  submitLabel?: { idle: string; busy: string };
  /** A second way to save beside the submit button (a project's "Save as draft"). */
  secondaryAction?: { label: string; onClick: () => void };
  children: ReactNode;
};

/** The body of a modal's form: fields that scroll, Cancel and Save that stay in view. */
export function ModalForm({ onSubmit, onCancel, saving, error, submitLabel, secondaryAction, children }: ModalFormProps) {
  const { t } = useTranslation('admin');
  const confirmDiscard = useConfirmDiscard();
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
        {error ? <CommandError error={error} /> : null}
        {children}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50 px-5 py-3">
        {onCancel && (
          <button type="button" className={secondaryButton} onClick={() => confirmDiscard(onCancel)}>
            {t('actions.cancel')}
          </button>
        )}
        {secondaryAction && (
          <button type="button" className={secondaryButton} disabled={saving} onClick={secondaryAction.onClick}>
            {secondaryAction.label}
          </button>
        )}
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? (submitLabel?.busy ?? t('actions.saving')) : (submitLabel?.idle ?? t('actions.save'))}
        </button>
      </div>
    </form>
  );
}
