import type { CompanySettings } from '@blitz/contract';
import type { FastifyInstance } from 'fastify';
import type { Read } from '../content/content-reads';
import { getCompanySettings } from './company-settings.service';

/** The visitors' read of the company details, kept per content version (content/content-reads.ts). */
export function readCompanySettings(app: FastifyInstance): Promise<Read<CompanySettings>> {
  return app.contentReads.read('company', async () => (await getCompanySettings(app.db)).settings);
}
