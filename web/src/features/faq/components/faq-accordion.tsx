import { IconChevronDown } from '../../../components/icons';

export type FaqItem = { question: string; answer: string[]; itemsHeading?: string; items?: string[] };

/**
 * The FAQ as native disclosures (<details name="faq">): without JavaScript an answer opens and
 * closes, and the browser keeps one open at a time. Closed, the questions sit side by side, the
 * cards of a row as tall as its longest question, all of each card a button; with one open the
 * layout stacks (CSS :has). The page script adds the scrolling: to the opened answer,
 * and back to the page title on closing (islands/faq.ts).
 */
export function FaqAccordion({ items, label, titleId }: { items: FaqItem[]; label: string; titleId: string }) {
  return (
    <ul
      aria-label={label}
      data-faq={titleId}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4 has-[details[open]]:flex has-[details[open]]:flex-col"
    >
      {items.map((item, index) => (
        <li key={item.question} className="list-none">
          <details
            name="faq"
            className="group h-full rounded-xl bg-white shadow-sm ring-1 ring-brand-100 transition-shadow open:shadow-lg open:ring-brand-300 hover:shadow-md"
          >
            <summary className="block h-full cursor-pointer list-none rounded-xl [&::-webkit-details-marker]:hidden">
              <h2 className="flex w-full items-start justify-between gap-4 p-5 text-left text-lg font-semibold text-brand-900 md:p-6">
                <span className="flex gap-4">
                  <span className="text-brand-500" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="min-w-0">{item.question}</span>
                </span>
                <IconChevronDown className="mt-1 h-5 w-5 flex-none text-brand-600 transition-transform group-open:rotate-180" />
              </h2>
            </summary>
            <div className="px-5 pb-6 md:px-6 md:pl-16">
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
          </details>
        </li>
      ))}
    </ul>
  );
}
