import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InquirySummary } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { type Column, DataTable } from '../../../components/admin/data-table';
import { useFormatters } from '../hooks/use-formatters';
import { DeliveryStatus, HandledState } from './delivery-status';
import { jobName } from './job-name';

type InquiryTableProps = {
  rows: InquirySummary[] | undefined;
  /** Shown instead of rows: loading, or the load failed. */
  status?: ReactNode;
  /** Said when there are no rows: nothing received yet, or nothing matches. */
  empty: string;
  onOpen: (row: InquirySummary) => void;
};

/** The inbox list: received, type, name, company, e-mail, delivery, handled; Open per row. */
export function InquiryTable({ rows, status, empty, onOpen }: InquiryTableProps) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const columns: Column<InquirySummary>[] = [
    {
      header: t('columns.received'),
      cell: (r) => <time dateTime={r.createdAt}>{format.dateTime(r.createdAt)}</time>,
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      header: t('columns.type'),
      cell: (r) => (r.job ? t('applicationFor', { title: jobName(t, r.job) }) : t(`subjects.${r.subject}`)),
    },
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
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-inquiry': row.reference, className: row.status === 'new' ? '' : 'bg-slate-50/60' })}
      emptyText={
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
        </span>
      }
      actionsHeader={t('columns.actions')}
      rowActions={(row) => (
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => onOpen(row)}>
          {t('open')}
          <span className="sr-only">
            {' '}
            {t('detail.title', { reference: row.reference })}, {row.firstName} {row.lastName}
          </span>
        </button>
      )}
      status={status}
      stackBelow="md"
    />
  );
}
