import { type ReactNode, Suspense, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { Notifications } from '../components/notifications';
import { PageFallback } from '../components/page-fallback';
import { PreviewBanner } from '../components/preview-banner';
import { useNavigationScroll } from '../lib/use-navigation-scroll';

/** The frame of every page: skip link, navbar, the page (and what the layout puts after it), footer (with what the layout puts in it). */
export function SiteFrame({ inFooter, afterPage }: { inFooter?: ReactNode; afterPage?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <PreviewBanner />
      {/* The frame the home page's navbar is laid over (absolute): below a preview's banner. */}
      <div className="relative flex flex-1 flex-col">
        <FrameNavbar />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
          {afterPage}
        </main>
        <Footer>{inFooter}</Footer>
      </div>
      <Notifications />
      {/* Last: its effect runs after the page's, as the frame's own did. */}
      <NavigationScroll />
    </div>
  );
}

/**
 * What follows the address is in components of its own, not in the frame: a change of the search
 * alone (a dashboard tab's ?tab=) renders neither the page around them nor the footer again.
 */
function NavigationScroll() {
  useNavigationScroll();
  return null;
}

/** The navbar, coloured on every page but the home page (whose picture it lies over). */
function FrameNavbar() {
  const { pathname } = useLocation();
  return <KeptNavbar coloured={pathname !== '/' && pathname !== ''} />;
}
const KeptNavbar = memo(Navbar);
