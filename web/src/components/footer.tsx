import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mainNavigation } from '../config/navigation';
import { paths } from '../config/paths';
import { useSiteContent } from '../lib/ssr/site-content';
import { CompanyContacts } from './company-contacts';
import { Logo } from './logo';

const footerLink = 'rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline';

/** The footer of every page: company and contact details, the pages, imprint link, and the contact form (passed in by the layout). */
export function Footer({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  const { pageLinks, newsLinked } = useSiteContent();
  return (
    <footer className="surface-dark bg-brand-950 text-brand-100">
      {children && <div className="mx-auto max-w-7xl px-4 pt-12">{children}</div>}
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 text-sm sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Logo className="h-8 w-8" />
            {t('site.name')}
          </p>
          <p className="mt-3 max-w-xs leading-relaxed">{t('footer.about')}</p>
        </div>
        <div>
          <h2 className="font-semibold tracking-wide text-white uppercase">{t('footer.contactHeading')}</h2>
          <div className="mt-4">
            <CompanyContacts tone="dark" />
          </div>
        </div>
        <nav aria-label={t('footer.pagesHeading')}>
          <h2 className="font-semibold tracking-wide text-white uppercase">{t('footer.pagesHeading')}</h2>
          <ul className="mt-4 space-y-2">
            {mainNavigation.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
            {newsLinked && (
              <li>
                <Link to={paths.news} className={footerLink}>
                  {t('nav.news')}
                </Link>
              </li>
            )}
            {/* The pages staff added to the navigation or the footer (issue 45). */}
            {[...(pageLinks?.navigation ?? []), ...(pageLinks?.footer ?? [])].map((link) => (
              <li key={link.address}>
                <Link to={link.address} className={footerLink}>
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold tracking-wide text-white uppercase">{t('footer.legalHeading')}</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to={paths.impressum} className={footerLink}>
                {t('footer.imprint')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-brand-200">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
