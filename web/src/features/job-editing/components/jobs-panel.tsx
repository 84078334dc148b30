import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Job, berlinDate, contentLanguageOf, pickText } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { useConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { LocalizedList } from '../../../components/admin/localized-list';
import { PanelHeader } from '../../../components/admin/panel-header';
import { ItemMissNotice, useOpenItemById } from '../../../components/admin/opened-item';
import { fetchJob, useDeleteJob, useJobChanges, useStaffJobs } from '../api/jobs';
import { isShownToVisitors, jobAsUpdate, moveJobUpdates } from './job-form';
import { JobModal } from './job-modal';

/** Job openings: every job in list order, published or not; Add, Edit, Publish, Move, Delete. */
export function JobsPanel() {
  const { t, i18n } = useTranslation(['jobEditing', 'admin']);
  const headingId = useId();
  const jobs = useStaffJobs();
  const changes = useJobChanges();
  const remove = useDeleteJob();
  const confirm = useConfirmDialog();
  const [modal, setModal] = useState<{ open: boolean; job?: Job }>({ open: false });
  // The audit trail's "Open" names a job in the address: its modal opens.
  const named = useOpenItemById(fetchJob, (job) => setModal({ open: true, job }));
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const list = jobs.data?.data ?? [];
  const today = berlinDate();
  const busy = changes.isPending || remove.isPending;
  const date = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  const name = (job: Job) => pickText(job.title, language);

  const status = (job: Job) => {
    if (!job.published) return <span className="rounded bg-slate-200 px-2 py-0.5 text-slate-800">{t('status.draft')}</span>;
    if (!isShownToVisitors(job, today))
      return <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">{t('status.expired')}</span>;
    return <span className="rounded bg-green-100 px-2 py-0.5 text-green-900">{t('status.published')}</span>;
  };

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t('heading')}
        addLabel={t('add')}
        onAdd={() => setModal({ open: true })}
        error={remove.error ?? changes.error}
      />
      <ItemMissNotice miss={named.miss} onDismiss={named.dismiss} />
      <DataTable
        caption={t('caption')}
        columns={[
          { header: t('columns.title'), cell: (j) => <LocalizedList texts={j.title} />, className: 'min-w-56' },
          { header: t('columns.location'), cell: (j) => j.location },
          { header: t('columns.employmentType'), cell: (j) => t(`employmentTypes.${j.employmentType}`) },
          {
            header: t('columns.dates'),
            cell: (j) => (
              <>
                {j.startDate ? t('startsOn', { date: date(j.startDate) }) : t('fromNow')}
                {j.validThrough && <span className="block text-slate-600">{t('until', { date: date(j.validThrough) })}</span>}
              </>
            ),
          },
          { header: t('columns.status'), cell: status },
        ]}
        rows={jobs.data?.data}
        rowKey={(j) => j.id}
        rowName={name}
        emptyText={t('empty')}
        actionsHeader={t('columns.actions')}
        busy={busy}
        rowActions={(job) => {
          const index = list.indexOf(job);
          const button = `${secondaryButton} ${smallButton}`;
          return (
            <>
              <button
                type="button"
                className={button}
                disabled={busy}
                onClick={() => changes.mutate([jobAsUpdate(job, { published: !job.published })])}
              >
                {job.published ? t('unpublish') : t('publish')}
                <span className="sr-only"> {name(job)}</span>
              </button>
              <button
                type="button"
                className={button}
                disabled={busy || index === 0}
                aria-label={t('moveUp', { name: name(job) })}
                onClick={() => changes.mutate(moveJobUpdates(list, job.id, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className={button}
                disabled={busy || index === list.length - 1}
                aria-label={t('moveDown', { name: name(job) })}
                onClick={() => changes.mutate(moveJobUpdates(list, job.id, 1))}
              >
                ↓
              </button>
            </>
          );
        }}
        onEdit={(job) => {
          changes.reset();
          remove.reset();
          setModal({ open: true, job });
        }}
        onDelete={(job) => {
          confirm.ask({
            title: t('deleteTitle', { name: name(job) }),
            message: t('confirmDelete'),
            confirmLabel: t('admin:actions.delete'),
            onConfirm: () => remove.mutate(job.id),
          });
        }}
        status={jobs.data ? undefined : <ListStatus query={jobs} />}
      />
      {jobs.isRefetchError ? <CommandError error={jobs.error} /> : null}
      {confirm.dialog}
      <JobModal open={modal.open} job={modal.job} onClose={() => setModal({ open: false })} />
    </section>
  );
}
