/** localStorage key of the visitor's objection to web analytics (the privacy policy names it). */
export const analyticsOptOutKey = 'analyticsOptOut';

function storedOptOut(): boolean {
  try {
    return window.localStorage.getItem(analyticsOptOutKey) === 'true';
  } catch {
    return false;
  }
}

/**
 * The imprint's web-analytics opt-out (SPEC.md §2): the site runs no analytics, but a visitor can
 * object in advance; the objection is kept in this browser and confirmed on the page. Without
 * JavaScript nothing could be kept and no analytics run either, so the link says so
 * (its target explains it).
 */
export function enhanceAnalyticsOptOut(root: ParentNode = document): void {
  const box = root.querySelector<HTMLElement>('[data-analytics-opt-out]');
  const link = box?.querySelector<HTMLAnchorElement>('a[data-opt-out]');
  const confirmation = box?.querySelector<HTMLElement>('[data-opt-out-confirmation]');
  if (!box || !link || !confirmation) return;
  const confirm = () => {
    confirmation.hidden = false;
    link.hidden = true;
  };
  if (storedOptOut()) confirm();
  link.addEventListener('click', (event) => {
    event.preventDefault();
    try {
      window.localStorage.setItem(analyticsOptOutKey, 'true');
    } catch {
      // Without storage the objection cannot outlive this page; it is still confirmed.
    }
    confirm();
  });
}
