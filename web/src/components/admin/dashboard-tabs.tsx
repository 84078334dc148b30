import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** One area of the dashboard. Adding an area is adding one of these to the list. */
export type DashboardSection = { id: string; label: string; render: () => ReactNode };

/**
 * The dashboard's areas as tabs (WAI-ARIA tabs pattern: arrow keys, Home, End). The open tab
 * is in the address (?tab=), so that a reload or a link keeps it; only the open one is mounted.
 */
export function DashboardTabs({ sections, label }: { sections: DashboardSection[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const active = sections.find((s) => s.id === params.get('tab')) ?? sections[0]!;
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  const tabList = useRef<HTMLDivElement>(null);
  const activeTabId = tabId(active.id);

  // A phone cannot show every tab at once: the open one is scrolled into the list's view,
  // sideways only (the page itself does not move). From lg up the tabs wrap onto a second row
  // instead: 13 tabs need 1,470 px in English and 1,670 in German, the page has 1,248.
  useEffect(() => {
    const list = tabList.current;
    const tab = document.getElementById(activeTabId);
    if (!list || !tab) return;
    const [box, edge] = [list.getBoundingClientRect(), tab.getBoundingClientRect()];
    if (edge.left < box.left) list.scrollLeft -= box.left - edge.left;
    else if (edge.right > box.right) list.scrollLeft += edge.right - box.right;
  }, [activeTabId]);

  const select = (section: DashboardSection, focus = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', section.id);
        return next;
      },
      { replace: true },
    );
    if (focus) document.getElementById(tabId(section.id))?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = sections.indexOf(active);
    const target = {
      ArrowRight: sections[(index + 1) % sections.length],
      ArrowLeft: sections[(index - 1 + sections.length) % sections.length],
      Home: sections[0],
      End: sections[sections.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div>
      <div
        ref={tabList}
        role="tablist"
        aria-label={label}
        className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-300 lg:flex-wrap lg:overflow-visible"
        onKeyDown={onKeyDown}
      >
        {sections.map((section) => {
          const selected = section === active;
          return (
            <button
              key={section.id}
              type="button"
              role="tab"
              id={tabId(section.id)}
              aria-selected={selected}
              aria-controls={panelId(section.id)}
              tabIndex={selected ? 0 : -1}
              className={`-mb-px border-b-4 px-3 py-2.5 text-base sm:px-4 font-semibold whitespace-nowrap ${
                selected ? 'border-accent-500 text-brand-900' : 'border-transparent text-slate-600 hover:text-brand-900'
              }`}
              onClick={() => select(section)}
            >
              {section.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(active.id)} aria-labelledby={activeTabId}>
        {active.render()}
      </div>
    </div>
  );
}
