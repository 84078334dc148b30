import { primaryButton } from './button-classes';
import { CommandError } from './command-error';

type PanelHeaderProps = {
  id: string;
  title: string;
  addLabel: string;
  onAdd: () => void;
  /** A failed delete: 'Command Failed' under the heading. */
  error: unknown;
};

/** A dashboard section's heading with its Add button. */
export function PanelHeader({ id, title, addLabel, onAdd, error }: PanelHeaderProps) {
  return (
    <div className="mb-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-2xl font-bold text-brand-900">
          {title}
        </h2>
        <button type="button" className={primaryButton} onClick={onAdd}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M8 3v10M3 8h10" />
          </svg>
          {addLabel}
        </button>
      </div>
      {error ? <CommandError error={error} /> : null}
    </div>
  );
}
