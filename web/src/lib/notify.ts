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
 * The edge of the window the notices keep to: the one away from the field being worked on, so
 * that a notice never covers it (on a phone they span the width). Without such a field, the bottom.
 */
export function noticeEdge(field: { top: number; bottom: number } | null, viewportHeight: number): 'top' | 'bottom' {
  if (!field) return 'bottom';
  return (field.top + field.bottom) / 2 > viewportHeight / 2 ? 'top' : 'bottom';
}

const fieldSelector = 'input, textarea, select, button, [contenteditable="true"]';

/** Moves the notices to the edge away from the focused field (a notice shows while the user goes on). */
function placeNotices(): void {
  const stack = document.getElementById(noticeRegionIds.status)?.parentElement;
  if (!stack) return;
  const focused =
    document.activeElement instanceof HTMLElement && document.activeElement.matches(fieldSelector)
      ? document.activeElement
      : null;
  stack.dataset['edge'] = noticeEdge(focused?.getBoundingClientRect() ?? null, window.innerHeight);
}

let followingFocus = false;

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
  placeNotices();
  if (!followingFocus) {
    // A form may move the focus after its notice (to the first wrong field): the notices follow.
    document.addEventListener('focusin', placeNotices);
    followingFocus = true;
  }
  fadeNotice(notice);
}
