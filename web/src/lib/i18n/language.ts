import { type SiteLanguage, isSiteLanguage, languageCookieName, languageFromPreference, storageKeys } from '@blitz/contract';

const oneYear = 365 * 24 * 3600;

/** The visitor's language: ?lang= first, then the stored preference (SPEC.md §4). */
export function preferredLanguage(): SiteLanguage {
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (isSiteLanguage(fromUrl)) return fromUrl;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKeys.language);
  } catch {
    // Storage may be blocked; then the default applies.
  }
  return languageFromPreference(stored);
}

/** Stores a choice in localStorage (the spec's key) and mirrors it in a cookie for the server. */
export function storeLanguage(lang: SiteLanguage): void {
  try {
    window.localStorage.setItem(storageKeys.language, lang);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  const https = window.location.protocol === 'https:';
  document.cookie = `${languageCookieName(https)}=${lang}; path=/; max-age=${oneYear}; samesite=lax${https ? '; secure' : ''}`;
}

/**
 * Inline in every page's head, before anything paints: a visitor whose stored language differs
 * from the page's goes to the page's address in that language, so no wrong-language flash. An
 * address with ?lang=de|en stores that language at once (the page's script starts only after the
 * first paint, and the visitor may have moved on by then) — except on a preview of drafts
 * (`data-preview` on <html>): there it is kept for this tab only (sessionStorage), so that the
 * preview in English stays English from page to page while the staff member's own language, the
 * dashboard's too, stays as they chose it. It also marks the page as scripted
 * (`js` on <html>, for the .js-only and .js-hidden styles), and holds clicks on
 * [data-early-click] controls until the page's script runs and replays them (islands/main.ts).
 * A form sent inside an island not yet hydrated (Send pressed before the contact form's script
 * arrived) is held too, and replayed through the island's own checks once it is ready (kept
 * from a half-hydrated island's own handler, so that it goes out once); should
 * the page's script not run at all, the held form goes to the server as without JavaScript.
 * Its SHA-256 is allowed by the Content-Security-Policy.
 */
export const languageRedirectScript = `(function(){var d=document,w=window;d.documentElement.classList.add('js');w.__early=[];d.addEventListener('click',function(e){var t=e.target&&e.target.closest&&e.target.closest('[data-early-click]');if(t&&!w.__islands){e.preventDefault();w.__early.push(t)}},true);d.addEventListener('submit',function(e){var f=e.target;if(!w.__native&&f.closest&&f.closest('[data-island]:not([data-hydrated]):not([data-island-failed])')){e.preventDefault();w.__submit=[f,e.submitter];if(f.closest('[data-hydrating]'))e.stopImmediatePropagation()}},true);d.addEventListener('DOMContentLoaded',function(){var h=w.__submit;if(!w.__islands){w.__native=1;w.__submit=null;if(h)h[0].submit()}});try{var u=new URL(location.href),q=u.searchParams.get('lang'),p=d.documentElement.hasAttribute('data-preview');if(q){if(q==='de'||q==='en')(p?sessionStorage:localStorage).setItem('${storageKeys.language}',q);return}var s=(p&&sessionStorage.getItem('${storageKeys.language}'))||localStorage.getItem('${storageKeys.language}');var l=!s?'de':(s==='de'||s==='en'?s:'en');if(l!==document.documentElement.lang){u.searchParams.set('lang',l);location.replace(u.href)}}catch(e){}})()`;
