import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SiteLanguage } from '@blitz/contract';
import { storeLanguage } from '../lib/i18n/language';

// ENGLISH is the first option, as in the original dropdown.
const options: SiteLanguage[] = ['en', 'de'];

/** The address of this page in another language: the same path and query, with ?lang= set. */
function addressIn(lang: SiteLanguage, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set('lang', lang);
  return `${pathname}?${params.toString()}`;
}

/**
 * The language dropdown: a native disclosure whose choices are links (?lang=). Following one
 * loads the page in that language; the server keeps the choice in a cookie and the page's head
 * script stores it under `Language` (SPEC.md §4). Works without JavaScript. In the admin
 * application (the one place this component runs in the browser) a choice switches live instead.
 */
export function LanguageSwitcher({ onDark }: { onDark: boolean }) {
  const { t, i18n } = useTranslation('common');
  const { pathname, search } = useLocation();
  const current = (i18n.language === 'en' ? 'en' : 'de') satisfies SiteLanguage;
  return (
    <details data-menu className="group relative">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 rounded px-3 py-2 text-sm font-semibold tracking-wide [&::-webkit-details-marker]:hidden ${
          onDark ? 'text-white hover:bg-white/10' : 'text-brand-900 hover:bg-brand-50'
        }`}
      >
        {/* The visible code is part of the name (WCAG 2.5.3), after what the control does. */}
        <span className="sr-only">{t('language.select')}: </span>
        {current.toUpperCase()}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="group-open:rotate-180">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </summary>
      <ul className="absolute right-0 z-30 mt-1 min-w-36 rounded-md border border-brand-100 bg-white py-1 text-brand-900 shadow-lg [--focus-ring:var(--color-brand-700)]">
        {options.map((lang) => (
          <li key={lang}>
            <a
              href={addressIn(lang, pathname, search)}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === current ? 'true' : undefined}
              className="block w-full px-4 py-2 text-left text-sm font-semibold hover:bg-brand-50 aria-[current=true]:text-brand-700"
              onClick={(event) => {
                event.preventDefault();
                event.currentTarget.closest('details')?.removeAttribute('open');
                storeLanguage(lang);
                const url = new URL(window.location.href);
                if (url.searchParams.has('lang')) {
                  url.searchParams.set('lang', lang);
                  window.history.replaceState(window.history.state, '', url);
                }
                document.documentElement.lang = lang;
                void i18n.changeLanguage(lang);
              }}
            >
              {t(`language.options.${lang}`)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
