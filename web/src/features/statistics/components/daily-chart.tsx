import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@blitz/contract';
import { formatInteger } from '../../../lib/format-number';

/** The day's counts in the table, in this order. */
const counts = ['visitors', 'pageViews', 'inquiries', 'applications'] as const;

/** The counts drawn as bars, each day side by side. */
const series = [
  { count: 'visitors', colour: '#1d4ed8' },
  { count: 'inquiries', colour: '#b45309' },
] as const;

const height = 256;
const margin = { top: 8, right: 8, bottom: 24, left: 36 };
const maxBarWidth = 24;
/** Room one date label needs on the axis, in pixels. */
const labelWidth = 48;

/** Whole-number steps of 1, 2 or 5 times a power of ten: at most five lines up the axis. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/** The width the chart has to draw in (it follows the page's width, a phone's too). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Visitors and inquiries per day: a bar per day and count, drawn as SVG here (a chart library
 * cost the tab 105 KB on a phone, issue 46) that fits a phone, each day's numbers on hover, and
 * the same numbers as a table below it for the keyboard and screen readers. Bars, not a smoothed
 * line: a curve drawn between a few days' counts makes a new site's handful of visits look like a trend.
 */
export function DailyChart({ days }: { days: Statistics['days'] }) {
  const { t, i18n } = useTranslation('statistics');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const captionId = useId();
  const [box, width] = useWidth();
  const shortDate = (date: string) => (lang === 'de' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.` : date.slice(5));
  const ticks = axisTicks(Math.max(0, ...days.flatMap((day) => series.map((s) => day[s.count]))));
  const top = ticks[ticks.length - 1]!;
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const groupWidth = days.length ? plotWidth / days.length : 0;
  const barWidth = Math.max(1, Math.min(maxBarWidth, (groupWidth * 0.8) / series.length - 1));
  const labelEvery = Math.max(1, Math.ceil(labelWidth / Math.max(groupWidth, 1)));
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  return (
    <figure aria-labelledby={captionId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={captionId} className="mb-3 font-semibold text-brand-900">
        {t('chart.caption')}
      </figcaption>
      <div ref={box} className="h-64 w-full">
        {width > 0 && (
          <svg role="img" aria-label={t('chart.caption')} width={width} height={height} className="block text-xs">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={margin.left}
                  x2={width - margin.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="#e2e8f0"
                  strokeDasharray={tick ? '3 3' : undefined}
                />
                <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fill="#334155">
                  {formatInteger(tick, lang)}
                </text>
              </g>
            ))}
            {days.map((day, index) => {
              const left = margin.left + index * groupWidth;
              const barsLeft = left + (groupWidth - series.length * (barWidth + 1)) / 2;
              return (
                <g key={day.date} data-day={day.date}>
                  <title>
                    {`${shortDate(day.date)}: ${series.map((s) => `${t(`figures.${s.count}`)} ${formatInteger(day[s.count], lang)}`).join(', ')}`}
                  </title>
                  {/* The whole day's column answers the pointer, not only its bars. */}
                  <rect
                    x={left}
                    y={margin.top}
                    width={groupWidth}
                    height={plotHeight}
                    fill="transparent"
                    className="hover:fill-slate-100"
                  />
                  {series.map((s, n) => (
                    <rect
                      key={s.count}
                      data-series={s.count}
                      x={barsLeft + n * (barWidth + 1)}
                      y={y(day[s.count])}
                      width={barWidth}
                      height={y(0) - y(day[s.count])}
                      fill={s.colour}
                    />
                  ))}
                  {index % labelEvery === 0 && (
                    <text x={left + groupWidth / 2} y={height - 6} textAnchor="middle" fill="#334155">
                      {shortDate(day.date)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <ul className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-slate-800">
        {series.map((s) => (
          <li key={s.count} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: s.colour }} />
            {t(`figures.${s.count}`)}
          </li>
        ))}
      </ul>
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
