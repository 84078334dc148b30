import { secondaryButton, smallButton } from './button-classes';

export type PagerTexts = { label: string; previous: string; next: string; status: string };

/** Prev, 'Page X Of Y', Next; shown only when there is more than one page. Texts come from the caller's namespace. */
export function Pager({
  page,
  pages,
  onPage,
  texts,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: PagerTexts;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={texts.label} className="mt-4 flex items-center justify-center gap-4">
      <button type="button" className={`${secondaryButton} ${smallButton}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {texts.previous}
      </button>
      <span aria-live="polite" className="text-sm text-slate-700 tabular-nums">
        {texts.status}
      </span>
      <button
        type="button"
        className={`${secondaryButton} ${smallButton}`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {texts.next}
      </button>
    </nav>
  );
}
