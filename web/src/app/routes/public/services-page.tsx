import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckList } from '../../../components/check-list';
import { IconArrowRight } from '../../../components/icons';
import { serviceKinds } from '../../../components/service-kinds';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { translationList } from '../../../lib/i18n/translation-list';

export default function ServicesPage() {
  const { t } = useTranslation('servicespage');
  usePageMeta('services');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
          {serviceKinds.map(({ key, Icon }, index) => (
            <section
              key={key}
              aria-labelledby={`service-${key}`}
              className="flex flex-col rounded-xl border border-brand-100 bg-white shadow-sm"
              data-service={key}
            >
              <div className="rounded-t-xl border-b border-brand-100 bg-brand-50 p-6">
                <div className="flex items-center justify-between">
                  <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-900 text-accent-400">
                    <Icon className="h-6 w-6" />
                  </span>
                  <span className="text-5xl font-bold text-brand-400" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                </div>
                <h2 id={`service-${key}`} className="mt-4 text-2xl font-bold text-brand-900">
                  {t(`${key}.title`)}
                </h2>
                <p className="mt-3 leading-relaxed text-slate-700">{t(`${key}.intro`)}</p>
              </div>
              <CheckList items={translationList(t, `${key}.bullets`)} className="p-6 leading-relaxed text-slate-800" />
            </section>
          ))}
        </div>
      </div>
      <section aria-labelledby="services-cta" className="surface-dark bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="services-cta" className="text-2xl font-bold md:text-3xl">
              {t('cta.heading')}
            </h2>
            <p className="mt-3 leading-relaxed text-brand-100">{t('cta.text')}</p>
          </div>
          <Link
            to={paths.contactus}
            className="inline-flex flex-none items-center gap-2 self-start rounded-md bg-accent-400 px-6 py-3 font-semibold text-brand-950 hover:bg-accent-300 md:self-auto"
          >
            {t('cta.button')}
            <IconArrowRight className="h-5 w-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
