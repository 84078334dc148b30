import { type ReactNode, createContext, useContext, useMemo, useState } from 'react';
import { type CompanyDetails, type SiteContent, apiRoutes, apiUrl, isSampleCompany } from '@blitz/contract';
import { companyDetailsAnswer } from '../answer-reader';
import { usePageData } from './page-data';
import { SiteContentProvider, defaultSiteContent } from './site-content';

const ShowSavedCompany = createContext<(company: CompanyDetails) => void>(() => undefined);

/** Shows details staff have just saved in the admin app's frame (footer, names) without a reload. */
export const useShowSavedCompany = () => useContext(ShowSavedCompany);

/**
 * The company details the server put into an admin page (login, dashboard) as the answer of GET
 * /api/v1/Settings, for the browser app's footer and every other part that shows the company:
 * the saved company, not the shipped sample. Without them (a page served as built: the sample is
 * still in place), the shipped defaults — until staff save the details here.
 */
export function SavedSiteContent({ children }: { children: ReactNode }) {
  const data = usePageData(apiUrl(apiRoutes.companyDetails));
  const [saved, setSaved] = useState<CompanyDetails | undefined>(undefined);
  const content = useMemo<SiteContent>(() => {
    const parsed = companyDetailsAnswer.safeParse(data);
    const company = saved ?? (parsed.success ? parsed.data : undefined);
    return company ? { company, sampleCompany: isSampleCompany(company), preview: false } : defaultSiteContent;
  }, [data, saved]);
  return (
    <ShowSavedCompany.Provider value={setSaved}>
      <SiteContentProvider value={content}>{children}</SiteContentProvider>
    </ShowSavedCompany.Provider>
  );
}
