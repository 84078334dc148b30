import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format-number';
import { useCompany, useLocalizedText } from '../../../lib/ssr/site-content';

/**
 * The statistics strip of the home page: the six figures staff saved, with their labels, counting
 * up once the strip is 40 % visible (islands/counters.ts). The HTML holds the targets, for
 * crawlers, readers without JavaScript and visitors who prefer reduced motion.
 */
export function StatsStrip() {
  const { t, i18n } = useTranslation('homepage');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const { statistics } = useCompany();
  const localized = useLocalizedText();
  return (
    <section data-count-up aria-labelledby="stats-heading" className="border-b border-brand-100 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <h2 id="stats-heading" className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
          {t('stats.heading')}
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
          {statistics.map(({ value: target, label }, index) => (
            <div key={index} className="flex flex-col-reverse justify-end gap-1 border-l-4 border-accent-400 pl-4">
              <dt className="text-sm leading-snug text-slate-600">{localized(label)}</dt>
              <dd className="h-8 text-2xl font-bold tracking-tight text-brand-900 tabular-nums contain-strict will-change-transform sm:h-9 sm:text-3xl md:h-10 md:text-4xl">
                {/* The running figure is for the eye; screen readers get the target once. Its box has a
                    fixed size, is contained and has a layer of its own: a changing figure lays out
                    and repaints nothing else, so each frame of the animation stays short. */}
                <span aria-hidden="true" data-stat={index} data-target={target}>
                  {formatInteger(target, lang)}
                </span>
                <span className="sr-only">{formatInteger(target, lang)}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
