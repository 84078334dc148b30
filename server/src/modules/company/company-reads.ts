import type { CompanySettings } from '@blitz/contract';
import type { FastifyInstance } from 'fastify';
import type { Read } from '../content/content-reads';
import { getCompanyDetails } from './company-details.service';

/** The visitors' read of the company details, kept per content version (content/content-reads.ts). */
export function readCompanyDetails(app: FastifyInstance): Promise<Read<CompanySettings>> {
  return app.contentReads.read('company', async () => (await getCompanyDetails(app.db)).settings);
}
