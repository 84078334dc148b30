import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RetentionSettings, retentionSettingsSchema } from '@blitz/contract';
import { primaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { useRetention, useSaveRetention } from '../api/retention';
import { ListStatus } from '../../../components/admin/list-status';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';

/** Applications by their closing and their applicant's consent (decision 050); the other types by arrival. */
const applicationKinds = ['applicationAfterClosing', 'applicationWithConsent', 'application'] as const;
const otherKinds = ['priceInquiry', 'generalMessage'] as const;
const kinds = [...applicationKinds, ...otherKinds] as const;
type Kind = (typeof kinds)[number];
type Texts = Record<Kind, string>;
/** Whether a period counts from the closing or from the arrival. */
const countedFrom = (kind: Kind) =>
  kind === 'applicationAfterClosing' || kind === 'applicationWithConsent' ? 'afterClosing' : 'afterArrival';

const textsOf = (settings: RetentionSettings): Texts =>
  Object.fromEntries(kinds.map((kind) => [kind, settings[kind]?.toString() ?? ''])) as Texts;

/**
 * Days after which each type of inquiry is deleted with its files; an empty field keeps them.
 * Applications count from their closing, with or without their applicant's consent, and from
 * their arrival while not closed. Checked with the contract's schema, so the form and the server
 * agree on the limits.
 */
export function RetentionEditor() {
  const { t } = useTranslation('inbox');
  const retention = useRetention();
  return retention.data ? (
    // Not keyed by the saved values: after a save the form already shows them, and keeps its 'saved' notice.
    <RetentionForm saved={retention.data} />
  ) : (
    <ListStatus query={retention} loading={t('retention.loading')} failed={t('retention.loadFailed')} />
  );
}

function RetentionForm({ saved }: { saved: RetentionSettings }) {
  const { t } = useTranslation('inbox');
  const baseId = useId();
  const save = useSaveRetention();
  const [texts, setTexts] = useState<Texts>(() => textsOf(saved));
  const [invalid, setInvalid] = useState<Kind[]>([]);
  const [done, setDone] = useState(false);
  const savedTexts = textsOf(saved);
  useUnsavedChanges(kinds.some((kind) => texts[kind].trim() !== savedTexts[kind]));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const values = Object.fromEntries(
      kinds.map((kind) => {
        const text = texts[kind].trim();
        return [kind, text === '' ? null : /^\d+$/.test(text) ? Number(text) : Number.NaN];
      }),
    );
    const parsed = retentionSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const wrong = kinds.filter((kind) => parsed.error.issues.some((issue) => issue.path[0] === kind));
      setInvalid(wrong);
      document.getElementById(`${baseId}-${wrong[0]}`)?.focus();
      return;
    }
    setInvalid([]);
    save.mutate(parsed.data, { onSuccess: () => setDone(true) });
  };

  /** `aligned`: labels of one height, so that the fields of a row line up when one label wraps. */
  const field = (kind: Kind, aligned = false) => {
    const id = `${baseId}-${kind}`;
    const wrong = invalid.includes(kind);
    return (
      <div key={kind} className="flex flex-col">
        <label htmlFor={id} className={`block text-sm font-semibold text-slate-800 ${aligned ? 'sm:min-h-10' : ''}`}>
          {t(`retention.${kind}`)}
        </label>
        <div className="mt-1 flex items-center gap-2">
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            step={1}
            value={texts[kind]}
            placeholder="–"
            aria-invalid={wrong || undefined}
            aria-describedby={`${id}-hint${wrong ? ` ${id}-error` : ''}`}
            onChange={(event) => setTexts((current) => ({ ...current, [kind]: event.target.value }))}
            className={`w-28 rounded-md border px-3 py-2 text-sm ${wrong ? 'border-red-700' : 'border-slate-400'}`}
          />
          <span className="text-sm text-slate-700">{t(`retention.${countedFrom(kind)}`)}</span>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {texts[kind].trim() === '' ? t('retention.keep') : ''}
        </p>
        {wrong && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
            {t('retention.invalid')}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-base font-bold text-brand-900">{t('retention.applications')}</legend>
        <p className="mb-4 max-w-prose text-sm text-slate-700">{t('retention.applicationsHint')}</p>
        <div className="grid gap-4 sm:grid-cols-3">{applicationKinds.map((kind) => field(kind, true))}</div>
      </fieldset>
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-base font-bold text-brand-900">{t('retention.others')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">{otherKinds.map((kind) => field(kind))}</div>
      </fieldset>
      {save.error ? <CommandError error={save.error} /> : null}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {t(save.isPending ? 'retention.saving' : 'retention.save')}
        </button>
        <p role="status" className="text-sm text-green-800">
          {done ? t('retention.saved') : ''}
        </p>
      </div>
    </form>
  );
}
