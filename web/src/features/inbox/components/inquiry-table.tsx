import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InquirySummary } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { useFormatters } from '../hooks/use-formatters';
import { DeliveryStatus, HandledState } from './delivery-status';

type InquiryTableProps = {
  rows: InquirySummary[] | undefined;
  /** Shown instead of rows: loading, or the load failed. */
  status?: ReactNode;
  /** Said when there are no rows: nothing received yet, or nothing matches. */
  empty: string;
  onOpen: (row: InquirySummary) => void;
};

// On a phone each row becomes a card: the cells stack, each with its column's name before it
// (data-label), as in the admin's other tables. The explicit roles keep the table's meaning when
// CSS changes its display.
const stackedCell =
  'max-md:flex max-md:items-baseline max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-28 max-md:before:shrink-0 ' +
  'max-md:before:text-sm max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]';

/** The inbox list: received, type, name, company, e-mail, delivery, handled; Open per row. */
export function InquiryTable({ rows, status, empty, onOpen }: InquiryTableProps) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const columns: { header: string; cell: (row: InquirySummary) => ReactNode; className?: string }[] = [
    {
      header: t('columns.received'),
      cell: (r) => <time dateTime={r.createdAt}>{format.dateTime(r.createdAt)}</time>,
      className: 'whitespace-nowrap tabular-nums',
    },
    { header: t('columns.type'), cell: (r) => t(`subjects.${r.subject}`) },
    {
      header: t('columns.name'),
      cell: (r) => (
        <span className={r.status === 'new' ? 'font-semibold text-slate-900' : undefined}>
          {r.firstName} {r.lastName}
        </span>
      ),
    },
    { header: t('columns.company'), cell: (r) => r.companyName || t('noCompany') },
    { header: t('columns.email'), cell: (r) => r.email, className: 'break-all' },
    { header: t('columns.delivery'), cell: (r) => <DeliveryStatus status={r.deliveryStatus} /> },
    { header: t('columns.handled'), cell: (r) => <HandledState handled={r.status === 'handled'} /> },
  ];
  const width = columns.length + 1;
  const message = (content: ReactNode) => (
    <tr role="row">
      <td role="cell" colSpan={width} className="px-4 py-10 text-center text-slate-700">
        {content}
      </td>
    </tr>
  );

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table role="table" className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead role="rowgroup" className="bg-slate-100 text-slate-700 max-md:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th role="columnheader" key={column.header} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {column.header}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-4 py-3 text-right font-semibold">
              {t('columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-200">
          {status
            ? message(status)
            : rows && rows.length === 0
              ? message(
                  <span className="inline-flex flex-col items-center gap-2">
                    <svg
                      aria-hidden="true"
                      width="40"
                      height="40"
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      className="text-slate-400"
                    >
                      <path d="M3 13l2.5-7.5A2 2 0 0 1 7.4 4h9.2a2 2 0 0 1 1.9 1.5L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
                      <path d="M3 13h5l1.5 2.5h5L16 13h5" />
                    </svg>
                    {empty}
                  </span>,
                )
              : rows?.map((row) => (
                  <tr
                    role="row"
                    key={row.id}
                    data-inquiry={row.reference}
                    className={`align-top hover:bg-slate-50 max-md:block max-md:px-4 max-md:py-3 ${row.status === 'new' ? '' : 'bg-slate-50/60'}`}
                  >
                    {columns.map((column) => (
                      <td
                        role="cell"
                        key={column.header}
                        data-label={column.header}
                        className={`px-4 py-3 ${stackedCell} ${column.className ?? ''}`}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                    <td role="cell" className="px-4 py-3 text-right max-md:px-0 max-md:pt-3 max-md:text-left">
                      <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => onOpen(row)}>
                        {t('open')}
                        <span className="sr-only">
                          {' '}
                          {t('detail.title', { reference: row.reference })}, {row.firstName} {row.lastName}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
        </tbody>
      </table>
    </div>
  );
}
