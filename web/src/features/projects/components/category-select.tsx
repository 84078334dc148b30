import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { IconChevronDown } from '../../../components/icons';

export type CategoryOption = { id: number; label: string };

type Props = {
  label: string;
  placeholder: string;
  options: CategoryOption[];
  value: number | undefined;
  onChange: (id: number) => void;
};

/**
 * The gallery's category filter: a select-only combobox (WAI-ARIA APG pattern). A native select
 * cannot cap its list at 15rem and scroll it, which the spec asks for; this one can, and works
 * like a select by keyboard: arrows, Home/End, Enter or Space to choose, Escape to close, and
 * typing a name's first letters jumps to it.
 */
export function CategorySelect({ label, placeholder, options, value, onChange }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const selectedIndex = options.findIndex((o) => o.id === value);
  const [active, setActive] = useState(Math.max(0, selectedIndex));
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const selected = options[selectedIndex];

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  useEffect(() => {
    if (open) list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const show = (index = Math.max(0, selectedIndex)) => {
    setActive(Math.min(Math.max(index, 0), options.length - 1));
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    setOpen(false);
    if (option && option.id !== value) onChange(option.id);
  };

  /** Type-ahead: the first option whose label starts with what was typed in the last half second. */
  const jumpTo = (key: string) => {
    const now = Date.now();
    typed.current = { text: (now - typed.current.at < 500 ? typed.current.text : '') + key.toLowerCase(), at: now };
    const match = options.findIndex((o) => o.label.toLowerCase().startsWith(typed.current.text));
    if (match >= 0) show(match);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const keys: Record<string, () => void> = open
      ? {
          ArrowDown: () => setActive((i) => Math.min(i + 1, last)),
          ArrowUp: () => (event.altKey ? choose(active) : setActive((i) => Math.max(i - 1, 0))),
          Home: () => setActive(0),
          End: () => setActive(last),
          PageDown: () => setActive((i) => Math.min(i + 10, last)),
          PageUp: () => setActive((i) => Math.max(i - 10, 0)),
          Enter: () => choose(active),
          ' ': () => choose(active),
          Escape: () => setOpen(false),
        }
      : {
          ArrowDown: () => show(),
          ArrowUp: () => show(),
          Enter: () => show(),
          ' ': () => show(),
          Home: () => show(0),
          End: () => show(last),
        };
    const action = keys[event.key];
    if (action && options.length > 0) {
      event.preventDefault();
      action();
    } else if (event.key === 'Tab' && open) {
      setOpen(false);
    } else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      jumpTo(event.key);
    }
  };

  return (
    <div ref={root} className="relative w-full sm:w-72">
      <span id={`${id}-label`} className="sr-only">
        {label}
      </span>
      <div
        role="combobox"
        tabIndex={0}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && options[active] ? `${id}-option-${active}` : undefined}
        className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-slate-900 shadow-sm hover:border-brand-500"
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onKeyDown}
      >
        <span id={`${id}-value`} className={selected ? 'truncate' : 'truncate text-slate-600'}>
          {selected ? selected.label : placeholder}
        </span>
        <IconChevronDown className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
      </div>
      <ul
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-labelledby={`${id}-label`}
        tabIndex={-1}
        hidden={!open}
        className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${id}-option-${index}`}
            data-index={index}
            role="option"
            aria-selected={option.id === value}
            className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'} ${
              option.id === value ? 'font-semibold' : ''
            }`}
            onPointerMove={() => setActive(index)}
            // Chosen on pointer down, before the combobox loses focus.
            onPointerDown={(event) => {
              event.preventDefault();
              choose(index);
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
