import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CompanyDetails,
  type SiteContent,
  type LocalizedText,
  contentLanguageOf,
  defaultCompanyDetails,
  isSampleCompany,
  pickText,
} from '@blitz/contract';

export const defaultSiteContent: SiteContent = {
  company: defaultCompanyDetails,
  sampleCompany: isSampleCompany(defaultCompanyDetails),
  preview: false,
};

const SiteContentContext = createContext<SiteContent>(defaultSiteContent);
export const SiteContentProvider = SiteContentContext.Provider;

export function useSiteContent(): SiteContent {
  return useContext(SiteContentContext);
}

/** The company's details as staff saved them. */
export function useCompany(): CompanyDetails {
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
