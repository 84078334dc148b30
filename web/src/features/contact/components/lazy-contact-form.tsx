import { Suspense, lazy } from 'react';

const anchorId = 'contact-form';

/**
 * Resolves once the form is about to be needed: its place comes near the viewport, or the
 * visitor points at or focuses into it. On the server (prerendering) it resolves at once, so the
 * form is in every page's HTML; in the browser that HTML stays as it is until then, and React
 * hydrates it when the code has arrived. So a visitor who never scrolls down pays nothing for it.
 */
function whenNeeded(): Promise<void> {
  if (typeof window === 'undefined' || !('IntersectionObserver' in window)) return Promise.resolve();
  const anchor = document.getElementById(anchorId);
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

const ContactForm = lazy(() => whenNeeded().then(() => import('./contact-form')));

/** The footer's contact form, loaded when needed (see above). */
export function LazyContactForm() {
  return (
    <div id={anchorId} className="scroll-mt-24">
      <Suspense fallback={<div className="min-h-[40rem]" />}>
        <ContactForm />
      </Suspense>
    </div>
  );
}
