import { paths } from './paths';

/** The seven links of the navbar (SPEC.md §2), in their order; the footer lists them too. */
export const mainNavigation = [
  { to: paths.home, label: 'nav.home' },
  { to: paths.blitzschutz, label: 'nav.blitzschutz' },
  { to: paths.projects, label: 'nav.projects' },
  { to: paths.services, label: 'nav.services' },
  { to: paths.jobs, label: 'nav.jobs' },
  { to: paths.contactus, label: 'nav.contact' },
  { to: paths.aboutus, label: 'nav.about' },
] as const;
