import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link to another site: opens in a new tab, sends no referrer, and says so to screen readers. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t('opensInNewTab')}</span>
    </a>
  );
}
