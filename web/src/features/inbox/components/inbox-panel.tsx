import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/admin/pager';
import type { InquirySummary } from '@blitz/contract';
import { secondaryButton } from '../../../components/admin/button-classes';
import { useDownload } from '../api/download-file';
import { inboxPageLength, useInquiries } from '../api/get-inquiries';
import { InquiryDetailDialog } from './inquiry-detail';
import { InquiryTable } from './inquiry-table';
import { LoadState } from './load-state';
import { RetentionSection } from './retention-form';

/** The inquiries inbox (issue 6): the list, one inquiry in a dialog, CSV export and the retention setting. */
export function InboxPanel() {
  const { t } = useTranslation('inbox');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [requestedPage, setPage] = useState(1);
  const [opened, setOpened] = useState<InquirySummary>();
  const [deletedNotice, setDeletedNotice] = useState('');
  const inquiries = useInquiries(requestedPage);
  const exportCsv = useDownload();
  // After a delete the row and its Open button are gone: the focus goes to the list's heading,
  // once the dialog has closed (closing a modal dialog returns the focus to where it was).
  const focusHeadingAfterClose = useRef(false);
  useEffect(() => {
    if (opened || !focusHeadingAfterClose.current) return;
    focusHeadingAfterClose.current = false;
    headingRef.current?.focus();
  }, [opened]);

  const pages = Math.max(1, Math.ceil((inquiries.data?.count ?? 0) / inboxPageLength));
  // After deleting the last inquiry of the last page, show the page before it.
  const page = inquiries.data && requestedPage > pages ? pages : requestedPage;
  if (page !== requestedPage) setPage(page);

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none">
            {t('heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate({ path: '/Inquiry/Export', name: 'inquiries.csv' })}
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10" />
          </svg>
          {t(exportCsv.isPending ? 'exporting' : 'export')}
        </button>
      </div>
      {exportCsv.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          {t('exportFailed')}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {deletedNotice}
      </p>
      <InquiryTable
        rows={inquiries.data?.data}
        status={inquiries.data ? undefined : <LoadState query={inquiries} loading={t('loading')} failed={t('loadFailed')} />}
        onOpen={(row) => {
          setDeletedNotice('');
          setOpened(row);
        }}
      />
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        texts={{
          label: t('pager.label'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          status: t('pager.page', { page, pages }),
        }}
      />
      <RetentionSection />
      <InquiryDetailDialog
        row={opened}
        onClose={() => setOpened(undefined)}
        onDeleted={() => {
          focusHeadingAfterClose.current = true;
          setOpened(undefined);
          setDeletedNotice(t('detail.deleted'));
        }}
      />
    </section>
  );
}
