import { useTranslation } from 'react-i18next';
import outerArt from '../../../assets/illustrations/lightning-protection-building.svg?no-inline';
import innerArt from '../../../assets/illustrations/surge-protection-cabinet.svg?no-inline';
import { PageHeader } from '../../../components/page-header';
import { type FaqItem, FaqAccordion } from '../../../features/faq/components/faq-accordion';
import { usePageMeta } from '../../../lib/page-meta';
import { translationList } from '../../../lib/i18n/translation-list';

const titleId = 'faq-title';

export default function BlitzschutzPage() {
  const { t } = useTranslation('BlitzSchutz');
  usePageMeta('blitzschutz');
  const figures = [
    { key: 'outer', src: outerArt, alt: t('imageAltOuter') },
    { key: 'inner', src: innerArt, alt: t('imageAltInner') },
  ] as const;
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} titleId={titleId} />
      <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
        <FaqAccordion items={translationList<FaqItem>(t, 'faq')} label={t('accordionLabel')} titleId={titleId} />
        <section aria-labelledby="figures-heading" className="mt-16 md:mt-20">
          <h2 id="figures-heading" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
            {t('figures.heading')}
          </h2>
          <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-2">
            {figures.map((figure) => (
              <figure key={figure.key} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
                <img
                  src={figure.src}
                  alt={figure.alt}
                  width="640"
                  height="440"
                  loading="lazy"
                  decoding="async"
                  className="w-full bg-brand-50"
                />
                <figcaption className="border-t border-brand-100 p-5">
                  <span className="font-semibold text-brand-900">{t(`figures.${figure.key}.caption`)}</span>
                  <ol className="mt-3 space-y-1.5 text-sm text-slate-700">
                    {translationList(t, `figures.${figure.key}.legend`).map((entry, index) => (
                      <li key={entry} className="flex gap-2.5">
                        <span
                          className="flex h-5 w-5 flex-none items-center justify-center rounded-full bg-accent-400 text-xs font-bold text-brand-950"
                          aria-hidden="true"
                        >
                          {index + 1}
                        </span>
                        <span>{entry}</span>
                      </li>
                    ))}
                  </ol>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
