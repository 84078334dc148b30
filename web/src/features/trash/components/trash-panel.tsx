import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TrashItem, type TrashRestoreResult, contentLanguageOf, pickText, trashRetentionDays } from '@blitz/contract';
import { dangerButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { useEmptyTrash, useRestoreFromTrash, useTrash } from '../api/trash';

/** When the housekeeping deletes an item for good (its hourly round: that day or the next hour). */
const purgeDay = (deletedAt: string) => new Date(new Date(deletedAt).getTime() + trashRetentionDays * 24 * 3600_000);

/** What the last restore or emptying did, said once under the heading. */
type Outcome = { kind: 'restored'; item: TrashItem; result: TrashRestoreResult } | { kind: 'emptied'; removed: number };

/**
 * The trash (decision 037): deleted projects, categories and jobs for 30 days; restore one, or
 * (an admin: `mayEmpty`) empty it.
 */
export function TrashPanel({ mayEmpty }: { mayEmpty: boolean }) {
  const { t, i18n } = useTranslation(['trash', 'admin']);
  const headingId = useId();
  const trash = useTrash();
  const restore = useRestoreFromTrash();
  const empty = useEmptyTrash();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const items = trash.data?.data ?? [];
  const busy = restore.isPending || empty.isPending;
  const when = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  // A project's or job's title in the dashboard's language, else the other; a category's name.
  const title = (item: TrashItem) => pickText(item.titles, language) || item.title || t('untitled');
  const day = (value: Date) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(value);

  const onRestore = (item: TrashItem) => {
    empty.reset();
    setOutcome(undefined);
    restore.mutate({ kind: item.kind, id: item.id }, { onSuccess: (result) => setOutcome({ kind: 'restored', item, result }) });
  };
  const onEmpty = () => {
    restore.reset();
    setOutcome(undefined);
    if (!window.confirm(t('confirmEmpty', { count: items.length }))) return;
    empty.mutate(undefined, { onSuccess: ({ removed }) => setOutcome({ kind: 'emptied', removed }) });
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-2xl font-bold text-brand-900">
            {t('heading')}
          </h2>
          {mayEmpty && (
            <button type="button" className={dangerButton} disabled={busy || items.length === 0} onClick={onEmpty}>
              {t('empty')}
            </button>
          )}
        </div>
        <p className="max-w-3xl text-slate-700">{t('intro', { days: trashRetentionDays })}</p>
        <div role="status" className="empty:hidden">
          {outcome?.kind === 'restored' ? (
            <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">
              {t(`restored.${outcome.item.kind}`, { title: title(outcome.item) })}
              {outcome.result.restored.some((r) => r.kind === 'category' && outcome.item.kind === 'project')
                ? ` ${t('restoredWithCategory')}`
                : ''}
              {outcome.result.featuredDropped ? ` ${t('featuredDropped')}` : ''}
            </p>
          ) : outcome?.kind === 'emptied' ? (
            <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">{t('emptied', { count: outcome.removed })}</p>
          ) : null}
        </div>
        {restore.error || empty.error ? <CommandError error={restore.error ?? empty.error} /> : null}
      </div>
      <DataTable
        caption={t('caption')}
        columns={[
          { header: t('columns.kind'), cell: (item) => t(`kinds.${item.kind}`) },
          { header: t('columns.title'), cell: title, className: 'min-w-48' },
          { header: t('columns.deletedAt'), cell: (item) => when(item.deletedAt) },
          { header: t('columns.deletedBy'), cell: (item) => item.deletedBy },
          { header: t('columns.purgedOn'), cell: (item) => day(purgeDay(item.deletedAt)) },
        ]}
        rows={trash.data?.data}
        rowKey={(item) => `${item.kind}-${item.id}`}
        rowName={title}
        emptyText={t('none')}
        actionsHeader={t('columns.actions')}
        busy={busy}
        rowActions={(item) => (
          <button type="button" className={`${secondaryButton} ${smallButton}`} disabled={busy} onClick={() => onRestore(item)}>
            {t('restore')}
            <span className="sr-only"> {title(item)}</span>
          </button>
        )}
        status={trash.data ? undefined : <ListStatus query={trash} />}
      />
      {trash.isRefetchError ? <CommandError error={trash.error} /> : null}
    </section>
  );
}
