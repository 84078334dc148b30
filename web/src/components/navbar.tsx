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

type NavItem = { to: string; label: string; end: boolean };

/** SPEC.md's links, then the news once visitors see a post, then the pages staff placed in the navigation (issue 45). */
function useNavItems(): NavItem[] {
  const { t } = useTranslation('common');
  const { pageLinks, newsLinked } = useSiteContent();
  return [
    ...mainNavigation.map((link) => ({ to: link.to, label: t(link.label), end: true })),
    ...(newsLinked ? [{ to: paths.news, label: t('nav.news'), end: false }] : []),
    ...(pageLinks?.navigation ?? []).map((link) => ({ to: link.address, label: link.title, end: true })),
  ];
}

function NavLinks({ items, className }: { items: NavItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={linkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * From which width the links fit in one row beside the name and the language menu: `lg` (1024 px),
 * `xl` (1280 px), or none (the menu holds them at every width). The server has no fonts to
 * measure with, so the words' lengths are counted on the wide side: 8.4 px a letter of a link
 * (15.2 px text; DejaVu Sans, the widest of the usual system fonts, averages 8.1–8.3) and 10 of
 * the name (18 px bold), beside the logo, the language menu and the paddings as laid out. Staff's
 * pages in the navigation (issue 45) would otherwise push the language menu off the screen.
 */
export function inlineNavigationFrom(labels: readonly string[], name: string): 'lg' | 'xl' | undefined {
  const frame = 32 + 44 + 62 + 16; // the nav's padding, the logo with its gap, the language menu, the gaps between
  const row = (linkPadding: number) =>
    frame + name.length * 10 + labels.reduce((sum, label) => sum + label.length * 8.4 + linkPadding, 0) + 4 * (labels.length - 1);
  if (row(20) <= 1024) return 'lg';
  if (row(24) <= 1280) return 'xl';
  return undefined;
}

// Written out whole, so that Tailwind finds the classes.
const inlineListClass = { lg: 'hidden flex-row gap-1 lg:flex', xl: 'hidden flex-row gap-1 xl:flex', none: 'hidden' };
const menuClass = { lg: 'group lg:hidden', xl: 'group xl:hidden', none: 'group' };

/**
 * The navbar of every page. On the home page it lies transparent over the hero; every other
 * page gets the coloured background (SPEC.md §2). The phone menu and the language menu are
 * native disclosures (<details>): they open and close without JavaScript; the page script only
 * adds closing on Escape and on a click elsewhere (islands/menus.ts).
 */
export function Navbar({ coloured }: { coloured: boolean }) {
  const { t } = useTranslation('common');
  const items = useNavItems();
  const from =
    inlineNavigationFrom(
      items.map((item) => item.label),
      t('site.name'),
    ) ?? 'none';
  return (
    <header
      className={`surface-dark ${coloured ? 'relative z-20 border-b border-white/10 bg-brand-900' : 'absolute inset-x-0 top-0 z-20'}`}
    >
      <nav aria-label={t('nav.label')} className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3">
        <NavLink to={paths.home} className="flex items-center gap-2 rounded text-white" aria-label={t('site.homeLinkLabel')}>
          <Logo className="h-9 w-9" />
          <span className="text-lg font-bold tracking-tight">{t('site.name')}</span>
        </NavLink>
        <NavLinks items={items} className={inlineListClass[from]} />
        <div className="flex items-center gap-1">
          <LanguageSwitcher onDark />
          <details data-menu className={menuClass[from]}>
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
            <NavLinks
              items={items}
              className="absolute inset-x-0 top-full flex flex-col gap-1 border-b border-white/10 bg-brand-900 px-4 pt-1 pb-3 shadow-lg"
            />
          </details>
        </div>
      </nav>
    </header>
  );
}
