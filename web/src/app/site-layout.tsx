import { ContactFormIsland } from '../features/contact/components/contact-form-island';
import { SiteFrame } from './site-frame';

/** A public page's frame: the footer holds the contact form (SPEC.md §3). */
export function SiteLayout() {
  return <SiteFrame inFooter={<ContactFormIsland />} />;
}
