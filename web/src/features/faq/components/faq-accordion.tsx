import { useEffect, useId, useRef, useState } from 'react';
import { IconChevronDown } from '../../../components/icons';

export type FaqItem = { question: string; answer: string[]; itemsHeading?: string; items?: string[] };

const smooth = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * The FAQ as a disclosure accordion (a button with aria-expanded in each heading). Closed, the
 * questions sit side by side; opening one closes the others, stacks the layout and scrolls the
 * opened answer into view; closing it returns to the row and scrolls back to the page title.
 */
export function FaqAccordion({ items, label, titleId }: { items: FaqItem[]; label: string; titleId: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const lastAction = useRef<{ opened: number } | 'closed' | null>(null);
  const itemRefs = useRef<(HTMLDivElement | null)[]>([]);
  const baseId = useId();

  useEffect(() => {
    const action = lastAction.current;
    lastAction.current = null;
    if (action === 'closed') document.getElementById(titleId)?.scrollIntoView({ behavior: smooth(), block: 'start' });
    else if (action) itemRefs.current[action.opened]?.scrollIntoView({ behavior: smooth(), block: 'start' });
  }, [open, titleId]);

  function toggle(index: number) {
    lastAction.current = open === index ? 'closed' : { opened: index };
    setOpen(open === index ? null : index);
  }

  return (
    <div
      role="list"
      aria-label={label}
      data-layout={open === null ? 'row' : 'stacked'}
      className={open === null ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4' : 'flex flex-col gap-4'}
    >
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div
            key={item.question}
            role="listitem"
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            className={`rounded-xl bg-white ring-1 transition-shadow ${expanded ? 'shadow-lg ring-brand-300' : 'shadow-sm ring-brand-100 hover:shadow-md'}`}
          >
            <h2>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                className="flex w-full items-start justify-between gap-4 rounded-xl p-5 text-left text-lg font-semibold text-brand-900 md:p-6"
              >
                <span className="flex gap-4">
                  <span className="text-brand-500" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="min-w-0">{item.question}</span>
                </span>
                <IconChevronDown
                  className={`mt-1 h-5 w-5 flex-none text-brand-600 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-6 md:px-6 md:pl-16">
              <div className="max-w-3xl space-y-4 leading-relaxed text-slate-700">
                {item.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
              {item.items && item.items.length > 0 && (
                <div className="mt-6 max-w-3xl rounded-lg bg-brand-50 p-5">
                  <h3 className="font-semibold text-brand-900">{item.itemsHeading}</h3>
                  <ol className="mt-3 space-y-2 text-slate-800">
                    {item.items.map((step, stepIndex) => (
                      <li key={step} className="flex gap-3">
                        <span
                          className="flex h-6 w-6 flex-none items-center justify-center rounded-full bg-brand-900 text-xs font-bold text-white"
                          aria-hidden="true"
                        >
                          {stepIndex + 1}
                        </span>
                        <span>{step}</span>
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
