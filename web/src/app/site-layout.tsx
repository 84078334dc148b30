import { ContactFormIsland } from '../features/contact/components/contact-form-island';
import { OfferedInquiryTypes } from '../features/contact/components/offered-types';
import { SiteFrame } from './site-frame';

/** A public page's frame: the footer holds the contact form (SPEC.md §3), the types staff offer on the page lead to it. */
export function SiteLayout() {
  return <SiteFrame afterPage={<OfferedInquiryTypes />} inFooter={<ContactFormIsland />} />;
}
