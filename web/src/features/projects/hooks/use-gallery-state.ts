import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type GalleryState, pageLengthOptions, parseGalleryState } from '@blitz/contract';

/**
 * The gallery's filter, page and rows live in its address (`?category=3&page=2&rows=20`):
 * a shared link or the back button brings the same view back. Every change is a new history
 * entry; other parameters (such as ?lang=) are kept.
 */
export function useGalleryState(): [GalleryState, (change: Partial<GalleryState>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseGalleryState((name) => params.get(name)), [params]);
  const update = useCallback(
    (change: Partial<GalleryState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...parseGalleryState((name) => current.get(name)), ...change };
          // Defaults stay out of the address: /Projects is the first page of everything.
          const entries: [string, number | undefined, number][] = [
            ['category', merged.category, 0],
            ['page', merged.page, 1],
            ['rows', merged.rows, pageLengthOptions[0]],
          ];
          for (const [name, value, fallback] of entries) {
            if (value === undefined || value === fallback) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return [state, update];
}
