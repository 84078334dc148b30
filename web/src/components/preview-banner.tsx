import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { useSiteContent } from '../lib/ssr/site-content';

/**
 * On a page rendered with the drafts (for the staff member previewing them): says what it
 * previews — on a project's page the project with what is not yet published, elsewhere the
 * drafts of the page texts — and ends the preview with a plain form (the pages work without
 * JavaScript). Kept at the top of the window while the page scrolls, where it is seen.
 */
export function PreviewBanner() {
  const { t } = useTranslation('common');
  const { preview } = useSiteContent();
  const { pathname, search } = useLocation();
  if (!preview) return null;
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  const onProject = /^\/project\/[^/]+$/.test(pathname);
  return (
    // In the flow, before the navbar's frame (the home page's navbar lies over the top of its
    // frame, not over this), and sticky: it stays in view at the top of the window.
    <div
      role="status"
      data-testid="preview-banner"
      className="sticky top-0 z-50 border-b-2 border-amber-400 bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow-md"
    >
      <form
        method="post"
        action={`${apiUrl(apiRoutes.siteTexts.previewEnd)}?returnTo=${returnTo}`}
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2"
      >
        <span className="font-semibold">{t(onProject ? 'preview.projectNotice' : 'preview.notice')}</span>
        <button type="submit" className="rounded border border-amber-700 px-3 py-1 font-semibold hover:bg-amber-200">
          {t('preview.end')}
        </button>
      </form>
    </div>
  );
}
