import { IconChevronDown } from '../../../components/icons';

export type CategoryOption = { id: number; label: string; href: string };

type Props = {
  label: string;
  placeholder: string;
  options: CategoryOption[];
  value: number | undefined;
};

/**
 * The gallery's category filter: a disclosure (<details>) whose summary shows 'Select Category'
 * or the chosen name, and whose list — at most 15rem high, scrolling — holds a link per
 * category. It works without JavaScript; the page script closes it on Escape or a click
 * elsewhere (islands/menus.ts) and loads the chosen view in place (islands/gallery.ts).
 */
export function CategorySelect({ label, placeholder, options, value }: Props) {
  const selected = options.find((o) => o.id === value);
  return (
    <details data-menu className="group relative w-full sm:w-72">
      <summary
        data-gallery-focus="category"
        className="flex min-h-11 w-full cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-slate-900 shadow-sm hover:border-brand-500 [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">{label}: </span>
        <span className={selected ? 'truncate' : 'truncate text-slate-600'}>{selected ? selected.label : placeholder}</span>
        <IconChevronDown className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <ul
        aria-label={label}
        className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option) => (
          <li key={option.id}>
            <a
              href={option.href}
              aria-current={option.id === value ? 'true' : undefined}
              data-gallery-focus="category"
              className="block px-3 py-2 text-slate-800 hover:bg-brand-50 hover:text-brand-900 aria-[current=true]:font-semibold"
            >
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
