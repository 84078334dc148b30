/**
 * The cookie that holds the visitor's objection to the visitor count and nothing else; the server
 * reads it (server/src/modules/statistics/visit-classification.ts) and counts nothing of theirs.
 */
export const statisticsOptOutCookie = 'statistics-opt-out';
/** Where the objection was kept before the server counted anything: taken over as the cookie. */
const legacyOptOutKey = 'analyticsOptOut';
const twoYears = 2 * 365 * 24 * 3600;

function objected(): boolean {
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${statisticsOptOutCookie}=`));
}

function setObjection(on: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${statisticsOptOutCookie}=${on ? '1' : ''}; Path=/; Max-Age=${on ? twoYears : 0}; SameSite=Lax${secure}`;
}

function legacyObjection(): boolean {
  try {
    return window.localStorage.getItem(legacyOptOutKey) === 'true';
  } catch {
    return false;
  }
}

/**
 * The imprint's opt-out of the visitor count (SPEC.md §2, decision 025): the link stores the
 * objection as a cookie and says so; the second link withdraws it. The prerendered page cannot
 * know the cookie: this script shows the link that applies. Without JavaScript both links are
 * shown (the second in <noscript>) and go to the server, which sets or clears the same cookie.
 */
export function enhanceAnalyticsOptOut(root: ParentNode = document): void {
  const box = root.querySelector<HTMLElement>('[data-analytics-opt-out]');
  const link = box?.querySelector<HTMLAnchorElement>('a[data-opt-out]');
  const undo = box?.querySelector<HTMLAnchorElement>('a[data-opt-in]');
  const confirmation = box?.querySelector<HTMLElement>('[data-opt-out-confirmation]');
  if (!box || !link || !undo || !confirmation) return;
  const show = (on: boolean) => {
    confirmation.hidden = !on;
    undo.hidden = !on;
    link.hidden = on;
  };
  if (!objected() && legacyObjection()) setObjection(true);
  show(objected());
  link.addEventListener('click', (event) => {
    event.preventDefault();
    setObjection(true);
    show(true);
  });
  undo.addEventListener('click', (event) => {
    event.preventDefault();
    setObjection(false);
    show(false);
  });
}
