import type { Db } from '../../db/database';
import { unansweredCutoff } from '../../lib/working-days';
import { getCompanyDetails } from './company-details.service';

/**
 * The instant before which every inquiry arrived that is unanswered at `now` if still new (decision
 * 048): two working days of the company, whose federal state's holidays are days off.
 */
export async function companyUnansweredCutoff(db: Db, now: Date): Promise<string> {
  const { settings } = await getCompanyDetails(db);
  return unansweredCutoff(now, settings.federalState).toISOString();
}
