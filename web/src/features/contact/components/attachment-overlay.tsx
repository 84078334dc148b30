import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@blitz/contract';
import type { ChosenFile } from '../hooks/use-attachments';
import { CloseIcon, DocumentIcon, PdfIcon } from './file-icons';

/**
 * The attachment list enlarged, as a modal dialog: image previews, PDFs as an icon with a link
 * that opens them in a new tab. A click on the dimmed overlay or Escape closes it.
 */
export function AttachmentOverlay({
  files,
  onClose,
  onRemove,
}: {
  files: ChosenFile[];
  onClose: () => void;
  onRemove: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('contact');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="attachment-overlay-title"
      className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-4 backdrop:bg-brand-950/70 sm:p-10"
      data-testid="attachment-overlay"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog box itself fills the screen; a click that lands on it, not on the panel, is on the overlay.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="mx-auto flex max-h-full max-w-4xl flex-col rounded-lg bg-white text-slate-800 shadow-2xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id="attachment-overlay-title" className="text-lg font-semibold text-brand-900">
            {t('attachments.overlayTitle')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded p-2 text-slate-600 hover:bg-slate-100"
            aria-label={t('attachments.close')}
          >
            <CloseIcon />
          </button>
        </div>
        <ul className="grid min-h-0 auto-rows-max gap-4 overflow-y-auto p-5 sm:grid-cols-2 lg:grid-cols-3">
          {files.map((f) => (
            <li key={f.id} className="flex flex-col overflow-hidden rounded-md border border-slate-200">
              <div className="flex h-40 flex-none items-center justify-center bg-slate-50">
                {f.kind === 'image' && f.previewUrl ? (
                  <img src={f.previewUrl} alt={f.file.name} className="h-full w-full object-contain" />
                ) : f.kind === 'pdf' ? (
                  <PdfIcon className="h-16 w-16 text-red-700" />
                ) : (
                  <DocumentIcon className="h-16 w-16 text-brand-700" />
                )}
              </div>
              <div className="flex items-start gap-2 p-3 text-sm">
                <div className="min-w-0 flex-1">
                  {f.kind === 'pdf' && f.previewUrl ? (
                    <a
                      href={f.previewUrl}
                      target="_blank"
                      rel="noopener"
                      className="break-words text-brand-700 underline underline-offset-2"
                    >
                      {f.file.name}
                      <span className="sr-only"> {t('attachments.opensInNewTab')}</span>
                    </a>
                  ) : (
                    <p className="break-words">{f.file.name}</p>
                  )}
                  <p className="text-slate-600">{formatFileSize(f.file.size, lang)}</p>
                </div>
                <button
                  type="button"
                  onClick={() => onRemove(f.id)}
                  className="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-red-700"
                  aria-label={t('attachments.remove', { name: f.file.name })}
                >
                  <CloseIcon className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </dialog>
  );
}
