/**
 * Resolves once the element with this id is about to be needed: it comes near the viewport, or
 * the visitor points at or focuses into it. On the server (prerendering), and where the element
 * is not in the page yet (a client-side navigation renders it only after this is asked), it
 * resolves at once. Used to load the code of a component far down a page only then: its
 * prerendered HTML stays as it is until then, and React hydrates it when the code has arrived.
 */
export function whenNear(id: string): Promise<void> {
  if (typeof window === 'undefined' || !('IntersectionObserver' in window)) return Promise.resolve();
  const anchor = document.getElementById(id);
  if (!anchor) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      anchor.removeEventListener('focusin', done);
      anchor.removeEventListener('pointerenter', done);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: '600px 0px',
    });
    observer.observe(anchor);
    anchor.addEventListener('focusin', done);
    anchor.addEventListener('pointerenter', done);
  });
}
