import { useTranslation } from 'react-i18next';
import { IconCog, IconShield, IconTarget } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { companyPictureSource } from '../../../lib/company-pictures';
import { usePageMeta } from '../../../lib/page-meta';
import { useCompany, useLocalizedText } from '../../../lib/ssr/site-content';

const blocks = [
  { key: 'what', Icon: IconTarget },
  { key: 'why', Icon: IconShield },
  { key: 'how', Icon: IconCog },
] as const;

export default function AboutPage() {
  const { t } = useTranslation('aboutus');
  usePageMeta('aboutus');
  // The person, their position, quote and picture as staff saved them (decision 019).
  const { person } = useCompany();
  const localized = useLocalizedText();
  const position = localized(person.position);
  const quote = localized(person.quote);
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
        <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,20rem)_1fr] md:items-start lg:gap-16">
          <figure className="mx-auto w-full max-w-xs md:mx-0">
            {/* An uploaded portrait may have another shape: it fills the shipped one's frame. */}
            <img
              src={companyPictureSource(person.picture)}
              alt={position ? t('personImageAlt', { name: person.name, position }) : person.name}
              width="480"
              height="560"
              decoding="async"
              className="aspect-[480/560] w-full rounded-2xl bg-brand-100 object-cover shadow-md ring-1 ring-brand-100"
            />
            <figcaption className="mt-4">
              <span className="block text-lg font-semibold text-brand-900">{person.name}</span>
              {position && <span className="block text-slate-600">{position}</span>}
            </figcaption>
          </figure>
          <div>
            <p className="text-lg leading-relaxed text-slate-800 md:text-xl">{t('summary')}</p>
            {quote && (
              <figure className="mt-10 border-l-4 border-accent-400 pl-6">
                <blockquote className="text-xl leading-relaxed font-medium text-brand-900 italic md:text-2xl">
                  <p>
                    <q>{quote}</q>
                  </p>
                </blockquote>
                <figcaption className="mt-4 text-slate-600">
                  — {position ? t('quoteAttribution', { name: person.name, position }) : person.name}
                </figcaption>
              </figure>
            )}
          </div>
        </div>
        <div className="mt-16 grid grid-cols-1 gap-6 md:mt-20 lg:grid-cols-3">
          {blocks.map(({ key, Icon }) => (
            <section key={key} aria-labelledby={`about-${key}`} className="rounded-xl bg-brand-50 p-7 ring-1 ring-brand-100">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-900 text-accent-400">
                <Icon className="h-6 w-6" />
              </span>
              <h2 id={`about-${key}`} className="mt-5 text-2xl font-bold text-brand-900">
                {t(`${key}.title`)}
              </h2>
              <p className="mt-3 leading-relaxed text-slate-700">{t(`${key}.text`)}</p>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
