import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Statistics } from '@blitz/contract';
import { formatInteger } from '../../../lib/format-number';

/** The day's counts in the table, in this order. */
const counts = ['visitors', 'pageViews', 'inquiries', 'applications'] as const;

/**
 * Visitors and inquiries per day: a bar per day and count (recharts, with its keyboard and
 * screen-reader layer; drawn at once, without an animation to sit through) that fits a phone, and
 * the same numbers as a table below it. Bars, not a smoothed line: a curve drawn between a few
 * days' counts makes a new site's handful of visits look like a trend.
 */
export function DailyChart({ days }: { days: Statistics['days'] }) {
  const { t, i18n } = useTranslation('statistics');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const captionId = useId();
  const shortDate = (date: string) => (lang === 'de' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.` : date.slice(5));
  return (
    <figure aria-labelledby={captionId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={captionId} className="mb-3 font-semibold text-brand-900">
        {t('chart.caption')}
      </figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={days}
            margin={{ top: 5, right: 10, bottom: 5, left: -20 }}
            barGap={1}
            accessibilityLayer
            title={t('chart.caption')}
          >
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12, fill: '#334155' }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              labelFormatter={(date) => shortDate(String(date))}
              formatter={(value) => formatInteger(Number(value), lang)}
            />
            <Legend />
            <Bar dataKey="visitors" name={t('figures.visitors')} fill="#1d4ed8" maxBarSize={24} isAnimationActive={false} />
            <Bar dataKey="inquiries" name={t('figures.inquiries')} fill="#b45309" maxBarSize={24} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-800">{t('chart.asTable')}</summary>
        {/* Scrolls within itself for a long period: reachable by keyboard. */}
        <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={t('chart.asTable')}>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{t('chart.caption')}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('columns.date')}
                </th>
                {counts.map((count) => (
                  <th key={count} scope="col" className="px-3 py-2 text-right">
                    {t(`figures.${count}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {shortDate(day.date)}
                  </th>
                  {counts.map((count) => (
                    <td key={count} className="px-3 py-1.5 text-right">
                      {formatInteger(day[count], lang)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
