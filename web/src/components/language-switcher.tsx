import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '@blitz/contract';
import { storeLanguage } from '../lib/language';

// ENGLISH is the first option, as in the original dropdown.
const options: SiteLanguage[] = ['en', 'de'];

/** The language dropdown: stores the choice, switches the page live and closes after a selection. */
export function LanguageSwitcher({ onDark }: { onDark: boolean }) {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const current = (i18n.language === 'en' ? 'en' : 'de') satisfies SiteLanguage;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  async function choose(lang: SiteLanguage) {
    setOpen(false);
    storeLanguage(lang);
    const url = new URL(window.location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.set('lang', lang);
      window.history.replaceState(window.history.state, '', url);
    }
    await i18n.changeLanguage(lang);
  }

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className={`flex items-center gap-1 rounded px-3 py-2 text-sm font-semibold tracking-wide ${
          onDark ? 'text-white hover:bg-white/10' : 'text-brand-900 hover:bg-brand-50'
        }`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The visible code is part of the name (WCAG 2.5.3), after what the button does. */}
        <span className="sr-only">{t('language.select')}: </span>
        {current.toUpperCase()}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={open ? 'rotate-180' : ''}>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 min-w-36 rounded-md border border-brand-100 bg-white py-1 text-brand-900 shadow-lg [--focus-ring:var(--color-brand-700)]"
      >
        {options.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={lang}
              aria-current={lang === current ? 'true' : undefined}
              className="block w-full px-4 py-2 text-left text-sm font-semibold hover:bg-brand-50 aria-[current=true]:text-brand-700"
              onClick={() => void choose(lang)}
            >
              {t(`language.options.${lang}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
