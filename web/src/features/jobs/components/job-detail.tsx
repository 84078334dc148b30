import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type Job,
  contactFormAnchor,
  contentLanguageOf,
  inquirySubjectParam,
  apiRoutes,
  apiUrl,
  jobPath,
  pickText,
} from '@blitz/contract';
import { IconArrowRight } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { LineList } from '../../../components/text-blocks';
import { paths } from '../../../config/paths';
import { usePageData } from '../../../lib/ssr/page-data';
import { usePageMeta } from '../../../lib/page-meta';
import { jobSearchResult } from '../../../lib/search-entry';
import { useCompany } from '../../../lib/ssr/site-content';

function formatDate(date: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * A job opening's page: what the job is, what it asks and offers, and how to apply (the footer
 * form, subject chosen). Without a job it is a stand-in built of the same elements: the page
 * prerendered without data then carries the styles (critical CSS) of the job the server renders into it.
 */
function JobView({ job }: { job: Job | undefined }) {
  const { t, i18n } = useTranslation('JobsPage');
  const { t: common } = useTranslation('common');
  const [params] = useSearchParams();
  const { jobsContact } = useCompany();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const language = contentLanguageOf(lang);
  const title = job ? pickText(job.title, language) : '…';
  usePageMeta('job', job && jobSearchResult(job, language, common));
  const langParam = params.get('lang');
  const withLang = (path: string) => (langParam ? `${path}${path.includes('?') ? '&' : '?'}lang=${langParam}` : path);
  const facts: [string, string][] = job
    ? [
        [t('detail.location'), job.location],
        [t('detail.employmentType'), t(`detail.employmentTypes.${job.employmentType}`)],
        [t('detail.start'), job.startDate ? formatDate(job.startDate, lang) : t('detail.startNow')],
        ...(job.validThrough ? [[t('detail.validThrough'), formatDate(job.validThrough, lang)] as [string, string]] : []),
        [t('detail.contact'), job.contact || jobsContact],
      ]
    : [[t('detail.location'), '…']];
  // The stand-in has a list and a paragraph, so that both kinds of text are styled from the first paint.
  const sections = (['tasks', 'profile', 'offer', 'howToApply'] as const)
    .map((key) => [key, job ? pickText(job[key], language) : key === 'tasks' ? '…\n…' : '…'] as const)
    .filter(([, text]) => text.trim());
  const apply = `${withLang(`${jobPath(job?.id ?? 0)}?${inquirySubjectParam}=application`)}#${contactFormAnchor}`;

  return (
    <article aria-busy={!job}>
      <PageHeader title={title} kicker={t('title')}>
        <div className="mt-6">
          <a
            href={withLang(paths.jobs)}
            className="inline-flex items-center gap-2 rounded text-sm font-semibold text-accent-300 hover:text-white"
          >
            <IconArrowRight className="h-4 w-4 rotate-180" />
            {t('detail.back')}
          </a>
        </div>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 md:py-14 lg:grid-cols-3">
        <aside className="space-y-6 lg:col-start-3 lg:row-start-1">
          <section aria-label={t('detail.facts')} className="rounded-lg bg-brand-50 p-6">
            <dl className="space-y-4">
              {facts.map(([label, text]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{label}</dt>
                  <dd className="mt-1 text-slate-900">{text}</dd>
                </div>
              ))}
            </dl>
            <a
              href={apply}
              data-apply
              className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
            >
              {t('detail.apply')}
              <IconArrowRight className="h-5 w-5" />
            </a>
          </section>
        </aside>
        <div className="space-y-10 lg:col-span-2 lg:row-start-1">
          {sections.map(([key, text]) => (
            <section key={key} aria-labelledby={`job-${key}`}>
              <h2 id={`job-${key}`} className="text-2xl font-semibold text-brand-900">
                {t(`detail.${key}`)}
              </h2>
              <LineList text={text} className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-800" />
            </section>
          ))}
          <p className="max-w-3xl text-slate-700">
            <a href={apply} className="link font-semibold">
              {t('detail.apply')}
            </a>{' '}
            – {t('detail.applyHint')}
          </p>
        </div>
      </div>
    </article>
  );
}

/** A job's page: the server renders it with the job, and sends a visitor whose job it does not know to the jobs page. */
export function JobDetail({ id }: { id: number }) {
  return <JobView job={usePageData<Job>(apiUrl(apiRoutes.jobs.onePath(id)))} />;
}
