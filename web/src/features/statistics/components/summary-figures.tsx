import { useTranslation } from 'react-i18next';
import type { Statistics } from '@blitz/contract';
import type figureTexts from '../../../locales/de/statistics.json';
import { formatInteger } from '../../../lib/format-number';
import { changeInPercent, perHundredVisitors } from '../api/statistics';

type Figure = {
  key: keyof (typeof figureTexts)['figures'];
  now: number | undefined;
  before: number | undefined;
  decimal?: boolean;
};

/** The period's totals, each beside the period before it and the change. */
export function SummaryFigures({ statistics }: { statistics: Statistics }) {
  const { t, i18n } = useTranslation('statistics');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const { previous } = statistics;
  const figures: Figure[] = [
    { key: 'visitors', now: statistics.visitors, before: previous.visitors },
    { key: 'pageViews', now: statistics.pageViews, before: previous.pageViews },
    { key: 'inquiries', now: statistics.inquiries, before: previous.inquiries },
    { key: 'applications', now: statistics.applications, before: previous.applications },
    {
      key: 'inquiriesPerHundred',
      now: perHundredVisitors(statistics.inquiries, statistics.visitors),
      before: perHundredVisitors(previous.inquiries, previous.visitors),
      decimal: true,
    },
  ];
  const show = (value: number | undefined, decimal = false) =>
    value === undefined ? '–' : decimal ? value.toFixed(1).replace('.', lang === 'de' ? ',' : '.') : formatInteger(value, lang);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((figure) => {
        const change =
          figure.now !== undefined && figure.before !== undefined ? changeInPercent(figure.now, figure.before) : undefined;
        return (
          <div key={figure.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{t(`figures.${figure.key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand-900">{show(figure.now, figure.decimal)}</dd>
            <dd className="mt-1 text-xs text-slate-700">
              {t('before', { value: show(figure.before, figure.decimal) })}
              {change === undefined ? null : ` (${change > 0 ? '+' : ''}${formatInteger(change, lang)} %)`}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
