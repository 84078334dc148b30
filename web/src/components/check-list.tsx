import { IconCheck } from './icons';

/** A list of short statements, each marked with a tick. */
export function CheckList({ items, className = '' }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-2.5 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <IconCheck className="mt-0.5 h-5 w-5 flex-none text-brand-500" />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}
