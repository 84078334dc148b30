import '../lib/zod-setup';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ContactForm, type ContactFormProps } from '../features/contact/components/contact-form';
import { createBrowserI18n } from '../lib/i18n/i18n';

/**
 * The contact form's island: React, its texts and the form's code, loaded on the first
 * interaction with the form (islands/main.ts) and hydrating that element alone. The props are the
 * ones the server rendered it with, so hydration matches; the fields keep what the visitor has
 * typed meanwhile, since React leaves them uncontrolled.
 */
export async function hydrateContactForm(element: HTMLElement): Promise<void> {
  const props = JSON.parse(element.dataset['props'] ?? '{}') as ContactFormProps;
  const lang = document.documentElement.lang === 'en' ? 'en' : 'de';
  // Its own texts only: every key the form uses is in 'contact' (the common texts would be one
  // more request of 4.6 KB for nothing).
  const i18n = await createBrowserI18n(lang, ['contact']);
  hydrateRoot(
    element,
    <I18nextProvider i18n={i18n}>
      <ContactForm {...props} />
    </I18nextProvider>,
  );
}
