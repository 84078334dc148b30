/**
 * The gallery's controls are links and a GET form, answered by the server with the whole page
 * (/Projects?category=3&page=2&rows=20). Here a chosen view is loaded in place instead: the page
 * is fetched, its gallery ([data-gallery]) replaces the current one, and the address follows
 * (pushState; the back button loads the earlier view the same way). The rows select sends its
 * form on change. Anything that fails falls back to an ordinary page load.
 */
export function enhanceGallery(root: ParentNode = document): void {
  if (!root.querySelector('[data-gallery]')) return;
  let loading: AbortController | undefined;

  /** The control the keyboard is on (its data-gallery-focus), taken before anything moves it. */
  const focusedControl = () =>
    document.activeElement?.closest('[data-gallery-focus]')?.getAttribute('data-gallery-focus') ?? undefined;

  async function show(url: URL, how: 'push' | 'pop', focused = focusedControl()): Promise<void> {
    const current = document.querySelector<HTMLElement>('[data-gallery]');
    if (!current) return;
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    current.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(url, { headers: { accept: 'text/html' }, signal: controller.signal });
      if (!response.ok) throw new Error(String(response.status));
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const next = page.querySelector('[data-gallery]');
      if (!next) throw new Error('no gallery in the answer');
      // The server may have led elsewhere (a page past the end goes to the last one).
      const address = new URL(response.url);
      if (how === 'push') window.history.pushState(null, '', address);
      else if (address.href !== window.location.href) window.history.replaceState(null, '', address);
      current.replaceWith(next);
      document.title = page.title;
      const top = next.getBoundingClientRect().top;
      if (top < 0) next.scrollIntoView({ block: 'start' });
      // Keyboard users keep their place: the control they used, or the results' status line.
      const target =
        (focused && next.querySelector<HTMLElement>(`[data-gallery-focus="${focused}"]`)) ||
        next.querySelector<HTMLElement>('[role="status"]');
      if (target) {
        if (!target.matches('a[href], button, select, summary')) target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      window.location.assign(url);
    } finally {
      if (loading === controller) loading = undefined;
      current.removeAttribute('aria-busy');
    }
  }

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('[data-gallery] a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return;
    event.preventDefault();
    const focused = focusedControl();
    link.closest('details')?.removeAttribute('open');
    void show(url, 'push', focused);
  });
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest('[data-gallery]')) return;
    event.preventDefault();
    const url = new URL(form.action);
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') url.searchParams.set(name, value);
    void show(url, 'push');
  });
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.closest('[data-gallery]')) select.form?.requestSubmit();
  });
  window.addEventListener('popstate', () => void show(new URL(window.location.href), 'pop'));
}
