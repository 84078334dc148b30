import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PageKey,
  type Statistics,
  berlinDate,
  contentLanguageOf,
  directSource,
  pages,
  pickText,
  statisticsFirstDay,
} from '@blitz/contract';
import { secondaryButton } from '../../../components/admin/button-classes';
import { ListStatus } from '../../../components/admin/list-status';
import { useDownload } from '../../../lib/download-file';
import {
  type PeriodChoice,
  exportPath,
  firstPeriod,
  firstPeriodChoice,
  periodChoices,
  periodOf,
  periodProblem,
  useStatistics,
} from '../api/statistics';
import { RankedTable } from './ranked-table';
import { SummaryFigures } from './summary-figures';
import { SummaryMailSection } from './summary-mail-form';
import { DailyChart } from './daily-chart';
import { useInquiryTypeName } from '../../../lib/inquiry-type-list';

type PageRow = Statistics['pages'][number];
type SourceRow = Statistics['sources'][number];
type TypeRow = Statistics['types'][number];
type ViewedRow = Statistics['viewed']['projects'][number];

/** The public pages the statistics name in their own words (statistics.json → pageNames); a project or job by its title. */
const namedPages = [
  'home',
  'impressum',
  'aboutus',
  'contactus',
  'jobs',
  'blitzschutz',
  'projects',
  'services',
] as const satisfies readonly PageKey[];

const inputClass = 'rounded-md border border-slate-400 bg-white px-3 py-2 text-sm';

type DateFieldProps = { label: string; value: string; min?: string; max?: string; onChange: (value: string) => void };

/** A labelled date input of the custom period. */
function DateField({ label, value, min, max, onChange }: DateFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={inputClass}
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The visitor statistics (issue 32): a period against the one before, per day, page and source, and their export. */
export function StatisticsPanel() {
  const { t, i18n } = useTranslation('statistics');
  // Every inquiry type by its name, those staff added too (issue 44).
  const typeName = useInquiryTypeName((s) => t(`types.${s}`));
  const headingId = useId();
  const choiceId = useId();
  const today = berlinDate();
  const [choice, setChoice] = useState<PeriodChoice>(firstPeriodChoice);
  const [custom, setCustom] = useState(() => firstPeriod(today));
  const period = periodOf(choice, today, custom);
  const problem = periodProblem(period);
  const valid = problem === undefined;
  const statistics = useStatistics(period, valid);
  const exportCsv = useDownload();
  const data = statistics.data;

  // Projects and jobs by their title in the language of the dashboard (else the other one); one that is gone by its path.
  const titleOf = (row: { path: string; title: ViewedRow['title'] }) =>
    pickText(row.title, contentLanguageOf(i18n.language === 'en' ? 'en' : 'de')) || row.path;
  // The other pages by their name in the dashboard's language (their route's key); an unknown one by its path.
  const pageNameOf = (row: PageRow) => {
    const key = namedPages.find((k) => pages[k].path === row.path);
    return key ? t(`pageNames.${key}`) : titleOf(row);
  };
  const named = (name: string, path: string) => (
    <>
      <span className="block font-medium break-normal text-slate-900">{name}</span>
      {name === path ? null : <span className="block text-xs text-slate-600">{path}</span>}
    </>
  );
  const pageColumns = [
    { header: t('columns.page'), cell: (row: PageRow) => named(pageNameOf(row), row.path) },
    { header: t('columns.views'), count: (row: PageRow) => row.views },
    { header: t('figures.visitors'), count: (row: PageRow) => row.visitors },
    { header: t('figures.inquiries'), count: (row: PageRow) => row.inquiries },
  ];
  const pagesIn = (language: string) => data?.pages.filter((row) => row.language === language) ?? [];
  const viewedColumns = [
    { header: t('columns.title'), cell: (row: ViewedRow) => named(titleOf(row), row.path) },
    { header: t('columns.views'), count: (row: ViewedRow) => row.views },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div>
        <h2 id={headingId} className="text-2xl font-bold text-brand-900">
          {t('heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={choiceId} className="text-sm font-semibold text-slate-700">
            {t('period.label')}
          </label>
          <select id={choiceId} className={inputClass} value={choice} onChange={(e) => setChoice(e.target.value as PeriodChoice)}>
            {periodChoices.map((option) => (
              <option key={option} value={option}>
                {t(`period.${option}`)}
              </option>
            ))}
          </select>
        </div>
        {choice === 'custom' ? (
          <>
            <DateField
              label={t('period.from')}
              value={custom.from}
              min={statisticsFirstDay}
              max={today}
              onChange={(from) => setCustom({ ...custom, from })}
            />
            <DateField
              label={t('period.to')}
              value={custom.to}
              min={custom.from}
              onChange={(to) => setCustom({ ...custom, to })}
            />
          </>
        ) : null}
        <button
          type="button"
          className={secondaryButton}
          disabled={!valid || exportCsv.isPending}
          onClick={() => exportCsv.mutate({ path: exportPath(period), name: `statistics-${period.from}-${period.to}.csv` })}
        >
          {t('export')}
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-900">
          {t(`period.${problem}`)}
        </p>
      ) : null}
      {exportCsv.isError ? (
        <p role="alert" className="text-sm text-red-900">
          {t('exportFailed')}
        </p>
      ) : null}
      {valid && !data ? <ListStatus query={statistics} /> : null}
      {data ? (
        <>
          <SummaryFigures statistics={data} />
          <p className="text-sm text-slate-700" data-testid="statistics-left-out">
            {t('leftOut', { count: data.leftOutViews, limit: data.visitorsPerAddress })}
          </p>
          <DailyChart days={data.days} />
          <div className="grid gap-6 lg:grid-cols-2">
            <RankedTable caption={t('tables.pagesDe')} columns={pageColumns} rows={pagesIn('de')} rowKey={(row) => row.path} />
            <RankedTable caption={t('tables.pagesEn')} columns={pageColumns} rows={pagesIn('en')} rowKey={(row) => row.path} />
            <RankedTable
              caption={t('tables.sources')}
              rows={data.sources}
              rowKey={(row) => `${row.source} ${row.campaign}`}
              columns={[
                {
                  header: t('columns.source'),
                  cell: (row: SourceRow) => (row.source === directSource ? t('direct') : row.source),
                },
                { header: t('columns.campaign'), cell: (row: SourceRow) => row.campaign || '–' },
                { header: t('figures.visitors'), count: (row: SourceRow) => row.visitors },
                { header: t('figures.inquiries'), count: (row: SourceRow) => row.inquiries },
                { header: t('figures.applications'), count: (row: SourceRow) => row.applications },
              ]}
            />
            <RankedTable
              caption={t('tables.types')}
              rows={data.types}
              rowKey={(row) => row.type}
              columns={[
                { header: t('columns.type'), cell: (row: TypeRow) => typeName(row.type) },
                { header: t('figures.inquiries'), count: (row: TypeRow) => row.inquiries },
              ]}
            />
            <RankedTable
              caption={t('tables.projects')}
              columns={viewedColumns}
              rows={data.viewed.projects}
              rowKey={(row) => row.path}
            />
            <RankedTable caption={t('tables.jobs')} columns={viewedColumns} rows={data.viewed.jobs} rowKey={(row) => row.path} />
          </div>
        </>
      ) : null}
      <SummaryMailSection />
    </section>
  );
}
