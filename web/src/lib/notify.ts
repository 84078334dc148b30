/** How long a notice stays (SPEC.md §9), and how long after it starts fading it is removed. */
export const notificationTiming = { displayMs: 3000, removeAfterMs: 100 } as const;

/** The live regions notices go into (components/notifications.tsx renders them into every page). */
export const noticeRegionIds = { error: 'notices-error', status: 'notices-status' } as const;

const noticeClass =
  'pointer-events-auto rounded-md px-4 py-3 text-sm font-semibold text-white shadow-lg transition-opacity duration-100';

/** Fades a notice after the display time, then removes it 100 ms later. */
export function fadeNotice(notice: HTMLElement): void {
  setTimeout(() => {
    notice.dataset['visible'] = 'false';
    notice.classList.replace('opacity-100', 'opacity-0');
    setTimeout(() => notice.remove(), notificationTiming.removeAfterMs);
  }, notificationTiming.displayMs);
}

/**
 * Shows a notice: it fades after 3000 ms and is removed 100 ms later. Errors are red and
 * announced assertively, the rest green and polite. Plain DOM, no framework: any island may call it.
 */
export function notify(message: string, options: { error?: boolean } = {}): void {
  const error = options.error ?? false;
  const region = document.getElementById(error ? noticeRegionIds.error : noticeRegionIds.status);
  if (!region) return;
  const notice = document.createElement('p');
  notice.dataset['notification'] = error ? 'error' : 'success';
  notice.dataset['visible'] = 'true';
  notice.className = `${noticeClass} opacity-100 ${error ? 'bg-red-700' : 'bg-green-700'}`;
  notice.textContent = message;
  region.append(notice);
  fadeNotice(notice);
}
