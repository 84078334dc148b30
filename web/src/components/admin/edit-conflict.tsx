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

/**
 * What "Load their version" found, compared with the version the form was filled from: the
 * fields this person changed (typed ≠ loaded), with what they typed, to copy back; and the
 * fields the colleague changed (theirs ≠ loaded), by name. A field only the colleague changed
 * is not offered: copying "your input" back would revert their change.
 */
export type ConflictChanges = {
  mine: { label: string; value: string }[];
  theirs: string[];
  /** Who saved meanwhile, if the server knows. */
  by: string | undefined;
};

export const noConflictChanges: ConflictChanges = { mine: [], theirs: [], by: undefined };

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : JSON.stringify(a) === JSON.stringify(b);

/**
 * Compares the three versions of a form's fields (each a form's values): `loaded` (what the form was
 * filled from), `typed` (what it holds now) and `theirs` (what the server has now). Only text
 * fields are offered to copy; any field the colleague changed is named, and so are those of
 * `alsoNamed` (a choice such as a category: named when changed, not offered to copy). `error` is
 * the refused save's, which says who saved.
 */
export function conflictChanges<F extends string>(
  fields: readonly F[],
  versions: { loaded: Partial<Record<F, unknown>>; typed: Partial<Record<F, unknown>>; theirs: Partial<Record<F, unknown>> },
  label: (field: F) => string,
  error?: unknown,
  alsoNamed: readonly F[] = [],
): ConflictChanges {
  const { loaded, typed, theirs } = versions;
  return {
    mine: fields.flatMap((field) => {
      const value = typed[field];
      if (typeof value !== 'string' || same(value, loaded[field]) || same(value, theirs[field]) || value.trim() === '') return [];
      return [{ label: label(field), value }];
    }),
    theirs: [...fields, ...alsoNamed].filter((field) => !same(theirs[field], loaded[field])).map(label),
    by: isApiError(error) ? error.changedBy?.name : undefined,
  };
}

/**
 * After "Load their version": what the user had changed, field by field, to copy from, and which
 * fields the colleague changed (now in the form).
 */
export function TypedValues({ changes }: { changes: ConflictChanges }) {
  const { t } = useTranslation('admin');
  const { mine, theirs, by } = changes;
  if (mine.length === 0 && theirs.length === 0) return null;
  const fields = theirs.join(', ');
  return (
    <section
      aria-label={t('editConflict.typedHeading')}
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
      data-testid="typed-values"
    >
      {theirs.length > 0 && (
        <p className="text-amber-900" data-testid="their-changes">
          {by ? t('editConflict.theirFields', { name: by, fields }) : t('editConflict.theirFieldsUnknown', { fields })}
        </p>
      )}
      {mine.length > 0 && (
        <>
          <h3 className="mt-2 font-semibold text-amber-900 first:mt-0">{t('editConflict.typedHeading')}</h3>
          <p className="mt-1 text-amber-900">{t('editConflict.typedHint')}</p>
          <dl className="mt-2 space-y-2">
            {mine.map((entry) => (
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
        </>
      )}
    </section>
  );
}
