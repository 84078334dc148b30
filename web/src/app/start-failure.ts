import type { SiteLanguage } from '@blitz/contract';
import { secondaryButton, smallButton } from '../components/admin/button-classes';

/** Its own words: the texts' files may be what did not load. */
const texts = {
  de: {
    message: 'Das Dashboard konnte nicht vollständig geladen werden. Bitte prüfen Sie die Verbindung.',
    reload: 'Neu laden',
  },
  en: {
    message: 'The dashboard could not be loaded completely. Please check the connection.',
    reload: 'Reload',
  },
} as const;

/**
 * Tells that the admin application could not start (its code, texts or stylesheet did not load:
 * a phone losing its network between two requests) and offers to load the page again. What the
 * server's page already shows stays (the inbox's first page, decision 067); without it the notice is
 * all there is. Plain DOM: nothing of the application is there to render it.
 */
export function showStartFailure(root: HTMLElement, lang: SiteLanguage): void {
  const { message, reload } = texts[lang];
  // Within the page's width and margins, as the dashboard's content is.
  const frame = document.createElement('div');
  frame.className = 'mx-auto my-4 max-w-7xl px-4';
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.className = 'flex flex-wrap items-center gap-3 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-red-900';
  const text = document.createElement('p');
  text.textContent = message;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `${secondaryButton} ${smallButton}`;
  button.textContent = reload;
  button.addEventListener('click', () => window.location.reload());
  notice.append(text, button);
  frame.append(notice);
  (root.querySelector('main') ?? root).prepend(frame);
}
