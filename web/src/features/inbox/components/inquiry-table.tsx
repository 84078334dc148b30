import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type InquirySummary, berlinDate } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { type Column, DataTable } from '../../../components/admin/data-table';
import { useFormatters } from '../hooks/use-formatters';
import { DeliveryStatus, InquiryStatusBadge } from './delivery-status';
import { jobName } from './job-name';
import { inquiryTypeName } from '../../../lib/inquiry-type-name';

type InquiryTableProps = {
  rows: InquirySummary[] | undefined;
  /** Shown instead of rows: loading, or the load failed. */
  status?: ReactNode;
  /** Said when there are no rows: nothing received yet, or nothing matches. */
  empty: string;
  onOpen: (row: InquirySummary) => void;
};

/** The inbox list: received, type, name, company, e-mail, delivery, status (assignee, follow-up); Open per row. */
export function InquiryTable({ rows, status, empty, onOpen }: InquiryTableProps) {
  const { t, i18n } = useTranslation('inbox');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const format = useFormatters();
  const today = berlinDate();
  const columns: Column<InquirySummary>[] = [
    {
      header: t('columns.received'),
      cell: (r) => <time dateTime={r.createdAt}>{format.dateTime(r.createdAt)}</time>,
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      header: t('columns.type'),
      cell: (r) =>
        r.job
          ? t('applicationFor', { title: jobName(t, r.job) })
          : inquiryTypeName(r.subject, r.typeNames, lang, (s) => t(`subjects.${s}`)),
    },
    {
      header: t('columns.name'),
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <span
            className={r.unread ? 'font-bold text-slate-900' : r.status === 'new' ? 'font-semibold text-slate-900' : undefined}
          >
            {r.unread && (
              <>
                <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-brand-700 align-middle" />
                <span className="sr-only">{t('unread')}: </span>
              </>
            )}
            {r.firstName} {r.lastName}
          </span>
          {r.duplicateCount > 0 && (
            <span className="text-xs font-semibold text-amber-900">{t('duplicateCount', { count: r.duplicateCount })}</span>
          )}
        </span>
      ),
    },
    { header: t('columns.company'), cell: (r) => r.companyName || t('noCompany') },
    { header: t('columns.email'), cell: (r) => r.email, className: 'break-all' },
    { header: t('columns.delivery'), cell: (r) => <DeliveryStatus status={r.deliveryStatus} /> },
    {
      header: t('columns.status'),
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <InquiryStatusBadge status={r.status} />
          {r.unanswered && (
            <span className="inline-flex w-fit items-center gap-1 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
              <svg
                aria-hidden="true"
                width="12"
                height="12"
                viewBox="0 0 16 16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M8 4.5v4M8 11v.5M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13z" />
              </svg>
              {t('unanswered')}
            </span>
          )}
          {r.assignee && <span className="text-xs text-slate-700">{t('assignedTo', { name: r.assignee.name })}</span>}
          {r.followUpOn && r.status !== 'closed' && (
            <span className={`text-xs ${r.followUpOn <= today ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
              {t('followUpOn', { date: format.day(r.followUpOn) })}
            </span>
          )}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-inquiry': row.reference, className: row.status === 'closed' ? 'bg-slate-50/60' : '' })}
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
