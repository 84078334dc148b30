import { Suspense, lazy } from 'react';
import { whenNear } from '../../../lib/when-near';

const anchorId = 'contact-form';

const ContactForm = lazy(() => whenNear(anchorId).then(() => import('./contact-form')));

/**
 * The footer's contact form: in every page's HTML, its code loaded only when the visitor comes
 * near it (see whenNear), so a visitor who never scrolls down pays nothing for it.
 */
export function LazyContactForm() {
  return (
    <div id={anchorId} className="scroll-mt-24">
      <Suspense fallback={<div className="min-h-[40rem]" />}>
        <ContactForm />
      </Suspense>
    </div>
  );
}
