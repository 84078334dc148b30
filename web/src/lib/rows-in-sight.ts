import { useEffect, useState } from 'react';

/**
 * The rows of the server's first view that were in sight as the application took it over, and
 * the height of those that were not: the application renders the first at once, the others a few
 * at a time in the tasks after (issue 46). Twenty inquiries were a third of the take-over's render
 * on a slow phone, where one is in sight below the tabs.
 */
export type RowsInSight = { rows: number; restHeight: number };

/** Rows rendered in each task after the take-over: a few milliseconds each on a slow phone. */
const rowsPerSlice = 5;

/**
 * How many rows of the open tab's table the server's markup shows in the window (and above it,
 * where the page was scrolled), once the browser has laid it out for a frame; undefined without
 * such a table, when every row is in sight, or where no frame comes within 250 ms (a hidden tab, a
page busy with other work): then every row renders at once, as before.
 * An IntersectionObserver reads the rows' places from that frame's layout: asked for them
 * directly, the browser laid the page out again for the question, 20 ms on a slow phone.
 */
export function rowsInSight(root: HTMLElement): Promise<RowsInSight | undefined> {
  const rows = [...root.querySelectorAll<HTMLElement>('[role=tabpanel] table > tbody > tr')];
  if (rows.length === 0 || typeof IntersectionObserver !== 'function') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const done = (inSight: RowsInSight | undefined) => {
      observer.disconnect();
      window.clearTimeout(fallback);
      resolve(inSight);
    };
    const observer = new IntersectionObserver((entries) => {
      const places = new Map(entries.map((entry) => [entry.target, entry.boundingClientRect]));
      const windowHeight = entries[0]?.rootBounds?.height ?? window.innerHeight;
      const firstHidden = rows.findIndex((row) => (places.get(row)?.top ?? 0) >= windowHeight);
      if (firstHidden < 0) return done(undefined);
      const restHeight = (places.get(rows.at(-1)!)?.bottom ?? 0) - (places.get(rows[firstHidden]!)?.top ?? 0);
      done({ rows: firstHidden, restHeight: Math.max(0, Math.round(restHeight)) });
    });
    const fallback = window.setTimeout(() => done(undefined), 250);
    rows.forEach((row) => observer.observe(row));
  });
}

let takingOver: RowsInSight | undefined;

/** Runs `render` (the application's first, synchronous render) with the rows that were in sight. */
export function renderTakingOver(inSight: RowsInSight | undefined, render: () => void): void {
  takingOver = inSight;
  try {
    render();
  } finally {
    takingOver = undefined;
  }
}

/**
 * How many of a table's `count` rows to render now, and the height that holds the place of the
 * others: every row, except in a table mounted by the take-over's render, where the rows that were
 * in sight come first and the others follow, `rowsPerSlice` in each task, until all are there.
 */
export function useRowsInSlices(count: number): { shown: number; restHeight: number } {
  const [slicing] = useState(() => takingOver);
  const [shown, setShown] = useState(() => slicing?.rows ?? Infinity);
  // Once every row was there, slicing is over for good: rows that come later (a table mounted
  // while its list was still loading, another filter or page) are rendered at once.
  if (shown !== Infinity && shown >= count) setShown(Infinity);
  useEffect(() => {
    if (shown >= count) return;
    const timer = window.setTimeout(() => setShown((rows) => (rows + rowsPerSlice >= count ? Infinity : rows + rowsPerSlice)));
    return () => window.clearTimeout(timer);
  }, [shown, count]);
  if (shown >= count || !slicing) return { shown: count, restHeight: 0 };
  // The place of the rows to come, shrinking as they arrive: the page keeps its height.
  const rest = count - slicing.rows;
  return { shown, restHeight: Math.round((slicing.restHeight * (count - shown)) / Math.max(1, rest)) };
}
