import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { company } from '@blitz/contract';
import { IconArrowRight, IconMapPin } from '../../../components/icons';
import { translationList } from '../../../lib/translation-list';
import { type Job, filterJobs } from '../filter-jobs';

const jobAnchor = (index: number) => `job-${index + 1}`;

/**
 * The vacancies: a search box that filters the table by job title or location as the visitor
 * types, and a description of each job shown. The jobs come from the page's texts, so the list
 * follows a language switch at once, with the query kept.
 */
export function JobBoard() {
  const { t } = useTranslation('JobsPage');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const jobs = translationList<Job>(t, 'jobs').map((job, index) => ({ ...job, anchor: jobAnchor(index) }));
  const shown = filterJobs(jobs, query);
  return (
    <div>
      <div className="max-w-xl">
        <label htmlFor={searchId} className="block font-semibold text-brand-900">
          {t('search.label')}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          className="mt-2 w-full rounded-md border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
        <p className="sr-only" role="status">
          {shown.length === 0 ? t('noMatch') : t('results', { count: shown.length })}
        </p>
      </div>
      <div className="mt-8 overflow-x-auto rounded-xl ring-1 ring-brand-100">
        <table className="w-full table-fixed text-left">
          <caption className="bg-brand-50 px-5 py-4 text-left text-lg font-semibold text-brand-900">{t('table.caption')}</caption>
          <thead className="border-y border-brand-100 bg-white text-sm tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-5 py-3 font-semibold">
                {t('table.jobTitle')}
              </th>
              <th scope="col" className="w-32 px-5 py-3 font-semibold sm:w-48">
                {t('table.location')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-brand-100 bg-white">
            {shown.length === 0 ? (
              <tr>
                <td colSpan={2} className="px-5 py-6 text-slate-700" data-testid="no-match">
                  {t('noMatch')}
                </td>
              </tr>
            ) : (
              shown.map((job) => (
                <tr key={job.anchor}>
                  <td className="px-5 py-4 font-medium">
                    <a href={`#${job.anchor}`} className="link">
                      {job.name}
                    </a>
                  </td>
                  <td className="px-5 py-4 text-slate-700">{job.location}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {shown.length > 0 && (
        <div className="mt-12 space-y-6">
          <h2 className="text-2xl font-bold text-brand-900">{t('detailsHeading')}</h2>
          {shown.map((job) => (
            <article
              key={job.anchor}
              id={job.anchor}
              aria-labelledby={`${job.anchor}-title`}
              className="scroll-mt-24 rounded-xl p-6 ring-1 ring-brand-100"
            >
              <h3 id={`${job.anchor}-title`} className="text-xl font-semibold text-brand-900">
                {job.name}
              </h3>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                <IconMapPin className="h-4 w-4" />
                {job.location}
              </p>
              <p className="mt-4 leading-relaxed text-slate-700">{job.details}</p>
              <a
                href={`mailto:${company.email}?subject=${encodeURIComponent(t('applySubject', { job: job.name }))}`}
                className="mt-5 inline-flex items-center gap-2 rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
              >
                {t('applyButton')}
                <IconArrowRight className="h-5 w-5" />
              </a>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
