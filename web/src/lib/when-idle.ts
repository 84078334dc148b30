/**
 * Runs `task` once the browser is idle (after the first view has rendered and painted), or after
 * a short while where there is no `requestIdleCallback` (Safari). Returns what cancels it: an
 * effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
