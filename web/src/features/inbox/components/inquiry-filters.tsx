import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentLanguageOf, deliveryStatuses, inquiryStatuses, inquirySubjects } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { type InboxFilter, useJobChoices } from '../api/inquiries';
import { jobName } from './job-name';
import { inquiryTypeName } from '../../../lib/inquiry-type-name';
import { useInquiryTypeList } from '../../../lib/inquiry-type-list';
import { useMediaQuery } from '../../../lib/use-media-query';

type InquiryFiltersProps = {
  filter: InboxFilter;
  /** The search box's text as typed; the filter gets it once typing pauses. */
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<InboxFilter>) => void;
  onReset: () => void;
  /** Matches of the same search and filters in each view; undefined while loading. */
  /** Each view's count as its badge shows it ("1000+" for a search past its cap). */
  counts: { inbox: string | number | undefined; spam: string | number | undefined };
  /** The types the signed-in user may see (an inbox account's limit): the subject filter offers only these. */
  subjects?: readonly string[] | undefined;
};

const field = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900';
const label = 'block text-sm font-semibold text-slate-800';

/** The inbox's view switch (inquiries or spam), search box and filters. */
export function InquiryFilters({ filter, searchText, onSearchText, onChange, onReset, counts, subjects }: InquiryFiltersProps) {
  const { t, i18n } = useTranslation('inbox');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  // Every type, those staff added too (issue 44); SPEC.md's three until the list is read.
  const types = useInquiryTypeList().data ?? inquirySubjects.map((key) => ({ key, names: null, removed: false }));
  const offered = types.filter((type) => (subjects ? subjects.includes(type.key) : true));
  const id = useId();
  const viewButton = (spam: boolean) => {
    const count = spam ? counts.spam : counts.inbox;
    const pressed = filter.spam === spam;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        onClick={() => onChange({ spam })}
        className={`inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ${
          pressed ? 'bg-brand-700 text-white' : 'border border-slate-400 bg-white text-slate-800 hover:bg-slate-100'
        }`}
      >
        {t(spam ? 'views.spam' : 'views.inbox')}
        <span
          className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${pressed ? 'bg-white/20 text-white' : 'bg-slate-200 text-slate-800'}`}
        >
          {count ?? '…'}
        </span>
      </button>
    );
  };
  const chosenFilters = [
    filter.subject,
    filter.delivery,
    filter.status,
    filter.assignee,
    filter.followUpDue,
    filter.unread,
    filter.unanswered,
    filter.job,
    filter.from,
    filter.to,
  ].filter(Boolean).length;
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const jobs = useJobChoices(language);
  // A typed date can pass the picker's min; the list then ignores `to` until it is mended.
  const toBeforeFrom = filter.from !== '' && filter.to !== '' && filter.to < filter.from;
  const active = searchText.trim() !== '' || chosenFilters > 0;
  // On a phone the filters fold away behind a button, so that the list starts on the first screen;
  // folded, they are not rendered at all (six fields, two of them dates: issue 46).
  const [open, setOpen] = useState(false);
  // The server does not know the width: its HTML has them, folded by CSS below md as here (decision 067).
  const wide = useMediaQuery('(min-width: 48rem)', true);

  return (
    <div className="mb-4 space-y-3">
      <div role="group" aria-label={t('views.label')} className="flex flex-wrap gap-2">
        {viewButton(false)}
        {viewButton(true)}
      </div>
      {filter.spam ? <p className="max-w-prose text-sm text-slate-700">{t('views.spamHint')}</p> : null}
      <form
        role="search"
        aria-label={t('filters.label')}
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-[1fr_auto] gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="sm:col-span-2 lg:col-span-3">
          <label htmlFor={`${id}-search`} className={label}>
            {t('filters.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={searchText}
            maxLength={200}
            onChange={(event) => onSearchText(event.target.value)}
            placeholder={t('filters.searchPlaceholder')}
            className={field}
          />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-more`}
          onClick={() => setOpen(!open)}
          className={`${secondaryButton} self-end md:hidden`}
        >
          {t('filters.more', { count: chosenFilters })}
        </button>
        {/* On a phone the Filters button stands beside the search box, the filters below both. */}
        <div id={`${id}-more`} className={open ? 'col-span-2 grid gap-3 sm:contents' : 'hidden md:contents'}>
          {(open || wide) && (
            <>
              <div>
                <label htmlFor={`${id}-subject`} className={label}>
                  {t('filters.subject')}
                </label>
                <select
                  id={`${id}-subject`}
                  value={filter.subject}
                  onChange={(event) => onChange({ subject: event.target.value as InboxFilter['subject'] })}
                  className={field}
                >
                  <option value="">{t('filters.any')}</option>
                  {offered.map((type) => (
                    <option key={type.key} value={type.key}>
                      {inquiryTypeName(type.key, type.names, lang, (s) => t(`subjects.${s}`))}
                      {type.removed && ` (${t('filters.removedType')})`}
                    </option>
                  ))}
                </select>
              </div>
              {(jobs.length > 0 || filter.job !== '') && (
                <div>
                  <label htmlFor={`${id}-job`} className={label}>
                    {t('filters.job')}
                  </label>
                  <select
                    id={`${id}-job`}
                    value={filter.job}
                    onChange={(event) => onChange({ job: event.target.value })}
                    className={field}
                  >
                    <option value="">{t('filters.any')}</option>
                    {jobs.map((job) => (
                      <option key={job.id} value={String(job.id)}>
                        {jobName(t, job)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div>
                <label htmlFor={`${id}-delivery`} className={label}>
                  {t('filters.delivery')}
                </label>
                <select
                  id={`${id}-delivery`}
                  value={filter.delivery}
                  onChange={(event) => onChange({ delivery: event.target.value as InboxFilter['delivery'] })}
                  className={field}
                >
                  <option value="">{t('filters.any')}</option>
                  {deliveryStatuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`delivery.${status}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-status`} className={label}>
                  {t('filters.status')}
                </label>
                <select
                  id={`${id}-status`}
                  value={filter.status}
                  onChange={(event) => onChange({ status: event.target.value as InboxFilter['status'] })}
                  className={field}
                >
                  <option value="">{t('filters.any')}</option>
                  <option value="open">{t('filters.open')}</option>
                  {inquiryStatuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`status.${status}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-assignee`} className={label}>
                  {t('filters.assignee')}
                </label>
                <select
                  id={`${id}-assignee`}
                  value={filter.assignee}
                  onChange={(event) => onChange({ assignee: event.target.value as InboxFilter['assignee'] })}
                  className={field}
                >
                  <option value="">{t('filters.any')}</option>
                  <option value="me">{t('filters.mine')}</option>
                  <option value="none">{t('filters.nobody')}</option>
                </select>
              </div>
              {/* The three "only …" boxes side by side, wrapping as the width asks. */}
              <div className="flex flex-wrap items-end gap-x-5 gap-y-1 pb-2 sm:col-span-2 lg:col-span-3">
                {(
                  [
                    ['followUpDue', 'filters.followUpDue'],
                    ['unanswered', 'filters.unanswered'],
                    ['unread', 'filters.unread'],
                  ] as const
                ).map(([key, text]) => (
                  <label key={key} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                    <input
                      type="checkbox"
                      checked={filter[key]}
                      onChange={(event) => onChange({ [key]: event.target.checked })}
                    />
                    {t(text)}
                  </label>
                ))}
              </div>
              <div className="lg:col-span-2">
                <label htmlFor={`${id}-from`} className={label}>
                  {t('filters.from')}
                </label>
                <input
                  id={`${id}-from`}
                  type="date"
                  value={filter.from}
                  max={filter.to || undefined}
                  onChange={(event) => onChange({ from: event.target.value })}
                  className={field}
                />
              </div>
              <div className="lg:col-span-2">
                <label htmlFor={`${id}-to`} className={label}>
                  {t('filters.to')}
                </label>
                <input
                  id={`${id}-to`}
                  type="date"
                  value={filter.to}
                  min={filter.from || undefined}
                  onChange={(event) => onChange({ to: event.target.value })}
                  aria-invalid={toBeforeFrom || undefined}
                  aria-describedby={toBeforeFrom ? `${id}-to-error` : undefined}
                  className={`${field} ${toBeforeFrom ? 'border-red-700' : ''}`}
                />
                {toBeforeFrom ? (
                  <p id={`${id}-to-error`} className="mt-1 text-sm text-red-800">
                    {t('filters.toBeforeFrom')}
                  </p>
                ) : null}
              </div>
              <div className="flex items-end lg:col-span-2">
                <button
                  type="button"
                  className={`${secondaryButton} ${smallButton} w-full py-2`}
                  disabled={!active}
                  onClick={onReset}
                >
                  {t('filters.reset')}
                </button>
              </div>
            </>
          )}
        </div>
      </form>
    </div>
  );
}
