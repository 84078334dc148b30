import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type BackupEntry, apiRoutes } from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { ApiError } from '../../../lib/api-client';
import { useDownload } from '../../../lib/download-file';
import { fileSize } from '../../../lib/file-size';
import { useDateTime, useInterfaceLocale } from '../../../lib/use-date-time';
import { useBackUpNow, useBackups } from '../api/backups';

const code = 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-900';

/**
 * Backups (admin, decision 044): the nightly ones and "back up now", each with its time, size,
 * self-check and who took it, a download, and how to restore (on the server, never here).
 */
export function BackupsPanel() {
  const { t } = useTranslation('backups');
  const headingId = useId();
  const backups = useBackups();
  const backUp = useBackUpNow();
  const download = useDownload();
  const dateTime = useDateTime();
  const locale = useInterfaceLocale();
  const schedule = backups.data?.schedule;
  const written = backUp.data;
  const running = backUp.error instanceof ApiError && backUp.error.status === 409;

  const checkText = (entry: BackupEntry) =>
    entry.check.passed
      ? t('check.passed', { tables: entry.check.tables, rows: entry.check.rows, files: entry.check.files })
      : t('check.failed', { error: entry.check.error ?? '' });
  const name = (entry: BackupEntry) => dateTime(entry.createdAt);
  const onBackUp = () => {
    download.reset();
    backUp.mutate();
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-2xl font-bold text-brand-900">
            {t('heading')}
          </h2>
          <button type="button" className={primaryButton} disabled={backUp.isPending} onClick={onBackUp}>
            {backUp.isPending ? t('running') : t('now')}
          </button>
        </div>
        <p className="max-w-3xl text-slate-700">
          {schedule
            ? schedule.hour === null
              ? t('scheduleOff', { count: schedule.keep, location: schedule.location })
              : t('schedule', { hour: schedule.hour, count: schedule.keep, location: schedule.location })
            : t('intro')}
        </p>
        <div role="status" className="empty:hidden">
          {written ? (
            written.check.passed ? (
              <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">
                {t('written', { size: fileSize(written.size, locale), check: checkText(written) })}
              </p>
            ) : (
              <p className="rounded-md bg-red-50 px-4 py-3 text-red-900">
                {t('writeFailed', { error: written.check.error ?? '' })}
              </p>
            )
          ) : null}
        </div>
        {running ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {t('alreadyRunning')}
          </p>
        ) : backUp.error ? (
          <CommandError error={backUp.error} />
        ) : null}
        {download.error ? <CommandError error={download.error} /> : null}
      </div>
      <DataTable
        caption={t('caption')}
        columns={[
          { header: t('columns.createdAt'), cell: name },
          { header: t('columns.size'), cell: (entry) => (entry.check.passed ? fileSize(entry.size, locale) : '–') },
          {
            header: t('columns.check'),
            cell: (entry) => (
              <span className={entry.check.passed ? 'text-green-800' : 'font-semibold text-red-800'}>{checkText(entry)}</span>
            ),
            className: 'min-w-48',
          },
          { header: t('columns.by'), cell: (entry) => entry.by ?? t('nightly') },
        ]}
        rows={backups.data?.data}
        rowKey={(entry) => entry.id}
        rowName={name}
        emptyText={t('none')}
        actionsHeader={t('columns.actions')}
        busy={download.isPending}
        rowActions={(entry) =>
          entry.check.passed ? (
            <button
              type="button"
              className={`${secondaryButton} ${smallButton}`}
              disabled={download.isPending}
              onClick={() =>
                download.mutate({ path: apiRoutes.backup.downloadPath(entry.id), name: `blitz-backup-${entry.id}.tar.gz` })
              }
            >
              {t('download')}
              <span className="sr-only"> {name(entry)}</span>
            </button>
          ) : null
        }
        status={backups.data ? undefined : <ListStatus query={backups} />}
      />
      {backups.isRefetchError ? <CommandError error={backups.error} /> : null}
      <div className="mt-6 max-w-3xl space-y-2 rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-800">
        <h3 className="font-semibold text-brand-900">{t('restore.heading')}</h3>
        <p>{t('restore.text')}</p>
        <p>
          <code className={code}>npm run admin -- restore --check FILE</code>
        </p>
        <p>
          <code className={code}>npm run admin -- restore FILE</code>
        </p>
        <p>{t('restore.more')}</p>
      </div>
    </section>
  );
}
