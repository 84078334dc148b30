import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * What a browser does on a full page load, for client-side navigations too (the declarative
 * router does not): a new page starts at its top with focus on the main content, so that screen
 * readers and keyboard users begin there; an address with #fragment scrolls to that element,
 * also when the page's code arrives after the navigation.
 */
export function useNavigationScroll(): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  const lastPath = useRef(pathname);

  useEffect(() => {
    // The first render is the page load: the browser has already placed it.
    if (first.current) {
      first.current = false;
      return;
    }
    const pageChanged = lastPath.current !== pathname;
    lastPath.current = pathname;
    const main = document.getElementById('main');
    if (pageChanged) main?.focus({ preventScroll: true });
    const id = decodeURIComponent(hash.slice(1));
    if (!id) {
      if (pageChanged) window.scrollTo(0, 0);
      return;
    }
    const target = () => document.getElementById(id);
    if (target()) return target()!.scrollIntoView();
    if (pageChanged) window.scrollTo(0, 0);
    // The page is still loading: scroll once its element exists (or give up after a while).
    const observer = new MutationObserver(() => {
      const element = target();
      if (!element) return;
      observer.disconnect();
      element.scrollIntoView();
    });
    observer.observe(main ?? document.body, { childList: true, subtree: true });
    const timeout = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timeout);
    };
  }, [pathname, hash]);
}
