import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryFile } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { useConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { PanelHeader } from '../../../components/admin/panel-header';
import { isApiError } from '../../../lib/api-client';
import { fileSize } from '../../../lib/file-size';
import { useInterfaceLocale } from '../../../lib/use-date-time';
import { LibraryFilePreview } from '../../../components/admin/library-file-preview';
import { useFiles } from '../../../components/admin/library-files';
import { useDeleteFile } from '../api/files';
import { FileFailure } from './file-failure';
import { FileForm } from './file-form';

type Notice = { text: string; usedOn?: LibraryFile['usedOn'] };

/**
 * The file library (issue 45, decision 060): pictures and documents uploaded once with titles and
 * alternative texts, where each is used, its address to copy (it stays when the file is
 * replaced), edit, replace, delete (refused while the file is used, naming where).
 */
export function FilesPanel() {
  const { t, i18n } = useTranslation('files');
  const headingId = useId();
  const locale = useInterfaceLocale();
  const files = useFiles();
  const remove = useDeleteFile();
  const confirm = useConfirmDialog();
  const [form, setForm] = useState<{ open: boolean; editing?: LibraryFile }>({ open: false });
  const [notice, setNotice] = useState<Notice | undefined>();
  const [copied, setCopied] = useState<number | undefined>();
  const english = i18n.language === 'en';
  const titleOf = (file: LibraryFile) => (english ? file.title.en || file.title.de : file.title.de || file.title.en);
  const absolute = (address: string) => new URL(address, window.location.origin).href;

  const open = (editing?: LibraryFile) => {
    setNotice(undefined);
    remove.reset();
    setForm(editing ? { open: true, editing } : { open: true });
  };
  const copy = (file: LibraryFile) => {
    void navigator.clipboard?.writeText(absolute(file.address)).then(() => setCopied(file.id));
  };
  const onDelete = (file: LibraryFile) =>
    confirm.ask({
      title: t('delete.title', { title: titleOf(file) }),
      message: t('delete.message'),
      confirmLabel: t('delete.confirm'),
      onConfirm: () => {
        setNotice(undefined);
        remove.mutate(file.id, {
          onSuccess: () => setNotice({ text: t('delete.done', { title: titleOf(file) }) }),
          onError: (error) => {
            if (isApiError(error) && error.code === 'file_in_use') {
              remove.reset();
              setNotice({ text: t('delete.inUse', { title: titleOf(file) }), usedOn: error.usedOn });
            }
          },
        });
      },
    });

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader id={headingId} title={t('heading')} addLabel={t('add')} onAdd={() => open()} error={undefined} />
      <p className="mb-4 max-w-3xl text-slate-700">{t('intro')}</p>
      <div role="status" className="mb-4 empty:hidden">
        {notice ? (
          <div
            className={`rounded-md px-4 py-3 ${notice.usedOn ? 'border border-amber-300 bg-amber-50 text-amber-950' : 'bg-green-50 text-green-900'}`}
          >
            <p>{notice.text}</p>
            {notice.usedOn ? (
              <ul className="mt-2 list-disc pl-5">
                {notice.usedOn.map((use) => (
                  <li key={`${use.kind}-${use.id}`}>
                    {t(`useKinds.${use.kind}`, { defaultValue: use.kind })}:{' '}
                    {use.address ? (
                      <a className="underline" href={use.address}>
                        {use.title}
                      </a>
                    ) : (
                      use.title
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {remove.error ? (
        <div className="mb-4">
          <FileFailure error={remove.error} />
        </div>
      ) : null}
      <DataTable
        caption={t('caption')}
        stackBelow="md"
        rows={files.data?.data}
        rowKey={(file) => file.id}
        rowName={titleOf}
        status={files.data ? undefined : <ListStatus query={files} />}
        emptyText={t('none')}
        actionsHeader={t('columns.actions')}
        busy={remove.isPending}
        onEdit={(file) => open(file)}
        onDelete={onDelete}
        rowActions={(file) => (
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => copy(file)}>
            {copied === file.id ? t('copied') : t('copy')}
            <span className="sr-only"> {titleOf(file)}</span>
          </button>
        )}
        columns={[
          { header: t('columns.preview'), cell: (file) => <LibraryFilePreview file={file} /> },
          {
            header: t('columns.title'),
            cell: (file) => (
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{titleOf(file)}</p>
                <p className="text-slate-600">
                  {t(`kinds.${file.kind}`)} · {file.originalName} · {fileSize(file.size, locale)}
                </p>
              </div>
            ),
          },
          {
            header: t('columns.usedOn'),
            cell: (file) =>
              file.usedOn.length === 0 ? (
                <span className="text-slate-600">{t('notUsed')}</span>
              ) : (
                <ul>
                  {file.usedOn.map((use) => (
                    <li key={`${use.kind}-${use.id}`}>{use.title}</li>
                  ))}
                </ul>
              ),
          },
          {
            header: t('columns.address'),
            cell: (file) => (
              <a
                href={file.address}
                target="_blank"
                rel="noopener"
                className="break-all font-mono text-xs text-brand-800 underline"
              >
                {file.address}
              </a>
            ),
          },
        ]}
      />
      <FileForm
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false })}
        onSaved={(saved) => {
          setForm({ open: false });
          setNotice({ text: t('saved', { title: titleOf(saved) }) });
        }}
      />
      {confirm.dialog}
    </section>
  );
}
