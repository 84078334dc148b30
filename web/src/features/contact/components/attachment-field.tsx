import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentAccept, attachmentLimits, formatFileSize } from '@blitz/contract';
import { type AttachmentRule, ruleLimits } from '../attachment-rules';
import type { ChosenFile } from '../hooks/use-attachments';
import type { AttachmentOverlay } from './attachment-overlay';
import { CloseIcon, DocumentIcon, ExpandIcon, PaperclipIcon, PdfIcon } from './file-icons';

const MB = 1024 * 1024;

/**
 * The overlay's code, not part of what touching the form loads (decision 032): fetched once
 * files are listed, the only time its button shows, so that it is there before the button is
 * pressed; after a failure, again when it is pressed.
 */
let overlayCode: Promise<typeof AttachmentOverlay> | undefined;
function loadOverlay(): Promise<typeof AttachmentOverlay> {
  overlayCode ??= import('./attachment-overlay').then(
    (module) => module.AttachmentOverlay,
    (error: unknown) => {
      overlayCode = undefined;
      throw error;
    },
  );
  return overlayCode;
}

type Props = {
  files: ChosenFile[];
  problems: (AttachmentRule | undefined)[];
  onAdd: (files: FileList) => void;
  onRemove: (id: number) => void;
  /** The form came back from the server without its files (a send without JavaScript): say to choose them again. */
  chooseAgain?: boolean;
};

/** The file input and the list of chosen files (about 9rem high), each with its size and any broken limit. */
export function AttachmentField({ files, problems, onAdd, onRemove, chooseAgain = false }: Props) {
  const { t, i18n } = useTranslation('contact');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const id = 'contact-attachment';
  const input = useRef<HTMLInputElement>(null);
  const [overlay, setOverlay] = useState(false);
  const [Overlay, setOverlayComponent] = useState<typeof AttachmentOverlay>();
  const expandButton = useRef<HTMLButtonElement>(null);
  const total = files.reduce((sum, f) => sum + f.file.size, 0);

  // Files chosen before the script ran are in the input: they join the list (and leave the input,
  // which from now on only takes new choices; the script sends the list).
  useEffect(() => {
    const element = input.current;
    if (element?.files?.length) {
      onAdd(element.files);
      element.value = '';
    }
  }, [onAdd]);

  const overlayNeeded = files.length > 0 && !Overlay;
  useEffect(() => {
    if (overlayNeeded) loadOverlay().then((component) => setOverlayComponent(() => component), console.error);
  }, [overlayNeeded, overlay]);

  const closeOverlay = () => {
    setOverlay(false);
    expandButton.current?.focus();
  };

  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 block text-sm font-semibold text-slate-800">{t('fields.attachment')}</legend>
      <p id={`${id}-limits`} className="mb-2 text-sm text-slate-600">
        {t('attachments.limits', {
          maxFiles: attachmentLimits.maxFiles,
          maxFileMb: attachmentLimits.maxFileBytes / MB,
          maxTotalMb: attachmentLimits.maxTotalBytes / MB,
        })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent-400 hover:bg-brand-50">
          <PaperclipIcon />
          {t('attachments.choose')}
          <input
            ref={input}
            type="file"
            name="attachment"
            multiple
            accept={attachmentAccept}
            aria-describedby={`${id}-limits`}
            className="sr-only"
            onChange={(event) => {
              if (event.target.files?.length) onAdd(event.target.files);
              // Cleared, so that the same file can be chosen again after removing it.
              event.target.value = '';
            }}
          />
        </label>
        {files.length > 0 && (
          <>
            <span className="text-sm text-slate-600" aria-live="polite">
              {t('attachments.summary', { count: files.length, size: formatFileSize(total, lang) })}
            </span>
            <button
              ref={expandButton}
              type="button"
              onClick={() => setOverlay(true)}
              className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              <ExpandIcon />
              {t('attachments.expand')}
            </button>
          </>
        )}
      </div>
      {chooseAgain && <p className="mb-2 text-sm font-semibold text-slate-800">{t('attachments.chooseAgain')}</p>}
      <ul className="mt-2 h-36 overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-1" data-testid="attachment-list">
        {files.length === 0 && <li className="p-2 text-sm text-slate-600">{t('attachments.none')}</li>}
        {files.map((f, index) => {
          const problem = problems[index];
          return (
            <li
              key={f.id}
              className="flex items-center gap-3 rounded px-2 py-1.5 text-sm odd:bg-white"
              data-problem={problem ?? undefined}
            >
              <span className="flex h-10 w-10 flex-none items-center justify-center overflow-hidden rounded bg-slate-100">
                {f.kind === 'image' && f.previewUrl ? (
                  <img src={f.previewUrl} alt="" className="h-full w-full object-cover" />
                ) : f.kind === 'pdf' ? (
                  <PdfIcon className="h-7 w-7 text-red-700" />
                ) : (
                  <DocumentIcon className="h-7 w-7 text-brand-700" />
                )}
              </span>
              <span className="min-w-0 flex-1">
                {f.kind === 'pdf' && f.previewUrl ? (
                  <a
                    href={f.previewUrl}
                    target="_blank"
                    rel="noopener"
                    className="block truncate text-brand-700 underline underline-offset-2"
                  >
                    {f.file.name}
                    <span className="sr-only"> {t('attachments.opensInNewTab')}</span>
                  </a>
                ) : (
                  <span className="block truncate">{f.file.name}</span>
                )}
                <span className="block text-slate-600">
                  {formatFileSize(f.file.size, lang)}
                  {problem && (
                    <strong className="ml-2 font-semibold text-red-700">
                      {t(`attachments.rules.${problem}`, { max: ruleLimits[problem] })}
                    </strong>
                  )}
                </span>
              </span>
              <button
                type="button"
                onClick={() => onRemove(f.id)}
                className="flex-none rounded p-2 text-slate-600 hover:bg-slate-200 hover:text-red-700"
                aria-label={t('attachments.remove', { name: f.file.name })}
              >
                <CloseIcon className="h-4 w-4" />
              </button>
            </li>
          );
        })}
      </ul>
      {overlay && Overlay && files.length > 0 && (
        <Overlay
          files={files}
          onClose={closeOverlay}
          onRemove={(fileId) => {
            if (files.length === 1) setOverlay(false);
            onRemove(fileId);
          }}
        />
      )}
    </fieldset>
  );
}
