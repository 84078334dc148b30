import { useTranslation } from 'react-i18next';
import { CompanyContacts } from '../../../components/company-contacts';
import { IconClock } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { LocationMap } from '../../../features/map/components/location-map';
import { usePageMeta } from '../../../lib/page-meta';
import { useCompany, useLocalizedText } from '../../../lib/ssr/site-content';

export default function ContactPage() {
  const { t } = useTranslation('kontactus');
  usePageMeta('contactus');
  const localized = useLocalizedText();
  const openingHours = localized(useCompany().openingHours);
  return (
    <>
      <PageHeader title={t('headline')} intro={t('intro')} />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-14 md:py-20 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-details" className="rounded-xl bg-brand-50 p-7 ring-1 ring-brand-100">
          <h2 id="contact-details" className="text-2xl font-bold text-brand-900">
            {t('detailsHeading')}
          </h2>
          <div className="mt-6 text-slate-800">
            <CompanyContacts tone="light" labelsVisible>
              {openingHours && (
                <li className="flex gap-3">
                  <IconClock className="mt-0.5 h-5 w-5 flex-none text-brand-600" />
                  <div>
                    <span className="block text-sm font-semibold text-slate-600">{t('openingHoursLabel')}</span>
                    {openingHours}
                  </div>
                </li>
              )}
            </CompanyContacts>
          </div>
        </section>
        <section aria-labelledby="contact-map">
          <h2 id="contact-map" className="text-2xl font-bold text-brand-900">
            {t('mapHeading')}
          </h2>
          <LocationMap className="mt-6" />
        </section>
      </div>
    </>
  );
}
