import { SiteFrame } from './site-frame';

/**
 * The staff pages' frame (login, dashboard): the site's navbar and footer, without the visitors'
 * contact form, whose code and texts a staff member's phone then never loads (issue 46).
 */
export function StaffLayout() {
  return <SiteFrame />;
}
