import { useTranslation } from 'react-i18next';
import { applicationsAddressKey } from '@blitz/contract';
import { LinkifiedText } from '../../../components/linkified-text';
import { PageHeader } from '../../../components/page-header';
import { JobBoard } from '../../../features/jobs/components/job-board';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageData } from '../../../lib/ssr/page-data';
import { useCompany } from '../../../lib/ssr/site-content';
import { translationList } from '../../../lib/i18n/translation-list';

export default function JobsPage() {
  const { t } = useTranslation('JobsPage');
  usePageMeta('jobs');
  const company = useCompany();
  // The recipient of applications in the mail settings (the server renders the page with it).
  const applicationsEmail = usePageData<string>(applicationsAddressKey) ?? company.email;
  return (
    <>
      <PageHeader title={t('title')} intro={t('subtitle')} />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-14 md:py-20 lg:grid-cols-[2fr_1fr]">
        <JobBoard />
        <aside aria-labelledby="apply-heading" className="self-start rounded-xl bg-brand-50 p-7 ring-1 ring-brand-100">
          <h2 id="apply-heading" className="text-2xl font-bold text-brand-900">
            {t('application.heading')}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            {translationList(t, 'application.paragraphs', { applicationsEmail }).map((paragraph) => (
              <p key={paragraph}>
                <LinkifiedText text={paragraph} />
              </p>
            ))}
          </div>
          <dl className="mt-6 space-y-4 border-t border-brand-100 pt-6 text-slate-800">
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('application.emailLabel')}</dt>
              <dd>
                <a href={`mailto:${applicationsEmail}`} className="link">
                  {applicationsEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('application.contactPersonLabel')}</dt>
              <dd>{company.jobsContact}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('application.addressHeading')}</dt>
              <dd>
                <address className="not-italic">
                  {translationList(t, 'application.addressLines').map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </>
  );
}
