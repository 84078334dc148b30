import type { DeviceClass, Statistics, StatisticsQuery } from '@blitz/contract';
import type { Db } from '../../db/database';
import { csvCell } from '../contact/inquiry-csv';
import { readBreakdowns, readTotals } from './statistics.repository';

const dayMs = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;
const dayOf = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

/** A period's statistics, every day listed (days without a visit as 0), against the period of equal length before. */
export async function statisticsOf(db: Db, { From, To }: StatisticsQuery): Promise<Statistics> {
  const first = dayNumber(From);
  const last = dayNumber(To);
  const previous = { from: dayOf(2 * first - last - 1), to: dayOf(first - 1) };
  const totals = await readTotals(db, From, To);
  const previousTotals = await readTotals(db, previous.from, previous.to);
  const { days, pages, sources, devices } = await readBreakdowns(db, From, To);
  const byDay = new Map(days.map((d) => [d.day, d]));
  return {
    from: From,
    to: To,
    ...totals,
    previous: { ...previous, ...previousTotals },
    days: Array.from({ length: last - first + 1 }, (_, i) => {
      const date = dayOf(first + i);
      const day = byDay.get(date);
      return {
        date,
        visitors: day?.visitors ?? 0,
        pageViews: day?.page_views ?? 0,
        inquiries: day?.inquiries ?? 0,
        applications: day?.applications ?? 0,
      };
    }),
    pages: pages.map((p) => ({
      path: p.path,
      language: p.language === 'en' ? 'en' : 'de',
      views: Number(p.views),
      visitors: Number(p.visitors),
      inquiries: Number(p.inquiries),
    })),
    sources: sources.map((s) => ({
      source: s.source,
      campaign: s.campaign,
      visitors: Number(s.visitors),
      inquiries: Number(s.inquiries),
      applications: Number(s.applications),
    })),
    devices: devices.map((d) => ({ device: d.device as DeviceClass, visitors: Number(d.visitors) })),
  };
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** What the tab shows, as CSV (`;`-separated, UTF-8 with BOM): the totals, the days, the pages and the sources, each a block. */
export function statisticsCsv(s: Statistics): string {
  return [
    '\uFEFF',
    csvLine(['from', 'to', 'visitors', 'pageViews', 'inquiries', 'applications']),
    csvLine([s.from, s.to, s.visitors, s.pageViews, s.inquiries, s.applications]),
    '\r\n',
    csvLine(['date', 'visitors', 'pageViews', 'inquiries', 'applications']),
    ...s.days.map((d) => csvLine([d.date, d.visitors, d.pageViews, d.inquiries, d.applications])),
    '\r\n',
    csvLine(['path', 'language', 'views', 'visitors', 'inquiries']),
    ...s.pages.map((p) => csvLine([p.path, p.language, p.views, p.visitors, p.inquiries])),
    '\r\n',
    csvLine(['source', 'campaign', 'visitors', 'inquiries', 'applications']),
    ...s.sources.map((x) => csvLine([x.source, x.campaign, x.visitors, x.inquiries, x.applications])),
  ].join('');
}
