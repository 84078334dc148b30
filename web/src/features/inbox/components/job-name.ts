import type { TFunction } from 'i18next';
import type { InquirySummary } from '@blitz/contract';

/** The title an application was sent with; a job removed before it arrived is named by its number. */
export function jobName(t: TFunction<'inbox'>, job: NonNullable<InquirySummary['job']>): string {
  return job.title ?? t('removedJob', { id: job.id ?? '?' });
}
