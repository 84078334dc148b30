import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/admin/pager';
import type { InquirySummary } from '@blitz/contract';
import { secondaryButton } from '../../../components/admin/button-classes';
import { useDownload } from '../../../lib/download-file';
import { ItemMissNotice, useOpenItemById } from '../../../components/admin/opened-item';
import {
  emptyInboxFilter,
  exportPath,
  inboxPageLength,
  inboxQueryKeys,
  inquiryQueryOptions,
  shownCount,
  useInquiries,
  useInquiryCount,
} from '../api/inquiries';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { InquiryFilters } from './inquiry-filters';
import { lazyPanel, useListDialog } from '../../../components/admin/lazy-panel';
import { InquiryTable } from './inquiry-table';
import { ListStatus } from '../../../components/admin/list-status';

/**
 * The inquiry's dialog is its own chunk (issue 46: the list is the dashboard's first view): fetched
 * once the list is shown, while the browser is idle, or at the latest when one is opened.
 */
const InquiryDetailDialog = lazyPanel(() => import('./inquiry-detail').then((m) => m.InquiryDetailDialog), [], null);
/** With it, what reads an opened inquiry; beside it, the libraries the other tabs share (decision 069). */
const preloadAfterList = () =>
  Promise.all([
    InquiryDetailDialog.preload(),
    import('../api/inquiry-fetch'),
    import('../../../lib/tab-libraries').then((libraries) => libraries.useForm),
  ]);

/** The retention setting (admins), opened below the list: its code and the contract's schemas come only then. */
const RetentionEditor = lazyPanel(() => import('./retention-form').then((m) => m.RetentionEditor));

/** The reply templates' editor (admins): its code is fetched when it is opened. */
const ReplyTemplatesEditor = lazyPanel(() => import('./reply-templates-form').then((m) => m.ReplyTemplatesEditor));

/** The inquiries inbox (issue 6): the list, one inquiry in a dialog, CSV export and the retention setting. */
export function InboxPanel({
  subjects,
  retentionEditable = true,
}: {
  /** The inquiry types the signed-in user may see; undefined: all (issue 31). */
  subjects?: readonly string[] | undefined;
  /** How long inquiries are kept is an admin's setting. */
  retentionEditable?: boolean;
}) {
  const { t, i18n } = useTranslation('inbox');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const [chosen, setChosen] = useState(emptyInboxFilter);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 300);
  const filter = useMemo(() => ({ ...chosen, search: search.trim() }), [chosen, search]);
  // The page belongs to one filter: a new search or filter starts again at page 1.
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const requestedPage = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (page: number) => setPaging({ filterKey, page });
  const [opened, setOpened] = useState<InquirySummary>();
  const [deletedNotice, setDeletedNotice] = useState('');
  // The audit trail's "Open" names an inquiry (by its id) in the address: its dialog opens, whichever view it is in.
  const queryClient = useQueryClient();
  const named = useOpenItemById((id) => queryClient.fetchQuery(inquiryQueryOptions(id)), setOpened);
  const inquiries = useInquiries(filter, requestedPage);
  const otherView = useInquiryCount({ ...filter, spam: !filter.spam });
  const shown = inquiries.data && shownCount(inquiries.data);
  const counts = filter.spam ? { inbox: otherView.data, spam: shown } : { inbox: shown, spam: otherView.data };
  const filtered = JSON.stringify({ ...filter, spam: false }) !== JSON.stringify(emptyInboxFilter);
  const exportCsv = useDownload();
  // After a delete the row and its Open button are gone: the focus goes to the list's heading,
  // once the dialog has closed (closing a modal dialog returns the focus to where it was).
  const focusHeadingAfterClose = useRef(false);
  useEffect(() => {
    if (opened || !focusHeadingAfterClose.current) return;
    focusHeadingAfterClose.current = false;
    headingRef.current?.focus();
  }, [opened]);

  const dialogWanted = useListDialog(Boolean(opened), inquiries.data !== undefined, preloadAfterList);

  const pages = Math.max(1, Math.ceil((inquiries.data?.count ?? 0) / inboxPageLength));
  // After deleting the last inquiry of the last page, show the page before it.
  const page = inquiries.data && requestedPage > pages ? pages : requestedPage;
  if (page !== requestedPage) setPage(page);

  return (
    <section aria-labelledby={headingId}>
      {/* On a phone the export button stands beside the heading, not on a row of its own: the list starts higher (issue 46). */}
      <div className="mb-4 grid grid-cols-[1fr_auto] items-center gap-x-3 sm:flex sm:flex-wrap sm:items-end sm:justify-between sm:gap-3">
        <div className="contents sm:block">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none">
            {t('heading')}
          </h2>
          <p className="col-span-2 mt-1 text-sm text-slate-700">{t('intro')}</p>
        </div>
        <button
          type="button"
          className={`${secondaryButton} col-start-2 row-start-1 max-sm:px-3 max-sm:py-1.5`}
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate({ path: exportPath(filter, lang), name: `${t('exportFileName')}.csv` })}
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
      <ItemMissNotice miss={named.miss} onDismiss={named.dismiss} />
      <p role="status" className="sr-only">
        {deletedNotice}
      </p>
      <InquiryFilters
        filter={{ ...chosen, search: searchText }}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={(patch) => setChosen((current) => ({ ...current, ...patch }))}
        onReset={() => {
          setChosen((current) => ({ ...emptyInboxFilter, spam: current.spam }));
          setSearchText('');
        }}
        counts={counts}
        subjects={subjects}
      />
      <p role="status" className="mb-2 text-sm font-semibold text-slate-800">
        {inquiries.data
          ? inquiries.data.countCapped
            ? t('filters.resultCapped', { count: inquiries.data.count })
            : t(filter.spam ? 'filters.spamResult' : 'filters.result', { count: inquiries.data.count })
          : ''}
      </p>
      <InquiryTable
        rows={inquiries.data?.data}
        empty={filtered ? t('filters.noMatch') : filter.spam ? t('views.spamEmpty') : t('empty')}
        status={inquiries.data ? undefined : <ListStatus query={inquiries} loading={t('loading')} failed={t('loadFailed')} />}
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
      {retentionEditable && (
        <FoldedSetting texts="retention">
          <RetentionEditor />
        </FoldedSetting>
      )}
      {retentionEditable && (
        <FoldedSetting texts="templates">
          <ReplyTemplatesEditor />
        </FoldedSetting>
      )}
      {dialogWanted && (
        <InquiryDetailDialog
          row={opened}
          onOpenOther={(id) =>
            queryClient.fetchQuery(inquiryQueryOptions(id)).then(
              (other) => {
                setOpened(other);
                // Read by opening it: its row and the tab's count may have changed.
                void queryClient.invalidateQueries({ queryKey: [...inboxQueryKeys.all, 'list'] });
                void queryClient.invalidateQueries({ queryKey: inboxQueryKeys.unread() });
                return true;
              },
              () => false,
            )
          }
          onClose={() => setOpened(undefined)}
          onDeleted={() => {
            focusHeadingAfterClose.current = true;
            setOpened(undefined);
            setDeletedNotice(t('detail.deleted'));
          }}
        />
      )}
    </section>
  );
}

/**
 * An admin's setting below the list, opened by its button: the list is what a visit is for, and
 * the form's code (with the contract's schemas) comes when it is wanted.
 */
function FoldedSetting({ texts, children }: { texts: 'retention' | 'templates'; children: ReactNode }) {
  const { t } = useTranslation('inbox');
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={headingId} className="text-xl font-bold text-brand-900">
        {t(`${texts}.heading`)}
      </h3>
      <p className="mt-1 mb-4 max-w-prose text-sm text-slate-700">{t(`${texts}.intro`)}</p>
      {open ? (
        children
      ) : (
        <button type="button" className={secondaryButton} aria-expanded={false} onClick={() => setOpen(true)}>
          {t(`${texts}.edit`)}
        </button>
      )}
    </section>
  );
}
