import { useSyncExternalStore } from 'react';

/** Whether the media query matches now, following changes (a phone turned, a window resized); `onServer` on the server. */
export function useMediaQuery(query: string, onServer = false): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => onServer,
  );
}
