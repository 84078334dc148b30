import { filterJobs } from '../features/jobs/filter-jobs';

/**
 * The jobs search as the visitor types: the server answers the form (GET /jobs?q=…) with the
 * filtered table; here the same rows are filtered in place at each keystroke, the address
 * follows (replaceState, so a reload or a shared link shows the same list), and the status line
 * says how many match. A query typed before this script ran is applied at once.
 */
export function enhanceJobsSearch(root: ParentNode = document): void {
  const board = root.querySelector<HTMLElement>('[data-jobs]');
  const form = board?.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[type="search"]');
  const status = form?.querySelector<HTMLElement>('[role="status"]');
  if (!board || !form || !input || !status) return;
  const rows = [...board.querySelectorAll<HTMLElement>('tr[data-job]')].map((row) => {
    const [name = '', location = ''] = (row.dataset['job'] ?? '').split('\n');
    return { row, name, location };
  });
  const noMatch = board.querySelector<HTMLElement>('[data-testid="no-match"]')?.closest('tr');
  const plural = new Intl.PluralRules(document.documentElement.lang);

  const apply = () => {
    const shown = new Set(filterJobs(rows, input.value));
    for (const job of rows) job.row.hidden = !shown.has(job);
    if (noMatch) noMatch.hidden = shown.size > 0;
    const template =
      shown.size === 0 ? status.dataset['noMatch'] : status.dataset[plural.select(shown.size) === 'one' ? 'one' : 'other'];
    status.textContent = (template ?? '').replace('{count}', String(shown.size));
    const url = new URL(window.location.href);
    if (input.value.trim()) url.searchParams.set(input.name, input.value);
    else url.searchParams.delete(input.name);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  };
  input.addEventListener('input', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  apply();
}
