import { hydrateRoot } from 'react-dom/client';
import { type SiteLanguage, translationPath } from '@blitz/contract';
import { ContactForm, type ContactFormProps } from '../features/contact/components/contact-form';
import { loadTexts, setTexts } from './contact-texts';

/**
 * The contact form's island, loaded on the first interaction with the form (islands/main.ts) and
 * hydrating that element alone. It runs on Preact's core and hooks rather than React (the islands
 * build resolves react and react-dom/client to ./preact-as-react and react-i18next to
 * ./contact-texts; decision 032): the form's components are the ones the server renders with
 * React. The props are the ones the server rendered it with, so hydration matches; the fields
 * keep what the visitor has typed meanwhile, since the form leaves them uncontrolled.
 */
export async function hydrateContactForm(element: HTMLElement, startedTexts?: Promise<Response>): Promise<void> {
  const props = JSON.parse(element.dataset['props'] ?? '{}') as ContactFormProps;
  const lang: SiteLanguage = document.documentElement.lang === 'en' ? 'en' : 'de';
  // Its own texts only, the published ones (staff's edits, the company's details filled in).
  const texts = await loadTexts(lang, { url: (language) => translationPath(language, 'contact'), started: startedTexts });
  setTexts(lang, texts);
  // The added types' fields, rendered by the server: kept as they are (contact-form.tsx).
  const addedHtml = element.querySelector('[data-added-fields]')?.innerHTML;
  hydrateRoot(element, <ContactForm {...props} addedHtml={addedHtml} />);
}
