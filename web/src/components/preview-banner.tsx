import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { siteTextApi } from '@blitz/contract';
import { useSiteContent } from '../lib/site-content';

/**
 * Above a page rendered with the drafts of the texts (for the staff member previewing them): says
 * so, and ends the preview with a plain form (the pages work without JavaScript).
 */
export function PreviewBanner() {
  const { t } = useTranslation('common');
  const { preview } = useSiteContent();
  const { pathname, search } = useLocation();
  if (!preview) return null;
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
      <form
        method="post"
        action={`${siteTextApi.preview}/End?returnTo=${returnTo}`}
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2"
      >
        <span>{t('preview.notice')}</span>
        <button type="submit" className="rounded border border-amber-700 px-3 py-1 font-semibold hover:bg-amber-200">
          {t('preview.end')}
        </button>
      </form>
    </div>
  );
}
