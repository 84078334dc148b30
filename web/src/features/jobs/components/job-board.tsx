import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type JobList, contentLanguageOf, apiRoutes, apiUrl, jobPath, jobSearchParam, pickText } from '@blitz/contract';
import { paths } from '../../../config/paths';
import { usePageData } from '../../../lib/ssr/page-data';
import { filterJobs } from '../filter-jobs';

/** The query parameter of the jobs search: /jobs?q=… */

/**
 * The vacancies: a search form (GET /jobs?q=…, answered by the server) that filters the table by
 * job title or location, each row leading to the job's own page. The jobs are those a visitor may
 * see, in the page's language, which the server renders the page with (page data). The page
 * script filters the same rows as the visitor types (islands/jobs-search.ts), with the address
 * following.
 */
export function JobBoard() {
  const { t, i18n } = useTranslation('JobsPage');
  const [params] = useSearchParams();
  const query = params.get(jobSearchParam) ?? '';
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const list = usePageData<JobList>(apiUrl(apiRoutes.jobs.boardPath(language)));
  const jobs = (list?.data ?? []).map((job) => ({ id: job.id, name: pickText(job.title, language), location: job.location }));
  const shown = new Set(filterJobs(jobs, query));
  const lang = params.get('lang');
  // No openings at all: nothing to search, and "no matching job" would answer a search nobody made.
  if (list && jobs.length === 0)
    return (
      <div data-jobs>
        <p
          data-testid="no-openings"
          className="rounded-xl bg-white p-6 text-lg leading-relaxed text-slate-700 ring-1 ring-brand-100"
        >
          {t('noOpenings')}
        </p>
      </div>
    );
  return (
    <div data-jobs>
      <form method="get" action={paths.jobs} role="search" className="max-w-xl">
        <label htmlFor="job-search" className="block font-semibold text-brand-900">
          {t('search.label')}
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id="job-search"
            name={jobSearchParam}
            type="search"
            defaultValue={query}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            className="w-full rounded-md border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
          />
          {lang && <input type="hidden" name="lang" value={lang} />}
          <button
            type="submit"
            className="flex-none rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900"
          >
            {t('search.submit')}
          </button>
        </div>
        <p
          className="sr-only"
          role="status"
          data-no-match={t('noMatch')}
          data-one={t('results_one', { count: '{count}' })}
          data-other={t('results_other', { count: '{count}' })}
        >
          {shown.size === 0 ? t('noMatch') : t('results', { count: shown.size })}
        </p>
      </form>
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
            <tr hidden={shown.size > 0}>
              <td colSpan={2} className="px-5 py-6 text-slate-700" data-testid="no-match">
                {t('noMatch')}
              </td>
            </tr>
            {jobs.map((job) => (
              <tr key={job.id} data-job={`${job.name}\n${job.location}`} hidden={!shown.has(job)}>
                <td className="px-5 py-4 font-medium">
                  <a href={lang ? `${jobPath(job.id)}?lang=${lang}` : jobPath(job.id)} className="link">
                    {job.name}
                  </a>
                </td>
                <td className="px-5 py-4 text-slate-700">{job.location}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
