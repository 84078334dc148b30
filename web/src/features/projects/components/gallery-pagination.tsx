import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type PageLengthOption, pageLengthOptions } from '@blitz/contract';

type Props = {
  page: number;
  pages: number;
  rows: PageLengthOption;
  onPage: (page: number) => void;
  onRows: (rows: PageLengthOption) => void;
};

const buttonClass =
  'inline-flex min-h-11 min-w-24 items-center justify-center rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent';

/** Rows per page (10, 20, 30), Prev and Next, and where we are: 'Page X Of Y'. */
export function GalleryPagination({ page, pages, rows, onPage, onRows }: Props) {
  const { t } = useTranslation('projects');
  const rowsId = useId();
  return (
    <nav
      aria-label={t('pagination.label')}
      className="mt-10 flex flex-col items-center justify-between gap-4 border-t border-slate-200 pt-6 sm:flex-row"
    >
      <div className="flex items-center gap-3">
        <label htmlFor={rowsId} className="text-sm text-slate-700">
          {t('pagination.rows')}
        </label>
        <select
          id={rowsId}
          value={rows}
          onChange={(event) => onRows(Number(event.target.value) as PageLengthOption)}
          className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          {pageLengthOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-3">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pagination.prev')}
        </button>
        <p className="min-w-32 text-center text-sm font-medium whitespace-nowrap text-slate-800" aria-live="polite">
          {t('pagination.page', { page, pages })}
        </p>
        <button type="button" className={buttonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pagination.next')}
        </button>
      </div>
    </nav>
  );
}
