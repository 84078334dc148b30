import { useSyncExternalStore } from 'react';

/** How long a notice stays (SPEC.md §9), and how long after it starts fading it is removed. */
export const notificationTiming = { displayMs: 3000, removeAfterMs: 100 } as const;

export type Notification = { id: number; message: string; error: boolean; visible: boolean };

// One store for the tab: any part of the app can notify, the layout shows them.
let notifications: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const empty: Notification[] = [];

function update(next: Notification[]) {
  notifications = next;
  for (const listener of listeners) listener();
}

/** Shows a notice: it fades after 3000 ms and is removed 100 ms later. Errors are red, the rest green. */
export function notify(message: string, options: { error?: boolean } = {}): void {
  const id = nextId++;
  update([...notifications, { id, message, error: options.error ?? false, visible: true }]);
  setTimeout(() => {
    update(notifications.map((n) => (n.id === id ? { ...n, visible: false } : n)));
    setTimeout(() => update(notifications.filter((n) => n.id !== id)), notificationTiming.removeAfterMs);
  }, notificationTiming.displayMs);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where notices appear. The live regions are always in the page, so that screen readers
 * announce what is put into them: errors assertively, the rest politely.
 */
export function Notifications() {
  const items = useSyncExternalStore(
    subscribe,
    () => notifications,
    () => empty,
  );
  const list = (error: boolean) =>
    items
      .filter((n) => n.error === error)
      .map((n) => (
        <p
          key={n.id}
          data-notification={n.error ? 'error' : 'success'}
          data-visible={n.visible}
          className={`pointer-events-auto rounded-md px-4 py-3 text-sm font-semibold text-white shadow-lg transition-opacity duration-100 ${
            n.error ? 'bg-red-700' : 'bg-green-700'
          } ${n.visible ? 'opacity-100' : 'opacity-0'}`}
        >
          {n.message}
        </p>
      ));
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 sm:inset-x-auto sm:right-4 sm:items-end">
      <div role="alert" aria-live="assertive" className="flex max-w-md flex-col gap-2">
        {list(true)}
      </div>
      <div role="status" aria-live="polite" className="flex max-w-md flex-col gap-2">
        {list(false)}
      </div>
    </div>
  );
}
