import { useTranslation } from 'react-i18next';
import { type GalleryState, pageLengthOptions } from '@blitz/contract';
import { paths } from '../../../config/paths';
import { galleryHref } from './gallery-href';

type Props = { state: GalleryState; pages: number; lang: string | null };

const linkClass =
  'inline-flex min-h-11 min-w-24 items-center justify-center rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent';

/**
 * Rows per page (10, 20, 30), Prev and Next, and where we are: 'Page X Of Y'. Prev and Next are
 * links (crawlers reach every page; disabled at the ends), rows a GET form whose button is
 * needed only without JavaScript (the page script sends it on change).
 */
export function GalleryPagination({ state, pages, lang }: Props) {
  const { t } = useTranslation('projects');
  const step = (label: string, page: number, enabled: boolean, rel: 'prev' | 'next') =>
    enabled ? (
      <a href={galleryHref({ ...state, page }, lang)} rel={rel} className={linkClass} data-gallery-focus={rel}>
        {label}
      </a>
    ) : (
      <a role="link" aria-disabled="true" className={linkClass} data-gallery-focus={rel}>
        {label}
      </a>
    );
  return (
    <nav
      aria-label={t('pagination.label')}
      className="mt-10 flex flex-col items-center justify-between gap-4 border-t border-slate-200 pt-6 sm:flex-row"
    >
      <form method="get" action={paths.projects} className="flex items-center gap-3" data-gallery-rows>
        <label htmlFor="gallery-rows" className="text-sm text-slate-700">
          {t('pagination.rows')}
        </label>
        <select
          id="gallery-rows"
          data-gallery-focus="rows"
          name="rows"
          defaultValue={state.rows}
          className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          {pageLengthOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {state.category && <input type="hidden" name="category" value={state.category} />}
        {lang && <input type="hidden" name="lang" value={lang} />}
        <button
          type="submit"
          className="js-hidden min-h-11 rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t('pagination.apply')}
        </button>
      </form>
      <div className="flex items-center gap-3">
        {step(t('pagination.prev'), state.page - 1, state.page > 1, 'prev')}
        <p className="min-w-32 text-center text-sm font-medium whitespace-nowrap text-slate-800" aria-live="polite">
          {t('pagination.page', { page: state.page, pages })}
        </p>
        {step(t('pagination.next'), state.page + 1, state.page < pages, 'next')}
      </div>
    </nav>
  );
}
