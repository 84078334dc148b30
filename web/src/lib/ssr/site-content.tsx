import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CompanySettings,
  type LocalizedText,
  contentLanguageOf,
  defaultCompanySettings,
  isSampleCompany,
  pickText,
} from '@blitz/contract';

/**
 * What a public page is rendered with besides its texts: the company's saved details (decision
 * 019) and whether the page is a preview of drafts. The server passes it to every page it
 * renders; a page rendered at build time and the admin app get the shipped defaults.
 */
export type SiteContent = {
  company: CompanySettings;
  /** The placeholder company is still in place: pages mark it as a sample in their language. */
  sampleCompany: boolean;
  /** Rendered with the drafts of the page texts, for signed-in staff only. */
  preview: boolean;
};

export const defaultSiteContent: SiteContent = {
  company: defaultCompanySettings,
  sampleCompany: isSampleCompany(defaultCompanySettings),
  preview: false,
};

const SiteContentContext = createContext<SiteContent>(defaultSiteContent);
export const SiteContentProvider = SiteContentContext.Provider;

export function useSiteContent(): SiteContent {
  return useContext(SiteContentContext);
}

/** The company's details as staff saved them. */
export function useCompany(): CompanySettings {
  return useContext(SiteContentContext).company;
}

/**
 * The company's legal name as pages show it: while the placeholder company is in place, marked
 * as a sample in the page's language (common:sampleCompany), as the texts' {{legalName}} is.
 */
export function useLegalName(): string {
  const { company, sampleCompany } = useSiteContent();
  const { t } = useTranslation('common');
  return sampleCompany ? t('sampleCompany', { name: company.legalName }) : company.legalName;
}

/** Picks a localised text of the details (opening hours, a statistic's label) in the page's language, else the other one. */
export function useLocalizedText(): (texts: readonly LocalizedText[]) => string {
  const { i18n } = useTranslation();
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  return (texts) => pickText(texts, language);
}
