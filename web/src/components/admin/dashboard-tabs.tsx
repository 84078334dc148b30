import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** One area of the dashboard. Adding an area is adding one of these to the list. */
export type DashboardSection = {
  id: string;
  label: string;
  /** A count shown on the tab (the inbox's unread), with what it counts for screen readers; none at 0. */
  count?: { value: number; label: string } | undefined;
  render: () => ReactNode;
  /** Starts loading the area's code: called when its tab is touched or focused, before the tap lands. */
  preload?: () => unknown;
  /** Starts the area's first reads: called when its tab is touched (not on focus: arrow keys pass many tabs). */
  readAhead?: () => void;
};

/**
 * Opens a tab from outside the tab row (the go-live checklist, a notice above the tabs). Unlike
 * `useSearchParams`, it does not render its caller again at every change of the address: a tab's
 * touch renders the tabs and their panel, not what is around them (issue 46).
 */
export function useOpenTab(): (id: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      const next = new URLSearchParams(window.location.search);
      next.set('tab', id);
      navigate(`?${next.toString()}`, { replace: true });
    },
    [navigate],
  );
}

type DashboardTabsProps = {
  sections: DashboardSection[];
  label: string;
  /** The tab open when the address names none (or one this user does not have); else the first. */
  initial?: string | undefined;
};

/**
 * The dashboard's areas as tabs (WAI-ARIA tabs pattern: arrow keys, Home, End). The open tab
 * is in the address (?tab=), so that a reload or a link keeps it; only the open one is mounted.
 * From 640 px up every tab is in sight: they wrap onto further rows. On a phone 21 wrapped tabs
 * (1,958 px in one row, German) took 8 rows, 313 px, and pushed the inbox below the first screen:
 * there they are one row that scrolls sideways, the open one in view and the row's end faded,
 * and "Alle 21" ("All 21") unfolds them onto rows, every one in sight.
 */
export function DashboardTabs({ sections, label, initial }: DashboardTabsProps) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const [unfolded, setUnfolded] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const active = sections.find((s) => s.id === params.get('tab')) ?? sections.find((s) => s.id === initial) ?? sections[0]!;
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  const activeTabId = tabId(active.id);

  const select = (section: DashboardSection, focus = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', section.id);
        return next;
      },
      { replace: true },
    );
    // Chosen from the unfolded rows on a phone, the area comes first again, as from a menu.
    setUnfolded(false);
    if (focus) document.getElementById(tabId(section.id))?.focus();
  };

  // In the phone's single row the open tab is scrolled into view (the row alone, not the page).
  // The row is `relative`: a count's words for screen readers (sr-only, absolute) stay inside it,
  // and a tab's offsetLeft is measured from the row's start. Once the frame is painted, when the
  // layout is there to be read: measured in the render's task, it was laid out there first, 20–25
  // ms of the dashboard's start on a slow phone (issue 46), where the server's markup had shown the
  // row unscrolled anyway.
  useEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected=true]');
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    if (tab.offsetLeft < row.scrollLeft || tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = tab.offsetLeft - 16;
  }, [activeTabId]);

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
      <div className="mb-5 flex items-start gap-1 border-b border-slate-300 pb-3 sm:block lg:mb-6 lg:pb-0">
        <div
          ref={list}
          id={`${baseId}-tabs`}
          role="tablist"
          aria-label={label}
          className={`relative flex min-w-0 flex-1 gap-1 sm:flex-wrap sm:gap-1.5 sm:overflow-visible sm:pr-0 sm:[mask-image:none] lg:gap-1 ${
            unfolded
              ? 'flex-wrap'
              : 'overflow-x-auto pr-8 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] [scrollbar-width:none]'
          }`}
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
                // On a phone and tablet a wrapping set of outlined tabs, the open one filled; from lg up underlined.
                className={`rounded-md border px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-3 sm:py-2 lg:-mb-px lg:rounded-none lg:border-0 lg:border-b-4 lg:px-4 lg:py-2.5 lg:text-base ${
                  selected
                    ? 'border-brand-900 bg-brand-900 text-white lg:border-accent-500 lg:bg-transparent lg:text-brand-900'
                    : 'border-slate-300 bg-white text-slate-700 hover:text-brand-900 lg:border-transparent lg:bg-transparent lg:text-slate-600'
                }`}
                onClick={() => select(section)}
                onPointerDown={() => {
                  section.readAhead?.();
                  section.preload?.();
                }}
                onFocus={() => section.preload?.()}
              >
                {section.label}
                {section.count && section.count.value > 0 && (
                  <>
                    <span
                      aria-hidden="true"
                      className="ml-1.5 inline-block min-w-5 rounded-full bg-accent-400 px-1.5 text-center text-xs leading-5 text-brand-950 tabular-nums"
                    >
                      {section.count.value}
                    </span>
                    <span className="sr-only"> ({section.count.label})</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
        <button
          type="button"
          aria-expanded={unfolded}
          aria-controls={`${baseId}-tabs`}
          className="flex-none rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-800 sm:hidden"
          onClick={() => setUnfolded((open) => !open)}
        >
          {unfolded ? (
            t('dashboard.foldTabs')
          ) : (
            <>
              {t('dashboard.unfoldTabs', { count: sections.length })}
              <span className="sr-only"> {t('dashboard.unfoldTabsAreas')}</span>
            </>
          )}
        </button>
      </div>
      <div role="tabpanel" id={panelId(active.id)} aria-labelledby={activeTabId}>
        {active.render()}
      </div>
    </div>
  );
}
