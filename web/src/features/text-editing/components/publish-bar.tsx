import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { paths } from '../../../config/paths';
import { usePreview, usePublishTexts } from '../api/site-texts';

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-900';

/**
 * Publish every draft (after a confirmation), and the preview: the server marks this browser
 * with a cookie, so that the public pages show it the drafts. Whether a preview is on cannot
 * be read back (the cookie is HttpOnly), so "End preview" is always offered; publishing ends it.
 */
export function PublishBar({ drafts }: { drafts: number }) {
  const { t } = useTranslation('textEditing');
  const publish = usePublishTexts();
  const preview = usePreview();
  const [message, setMessage] = useState<string | null>(null);
  const [previewOn, setPreviewOn] = useState(false);

  const onPublish = () => {
    if (!window.confirm(t('confirmPublish', { count: drafts }))) return;
    setMessage(null);
    publish.mutate(undefined, {
      onSuccess: ({ published }) => {
        setMessage(t('published', { count: published }));
        // What the preview showed is live now: its banner would only say there are drafts where there are none.
        preview.mutate(false, { onSuccess: () => setPreviewOn(false) });
      },
    });
  };

  const onPreview = (on: boolean) => {
    setMessage(null);
    preview.mutate(on, {
      onSuccess: () => {
        setPreviewOn(on);
        setMessage(on ? t('previewOn') : t('previewOff'));
        // Opened once the cookie is set; should the browser block it, the links below open it.
        if (on) window.open(paths.home, '_blank', 'noopener');
      },
    });
  };

  const error = publish.error ?? preview.error;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <button type="button" className={primaryButton} disabled={drafts === 0 || publish.isPending} onClick={onPublish}>
          {drafts === 0 ? t('publishNone') : t('publish', { count: drafts })}
        </button>
        <button type="button" className={secondaryButton} disabled={preview.isPending} onClick={() => onPreview(true)}>
          {t('previewStart')}
        </button>
        <button type="button" className={secondaryButton} disabled={preview.isPending} onClick={() => onPreview(false)}>
          {t('previewEnd')}
        </button>
      </div>
      <div role="status">
        {message && (
          <p className="max-w-3xl rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">{message}</p>
        )}
      </div>
      {previewOn && (
        <p className="text-sm text-slate-700">
          {t('previewLinks')}{' '}
          <a className={linkClass} href={`${paths.home}?lang=de`} target="_blank" rel="noopener">
            {t('previewGerman')} <span className="sr-only">{t('newTab')}</span>
          </a>
          {' · '}
          <a className={linkClass} href={`${paths.home}?lang=en`} target="_blank" rel="noopener">
            {t('previewEnglish')} <span className="sr-only">{t('newTab')}</span>
          </a>
        </p>
      )}
      {error ? <CommandError error={error} /> : null}
    </div>
  );
}
