import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { secondaryButton, smallButton } from './button-classes';
import { CommandError } from './command-error';

/** Whether a failed save was refused because someone else saved the item meanwhile (409 edit_conflict). */
export const isEditConflict = (error: unknown): boolean => isApiError(error) && error.code === 'edit_conflict';

/**
 * A stale save (decision 036): who changed the item and when, and two ways on. "Load their
 * version" puts their saved values into the form and keeps what was typed visible beside it to
 * copy; "Save mine anyway" overwrites their change.
 */
export function EditConflict({
  error,
  onLoadTheirs,
  onOverwrite,
  busy,
}: {
  error: unknown;
  onLoadTheirs: () => void;
  onOverwrite: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <div data-testid="edit-conflict">
      <CommandError error={error} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={`${secondaryButton} ${smallButton}`} disabled={busy} onClick={onLoadTheirs}>
          {t('editConflict.loadTheirs')}
        </button>
        <button type="button" className={`${secondaryButton} ${smallButton}`} disabled={busy} onClick={onOverwrite}>
          {t('editConflict.overwrite')}
        </button>
      </div>
    </div>
  );
}

/** What the user had typed before their version was loaded: each field that differs, to copy from. */
export function TypedValues({ entries }: { entries: { label: string; value: string }[] }) {
  const { t } = useTranslation('admin');
  if (entries.length === 0) return null;
  return (
    <section
      aria-label={t('editConflict.typedHeading')}
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
      data-testid="typed-values"
    >
      <h3 className="font-semibold text-amber-900">{t('editConflict.typedHeading')}</h3>
      <p className="mt-1 text-amber-900">{t('editConflict.typedHint')}</p>
      <dl className="mt-2 space-y-2">
        {entries.map((entry) => (
          <div key={entry.label}>
            <dt className="font-semibold text-slate-800">{entry.label}</dt>
            <dd>
              <textarea
                readOnly
                rows={Math.min(4, entry.value.split('\n').length)}
                className="w-full rounded border border-slate-300 bg-white px-2 py-1 text-slate-900"
                value={entry.value}
              />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
