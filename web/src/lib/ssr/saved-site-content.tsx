import { type ReactNode, createContext, useContext, useMemo, useState } from 'react';
import {
  type CompanySettings,
  type SiteContent,
  apiRoutes,
  apiUrl,
  companySettingsSchema,
  isSampleCompany,
} from '@blitz/contract';
import { usePageData } from './page-data';
import { SiteContentProvider, defaultSiteContent } from './site-content';

const ShowSavedCompany = createContext<(company: CompanySettings) => void>(() => undefined);

/** Shows details staff have just saved in the admin app's frame (footer, names) without a reload. */
export const useShowSavedCompany = () => useContext(ShowSavedCompany);

/**
 * The company details the server put into an admin page (login, dashboard) as the answer of GET
 * /api/v1/Settings, for the browser app's footer and every other part that shows the company:
 * the saved company, not the shipped sample. Without them (a page served as built: the sample is
 * still in place), the shipped defaults — until staff save the details here.
 */
export function SavedSiteContent({ children }: { children: ReactNode }) {
  const data = usePageData(apiUrl(apiRoutes.companySettings));
  const [saved, setSaved] = useState<CompanySettings | undefined>(undefined);
  const content = useMemo<SiteContent>(() => {
    const parsed = companySettingsSchema.safeParse(data);
    const company = saved ?? (parsed.success ? parsed.data : undefined);
    return company ? { company, sampleCompany: isSampleCompany(company), preview: false } : defaultSiteContent;
  }, [data, saved]);
  return (
    <ShowSavedCompany.Provider value={setSaved}>
      <SiteContentProvider value={content}>{children}</SiteContentProvider>
    </ShowSavedCompany.Provider>
  );
}
