import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AuditEntry, auditActions, auditItemKinds, contentLanguageOf, pickText } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { type Column, DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { Pager } from '../../../components/admin/pager';
import { useDownload } from '../../../lib/download-file';
import { useDateTime } from '../../../lib/use-date-time';
import {
  type AuditFilter,
  auditExportPath,
  auditPageLength,
  defaultAuditFilter,
  useAuditCategories,
  useAuditTrail,
} from '../api/audit';
import { auditNamespaces } from '../audit-namespaces';
import { type AuditWordsContext, entryWords, itemWords } from './audit-words';

/** The dashboard tab each kind of item is edited in: an entry links there (and names its item, decision 036). */
const tabOfKind: Record<string, string> = {
  user: 'accounts',
  project: 'projects',
  category: 'categories',
  job: 'jobs',
  siteText: 'texts',
  companyDetails: 'company',
  mailSettings: 'mail',
  inquiryType: 'forms',
  inquiry: 'inquiries',
  backup: 'backups',
  file: 'files',
  page: 'pages',
  news: 'news',
};

const field = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900';
const label = 'block text-sm font-semibold text-slate-800';

/** The audit trail (admin, decision 036): who changed what and when, filterable, with a CSV download. */
export function AuditPanel() {
  const { t, i18n } = useTranslation(auditNamespaces);
  const id = useId();
  const [filter, setFilter] = useState<AuditFilter>(defaultAuditFilter);
  const trail = useAuditTrail(filter);
  const exportCsv = useDownload();
  const formatTime = useDateTime();
  const [, setParams] = useSearchParams();
  const change = (patch: Partial<AuditFilter>) => setFilter((current) => ({ ...current, page: 1, ...patch }));
  const pages = Math.max(1, Math.ceil((trail.data?.count ?? 0) / auditPageLength));
  const known = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);
  const kindName = (kind: string) => (known(auditItemKinds, kind) ? t(`kinds.${kind}`) : kind);
  const actionName = (action: string) => (known(auditActions, action) ? t(`actions.${action}`) : action);
  const itemName = (e: AuditEntry) => itemWords(e, kindName(e.item.kind), t);
  // Changes in the dashboard's words: the forms' labels, a category's title, a role's name.
  const categories = useAuditCategories().data?.data;
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const words: AuditWordsContext = {
    t,
    categoryTitle: (id) => {
      const category = categories?.find((c) => String(c.id) === id);
      return category && (pickText(category.translation, language) || category.name);
    },
  };
  // The tab opens the item itself where the entry names one (`&item=12`; the tab takes it out again).
  const openItem = (tab: string, item: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        if (item) next.set('item', item);
        else next.delete('item');
        return next;
      },
      { replace: true },
    );

  const columns: Column<AuditEntry>[] = [
    { header: t('columns.at'), cell: (e) => <span className="whitespace-nowrap tabular-nums">{formatTime(e.at)}</span> },
    {
      header: t('columns.user'),
      // By the display name the user has now (issue 40), the sign-in name of then beside it.
      cell: (e) =>
        e.user.displayName ? (
          <>
            {e.user.displayName} <span className="text-slate-600">({e.user.name})</span>
          </>
        ) : (
          e.user.name
        ),
    },
    { header: t('columns.action'), cell: (e) => actionName(e.action) },
    { header: t('columns.item'), cell: (e) => itemName(e) },
    {
      header: t('columns.summary'),
      cell: (e) => <span className="break-words">{entryWords(e, words)}</span>,
      className: 'max-w-md',
    },
  ];

  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-heading`} className="text-2xl font-bold text-brand-900">
            {t('heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate({
              path: auditExportPath(filter, i18n.language === 'en' ? ',' : ';'),
              name: `${t('fileName')}.csv`,
            })
          }
        >
          {t(exportCsv.isPending ? 'exporting' : 'export')}
        </button>
      </div>
      {exportCsv.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          {t('exportFailed')}
        </p>
      ) : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor={`${id}-user`} className={label}>
            {t('filters.user')}
          </label>
          <input id={`${id}-user`} className={field} value={filter.user} onChange={(e) => change({ user: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-item`} className={label}>
            {t('filters.item')}
          </label>
          <select id={`${id}-item`} className={field} value={filter.item} onChange={(e) => change({ item: e.target.value })}>
            <option value="">{t('filters.any')}</option>
            {auditItemKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindName(kind)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-action`} className={label}>
            {t('filters.action')}
          </label>
          <select
            id={`${id}-action`}
            className={field}
            value={filter.action}
            onChange={(e) => change({ action: e.target.value })}
          >
            <option value="">{t('filters.any')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {actionName(action)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-from`} className={label}>
            {t('filters.from')}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={field}
            value={filter.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={label}>
            {t('filters.to')}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={field}
            value={filter.to}
            onChange={(e) => change({ to: e.target.value })}
          />
        </div>
      </div>
      <div className="mb-2 flex items-center justify-between gap-3">
        <p role="status" className="text-sm font-semibold text-slate-800">
          {trail.data ? t('result', { count: trail.data.count }) : ''}
        </p>
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => setFilter(defaultAuditFilter)}>
          {t('filters.reset')}
        </button>
      </div>
      <DataTable
        caption={t('heading')}
        columns={columns}
        rows={trail.data?.data}
        rowKey={(e) => e.id}
        emptyText={t('empty')}
        actionsHeader={t('columns.open')}
        rowName={itemName}
        rowActions={(e) => {
          const tab = tabOfKind[e.item.kind];
          return tab ? (
            <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => openItem(tab, e.item.id)}>
              {t('open')}
              <span className="sr-only"> {itemName(e)}</span>
            </button>
          ) : null;
        }}
        stackBelow="md"
        status={trail.data ? undefined : <ListStatus query={trail} />}
      />
      <Pager
        page={filter.page}
        pages={pages}
        onPage={(page) => setFilter((current) => ({ ...current, page }))}
        texts={{
          label: t('pager.label'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          status: t('pager.page', { page: filter.page, pages }),
        }}
      />
    </section>
  );
}
