import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { useSiteContent } from '../lib/ssr/site-content';

/**
 * On a page rendered with the drafts of the texts (for the staff member previewing them): says
 * so, and ends the preview with a plain form (the pages work without JavaScript).
 */
export function PreviewBanner() {
  const { t } = useTranslation('common');
  const { preview } = useSiteContent();
  const { pathname, search } = useLocation();
  if (!preview) return null;
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  return (
    // Fixed to the bottom of the window: on the home page the navbar lies over the top of the page.
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 border-t-2 border-amber-400 bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow-lg"
    >
      <form
        method="post"
        action={`${apiUrl(apiRoutes.siteTexts.previewEnd)}?returnTo=${returnTo}`}
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
