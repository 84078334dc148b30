import { type ReactNode, useMemo } from 'react';
import { type SiteContent, apiRoutes, apiUrl, companySettingsSchema, isSampleCompany } from '@blitz/contract';
import { usePageData } from './page-data';
import { SiteContentProvider, defaultSiteContent } from './site-content';

/**
 * The company details the server put into an admin page (login, dashboard) as the answer of GET
 * /api/v1/Settings, for the browser app's footer and every other part that shows the company:
 * the saved company, not the shipped sample. Without them (a page served as built: the sample is
 * still in place), the shipped defaults.
 */
export function SavedSiteContent({ children }: { children: ReactNode }) {
  const data = usePageData(apiUrl(apiRoutes.companySettings));
  const content = useMemo<SiteContent>(() => {
    const parsed = companySettingsSchema.safeParse(data);
    return parsed.success
      ? { company: parsed.data, sampleCompany: isSampleCompany(parsed.data), preview: false }
      : defaultSiteContent;
  }, [data]);
  return <SiteContentProvider value={content}>{children}</SiteContentProvider>;
}
