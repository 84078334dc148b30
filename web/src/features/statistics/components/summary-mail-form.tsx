import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteLanguage, type StatisticsSummary, statisticsSummaryInputSchema } from '@blitz/contract';
import { primaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { SelectField, TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useDateTime } from '../../../lib/use-date-time';
import { useSaveStatisticsSummary, useStatisticsSummary } from '../api/statistics-summary';

/** The signed-in admin's own weekly summary mail of the statistics: on or off, to which address, in which language. */
export function SummaryMailSection() {
  const { t } = useTranslation('statistics');
  const headingId = useId();
  const summary = useStatisticsSummary();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="text-lg font-bold text-brand-900">
        {t('summary.heading')}
      </h3>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('summary.intro')}</p>
      {summary.data ? <SummaryMailForm summary={summary.data} /> : <ListStatus query={summary} />}
    </section>
  );
}

function SummaryMailForm({ summary }: { summary: StatisticsSummary }) {
  const { t, i18n } = useTranslation('statistics');
  const dateTime = useDateTime();
  const save = useSaveStatisticsSummary();
  const [enabled, setEnabled] = useState(summary.enabled);
  const [address, setAddress] = useState(summary.address ?? '');
  // Someone asking for the first time gets it in the language they work in.
  const [language, setLanguage] = useState<SiteLanguage>(
    summary.address === null ? (i18n.language === 'en' ? 'en' : 'de') : summary.language,
  );
  const [addressError, setAddressError] = useState(false);
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const input = statisticsSummaryInputSchema.safeParse(enabled ? { enabled, address, language } : { enabled });
    setAddressError(!input.success);
    if (!input.success) return;
    save.mutate(input.data, { onSuccess: () => setSaved(true) });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-4" aria-label={t('summary.heading')}>
      {summary.mailServer ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t('summary.noMailServer')}
        </p>
      )}
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-4 accent-brand-700"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <label htmlFor={checkboxId} className="text-sm font-semibold text-slate-800">
          {t('summary.enabled')}
        </label>
      </div>
      {enabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('summary.address')}
            type="email"
            autoComplete="email"
            required
            hint={t('summary.addressHint')}
            error={addressError ? t('summary.addressError') : undefined}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <SelectField
            label={t('summary.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value === 'en' ? 'en' : 'de')}
          >
            <option value="de">{t('summary.languages.de')}</option>
            <option value="en">{t('summary.languages.en')}</option>
          </SelectField>
        </div>
      ) : null}
      {save.isError && <CommandError error={save.error} />}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? t('summary.saving') : t('summary.save')}
        </button>
        {saved && (
          <p role="status" className="text-sm font-semibold text-green-800">
            {summary.enabled ? t('summary.savedOn') : t('summary.savedOff')}
          </p>
        )}
      </div>
      <p className="text-sm text-slate-700">
        {summary.lastSentAt ? t('summary.lastSent', { when: dateTime(summary.lastSentAt) }) : t('summary.neverSent')}
      </p>
    </form>
  );
}
