import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckList } from '../../../components/check-list';
import { IconArrowRight } from '../../../components/icons';
import { serviceKinds } from '../../../components/service-kinds';
import { paths } from '../../../config/paths';
import { translationList } from '../../../lib/i18n/translation-list';

/** The services section of the home page: planning (6 points), installation (8), maintenance (8). */
export function ServicesOverview() {
  const { t } = useTranslation('homepage');
  return (
    <section aria-labelledby="services-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="max-w-3xl">
          <h2 id="services-heading" className="text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
            {t('services.heading')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('services.intro')}</p>
        </div>
        <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {serviceKinds.map(({ key, Icon }) => (
            <article key={key} className="flex flex-col rounded-xl border border-brand-100 p-6 shadow-sm" data-service={key}>
              <div className="flex items-center gap-3">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-accent-400 text-brand-950">
                  <Icon className="h-6 w-6" />
                </span>
                <h3 className="text-xl font-semibold text-brand-900">{t(`services.${key}.title`)}</h3>
              </div>
              <p className="mt-4 leading-relaxed text-slate-700">{t(`services.${key}.intro`)}</p>
              <CheckList items={translationList(t, `services.${key}.bullets`)} className="mt-5 text-slate-800" />
            </article>
          ))}
        </div>
        <Link
          to={paths.services}
          className="mt-10 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('services.moreLink')}
          <IconArrowRight className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}
