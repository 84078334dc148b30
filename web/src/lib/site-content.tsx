import { createContext, useContext } from 'react';
import { type CompanySettings, defaultCompanySettings, isSampleCompany } from '@blitz/contract';

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
