import { type DeviceClass, type Statistics, type StatisticsQuery, contentLanguageOf } from '@blitz/contract';
import type { Db } from '../../db/database';
import { csvCell } from '../../lib/csv-cell';
import type { LocalizedText } from '@blitz/contract';
import { findJob } from '../jobs/jobs.repository';
import { findProject } from '../projects/projects.repository';
import { readDays, readMostViewed, readSums, readTotals, visitorBounds } from './statistics.repository';

/** How many projects and jobs the "most viewed" lists name. */
const viewedListed = 10;

/** The pages named by a project's or job's title, by the start of their path (`/project/12`, `/jobs/3`). */
const titledPages = ['/project/', '/jobs/'] as const;

/**
 * The title, as it is now (both languages), of the project or job a page shows; empty for
 * another page, a deleted project or job, or a path that names none. `known` keeps what one
 * answer has looked up already (a page is listed once per language).
 */
async function titleOfPage(db: Db, path: string, known: Map<string, Promise<LocalizedText[]>>): Promise<LocalizedText[]> {
  const prefix = titledPages.find((start) => path.startsWith(start));
  const id = prefix ? path.slice(prefix.length) : '';
  if (!prefix || !/^\d{1,15}$/.test(id)) return [];
  let title = known.get(path);
  if (!title) {
    title = (async () => {
      const found = prefix === '/project/' ? await findProject(db, Number(id)) : await findJob(db, Number(id), { kind: 'staff' });
      return found?.texts.title ?? [];
    })();
    known.set(path, title);
  }
  return title;
}

/** The projects or jobs most viewed in a period, with their titles as they are now (see `titleOfPage`). */
async function mostViewed(
  db: Db,
  prefix: (typeof titledPages)[number],
  period: { from: string; to: string },
  known: Map<string, Promise<LocalizedText[]>>,
): Promise<{ path: string; views: number; title: LocalizedText[] }[]> {
  const rows = await readMostViewed(db, prefix, period, viewedListed);
  return Promise.all(rows.map(async (row) => ({ ...row, title: await titleOfPage(db, row.path, known) })));
}

const dayMs = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;
const dayOf = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

/** A period's statistics, every day listed (days without a visit as 0), against the period of equal length before. */
export async function statisticsOf(db: Db, { From, To }: StatisticsQuery): Promise<Statistics> {
  const first = dayNumber(From);
  const last = dayNumber(To);
  const previous = { from: dayOf(2 * first - last - 1), to: dayOf(first - 1) };
  const { leftOutViews, ...totals } = await readTotals(db, From, To);
  const { leftOutViews: _earlier, ...previousTotals } = await readTotals(db, previous.from, previous.to);
  const period = { from: From, to: To };
  const days = await readDays(db, From, To);
  const pages = await readSums(db, 'statistics_pages', ['path', 'language'], ['views', 'visitors', 'inquiries'], period);
  const sources = await readSums(
    db,
    'statistics_sources',
    ['source', 'campaign'],
    ['visitors', 'inquiries', 'applications'],
    period,
  );
  const devices = await readSums(db, 'statistics_devices', ['device'], ['visitors'], period);
  const types = await readSums(db, 'statistics_types', ['type'], ['inquiries'], period);
  const known = new Map<string, Promise<LocalizedText[]>>();
  const viewed = {
    projects: await mostViewed(db, '/project/', period, known),
    jobs: await mostViewed(db, '/jobs/', period, known),
  };
  const byDay = new Map(days.map((d) => [d.day, d]));
  return {
    from: From,
    to: To,
    ...totals,
    previous: { ...previous, ...previousTotals },
    leftOutViews,
    visitorsPerAddress: visitorBounds.perAddress,
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
    pages: await Promise.all(
      pages.map(async (p) => ({
        ...p,
        language: p.language === 'en' ? ('en' as const) : ('de' as const),
        title: await titleOfPage(db, p.path, known),
      })),
    ),
    sources,
    devices: devices.map((d) => ({ ...d, device: d.device as DeviceClass })),
    types,
    viewed,
  };
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** A title in one language, or empty (the project or job is gone, or has none in that language). */
const titleIn = (title: LocalizedText[], language: 'de' | 'en') =>
  title.find((t) => t.language === contentLanguageOf(language))?.content ?? '';

/**
 * What the tab shows, as CSV (`;`-separated, UTF-8 with BOM): the totals, the days, the pages, the
 * sources, the devices and the most viewed projects and jobs (titles in both languages), each a block.
 */
export function statisticsCsv(s: Statistics): string {
  return [
    '\uFEFF',
    csvLine(['from', 'to', 'visitors', 'pageViews', 'inquiries', 'applications', 'leftOutViews']),
    csvLine([s.from, s.to, s.visitors, s.pageViews, s.inquiries, s.applications, s.leftOutViews]),
    '\r\n',
    csvLine(['date', 'visitors', 'pageViews', 'inquiries', 'applications']),
    ...s.days.map((d) => csvLine([d.date, d.visitors, d.pageViews, d.inquiries, d.applications])),
    '\r\n',
    csvLine(['path', 'language', 'views', 'visitors', 'inquiries']),
    ...s.pages.map((p) => csvLine([p.path, p.language, p.views, p.visitors, p.inquiries])),
    '\r\n',
    csvLine(['source', 'campaign', 'visitors', 'inquiries', 'applications']),
    ...s.sources.map((x) => csvLine([x.source, x.campaign, x.visitors, x.inquiries, x.applications])),
    '\r\n',
    csvLine(['device', 'visitors']),
    ...s.devices.map((d) => csvLine([d.device, d.visitors])),
    '\r\n',
    csvLine(['viewed', 'path', 'titleDe', 'titleEn', 'views']),
    ...(['projects', 'jobs'] as const).flatMap((kind) =>
      s.viewed[kind].map((v) => csvLine([kind, v.path, titleIn(v.title, 'de'), titleIn(v.title, 'en'), v.views])),
    ),
  ].join('');
}
