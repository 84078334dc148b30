import type { CompanySettings } from '@blitz/contract';
import type { Read, ReadDeps } from '../content/content-reads';
import { getCompanyDetails } from './company-details.service';

/** The visitors' read of the company details, kept per content version (content/content-reads.ts). */
export function readCompanyDetails(reads: ReadDeps): Promise<Read<CompanySettings>> {
  return reads.contentReads.read('company', async () => (await getCompanyDetails(reads.db)).settings);
}
