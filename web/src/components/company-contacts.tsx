import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneHref } from '@blitz/contract';
import { useCompany, useLegalName } from '../lib/ssr/site-content';
import { IconMail, IconMapPin, IconPhone } from './icons';

type Props = {
  /** Dark surfaces (footer) get light links and yellow icons. */
  tone: 'light' | 'dark';
  /** Show "Address", "Phone", "E-mail" above each value; otherwise they are for screen readers only. */
  labelsVisible?: boolean;
  /** Further entries, e.g. office hours. */
  children?: ReactNode;
};

/** The company's address, phone and e-mail as staff saved them, as the footer, the home page and the contact page show them. */
export function CompanyContacts({ tone, labelsVisible = false, children }: Props) {
  const { t } = useTranslation('common');
  const company = useCompany();
  const legalName = useLegalName();
  const icon = `mt-0.5 h-5 w-5 flex-none ${tone === 'dark' ? 'text-accent-400' : 'text-brand-600'}`;
  const link = tone === 'dark' ? 'rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline' : 'link';
  const label = (text: string) =>
    labelsVisible ? (
      <span className="block text-sm font-semibold text-slate-600">{text}</span>
    ) : (
      <span className="sr-only">{text}: </span>
    );
  return (
    <ul className="space-y-4">
      <li className="flex gap-3">
        <IconMapPin className={icon} />
        <div>
          {label(t('footer.addressLabel'))}
          <address className="not-italic">
            {legalName}
            <br />
            {company.street}
            <br />
            {company.postalCode} {company.city}
          </address>
        </div>
      </li>
      <li className="flex gap-3">
        <IconPhone className={icon} />
        <div>
          {label(t('footer.phoneLabel'))}
          <a href={phoneHref(company.phone)} className={link}>
            {company.phone}
          </a>
        </div>
      </li>
      <li className="flex gap-3">
        <IconMail className={icon} />
        <div>
          {label(t('footer.emailLabel'))}
          <a href={`mailto:${company.email}`} className={link}>
            {company.email}
          </a>
        </div>
      </li>
      {children}
    </ul>
  );
}
