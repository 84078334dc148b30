import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InquiryAttachment } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { fetchStaffFile } from '../../../lib/download-file';

/** Pictures every browser shows (HEIC and TIFF are only downloaded). */
const inlinePictures = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** Whether an attachment can be looked at in the dashboard: a picture inline, a PDF in the browser's viewer. */
export const previewKind = (contentType: string): 'picture' | 'pdf' | undefined =>
  inlinePictures.has(contentType) ? 'picture' : contentType === 'application/pdf' ? 'pdf' : undefined;

/**
 * Looks at an attachment without downloading it (issue 42). The file is fetched with the staff's
 * token from the download's own address (same headers: `attachment`, `nosniff`) and shown from a
 * blob URL: a picture below its row, a PDF in a new tab with the browser's viewer. A picture's
 * blob URL is freed when it is hidden; a PDF's after its tab had a minute to read it.
 */
export function useAttachmentPreview(attachment: InquiryAttachment): { control: ReactNode; view: ReactNode } {
  const { t } = useTranslation('inbox');
  const id = useId();
  const kind = previewKind(attachment.contentType);
  const [picture, setPicture] = useState<string>();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  useEffect(() => () => (picture ? URL.revokeObjectURL(picture) : undefined), [picture]);
  if (!kind) return { control: null, view: null };

  const showPicture = async () => {
    if (picture) return setPicture(undefined);
    setState('loading');
    try {
      const { blob } = await fetchStaffFile(attachment.url);
      setPicture(URL.createObjectURL(new Blob([blob], { type: attachment.contentType })));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const openPdf = async () => {
    // Opened within the click, so that no pop-up blocker stops it; filled once the file is here.
    const tab = window.open('about:blank', '_blank');
    setState('loading');
    try {
      const { blob } = await fetchStaffFile(attachment.url);
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      tab?.close();
      setState('failed');
    }
  };

  return {
    control: (
      <button
        type="button"
        className={`${secondaryButton} ${smallButton}`}
        disabled={state === 'loading'}
        aria-expanded={kind === 'picture' ? picture !== undefined : undefined}
        aria-controls={kind === 'picture' ? `${id}-picture` : undefined}
        onClick={() => void (kind === 'picture' ? showPicture() : openPdf())}
      >
        {t(kind === 'picture' ? (picture ? 'preview.hide' : 'preview.show') : 'preview.openPdf')}
        <span className="sr-only"> {attachment.fileName}</span>
      </button>
    ),
    view: (
      <>
        {state === 'failed' && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {t('preview.failed')}
          </p>
        )}
        <div id={`${id}-picture`} className="mt-2 empty:hidden">
          {picture && (
            <img
              src={picture}
              alt={t('preview.alt', { name: attachment.fileName })}
              className="max-h-96 max-w-full rounded border border-slate-200 bg-slate-50 object-contain"
            />
          )}
        </div>
      </>
    ),
  };
}
