import { Suspense, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { Notifications } from '../components/notifications';
import { PageFallback } from '../components/page-fallback';
import { LazyContactForm } from '../features/contact/components/lazy-contact-form';
import { useNavigationScroll } from '../lib/use-navigation-scroll';

/** Re-rendered only when its language changes (see SiteLayout). */
const ContactFormSlot = memo(function ContactFormSlot(_: { language: string }) {
  return <LazyContactForm />;
});

/** The frame of every page: skip link, navbar, the page, footer. */
export function SiteLayout() {
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const onHome = pathname === '/' || pathname === '';
  useNavigationScroll();
  // The contact form's prerendered HTML waits, dehydrated, until its code is needed. A navigation
  // must not re-render it (its HTML would give way to an empty placeholder); a change of language
  // must (its HTML is in the old language: hydrating it would not match, so it is rendered anew).
  const contactForm = useMemo(() => <ContactFormSlot language={i18n.language} />, [i18n.language]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <Navbar coloured={!onHome} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer>{contactForm}</Footer>
      <Notifications />
    </div>
  );
}
