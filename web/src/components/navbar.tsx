import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { mainNavigation } from '../config/navigation';
import { paths } from '../config/paths';
import { useSiteContent } from '../lib/ssr/site-content';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

// A little narrower from 1024 to 1279 px: eight links (the news' too) and the language menu fit in English.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 lg:px-2.5 lg:whitespace-nowrap xl:px-3 text-[0.95rem] font-medium text-white hover:bg-white/10 ${
    isActive ? 'underline decoration-accent-400 decoration-2 underline-offset-8' : ''
  }`;

function NavLinks({ className }: { className: string }) {
  const { t } = useTranslation('common');
  // The news once visitors see a post, then the pages staff placed in the navigation (issue 45), after SPEC.md's.
  const { pageLinks, newsLinked } = useSiteContent();
  const added = pageLinks?.navigation ?? [];
  return (
    <ul className={className}>
      {mainNavigation.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={linkClass}>
            {t(link.label)}
          </NavLink>
        </li>
      ))}
      {newsLinked && (
        <li>
          <NavLink to={paths.news} className={linkClass}>
            {t('nav.news')}
          </NavLink>
        </li>
      )}
      {added.map((link) => (
        <li key={link.address}>
          <NavLink to={link.address} end className={linkClass}>
            {link.title}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The navbar of every page. On the home page it lies transparent over the hero; every other
 * page gets the coloured background (SPEC.md §2). The phone menu and the language menu are
 * native disclosures (<details>): they open and close without JavaScript; the page script only
 * adds closing on Escape and on a click elsewhere (islands/menus.ts).
 */
export function Navbar({ coloured }: { coloured: boolean }) {
  const { t } = useTranslation('common');
  return (
    <header
      className={`surface-dark ${coloured ? 'relative z-20 border-b border-white/10 bg-brand-900' : 'absolute inset-x-0 top-0 z-20'}`}
    >
      <nav aria-label={t('nav.label')} className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3">
        <NavLink to={paths.home} className="flex items-center gap-2 rounded text-white" aria-label={t('site.homeLinkLabel')}>
          <Logo className="h-9 w-9" />
          <span className="text-lg font-bold tracking-tight">{t('site.name')}</span>
        </NavLink>
        <NavLinks className="hidden flex-row gap-1 lg:flex" />
        <div className="flex items-center gap-1">
          <LanguageSwitcher onDark />
          <details data-menu className="group lg:hidden">
            <summary className="block cursor-pointer list-none rounded p-2 text-white hover:bg-white/10 [&::-webkit-details-marker]:hidden">
              <span className="sr-only group-open:hidden">{t('menu.open')}</span>
              <span className="sr-only hidden group-open:inline">{t('menu.close')}</span>
              <svg
                aria-hidden="true"
                width="24"
                height="24"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                <path className="hidden group-open:inline" d="M6 6l12 12M18 6L6 18" />
              </svg>
            </summary>
            <NavLinks className="absolute inset-x-0 top-full flex flex-col gap-1 border-b border-white/10 bg-brand-900 px-4 pt-1 pb-3 shadow-lg" />
          </details>
        </div>
      </nav>
    </header>
  );
}
