import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { mainNavigation } from '../config/navigation';
import { paths } from '../config/paths';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

/**
 * The navbar of every page. On the home page it lies transparent over the hero; every other
 * page gets the coloured background (SPEC.md §2).
 */
export function Navbar({ coloured }: { coloured: boolean }) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 text-[0.95rem] font-medium text-white hover:bg-white/10 ${
      isActive ? 'underline decoration-accent-400 decoration-2 underline-offset-8' : ''
    }`;

  return (
    <header
      className={`surface-dark ${coloured ? 'relative z-20 border-b border-white/10 bg-brand-900' : 'absolute inset-x-0 top-0 z-20'}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) {
          setMenuOpen(false);
          document.getElementById(`${menuId}-toggle`)?.focus();
        }
      }}
    >
      <nav
        aria-label={t('nav.label')}
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3 lg:flex-nowrap"
      >
        <NavLink to={paths.home} className="flex items-center gap-2 rounded text-white" aria-label={t('site.homeLinkLabel')}>
          <Logo className="h-9 w-9" />
          <span className="text-lg font-bold tracking-tight">{t('site.name')}</span>
        </NavLink>
        <div className="flex items-center gap-1 lg:order-last">
          <LanguageSwitcher onDark />
          <button
            id={`${menuId}-toggle`}
            type="button"
            className="rounded p-2 text-white hover:bg-white/10 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('menu.close') : t('menu.open')}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        <ul
          id={menuId}
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 lg:flex lg:w-auto lg:flex-row lg:pb-0 ${
            menuOpen && !coloured ? 'rounded-md bg-brand-900 p-2' : ''
          }`}
        >
          {mainNavigation.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass} onClick={() => setMenuOpen(false)}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
