import type { QueryClient } from '@tanstack/react-query';
import { type DashboardFirstView, firstViewTokenTail } from '@blitz/contract';
import { type AdminSession, sessionOf } from '../../../features/auth/api/sign-in';
import { checklistQueryOptions } from '../../../features/go-live/api/checklist';
import {
  appliedJobsQueryOptions,
  emptyInboxFilter,
  inquiriesQueryOptions,
  jobTitlesQueryOptions,
} from '../../../features/inbox/api/inquiries';
import { unreadQueryOptions } from '../../../features/inbox/api/unread-count';
import {
  checklistAnswer,
  inquiryJobChoicesAnswer,
  inquiryListAnswer,
  inquiryTypeNamesAnswer,
  jobTitlesAnswer,
  unreadAnswer,
  verifyAnswer,
} from '../../../lib/answer-reader';
import { inquiryTypeListQueryOptions } from '../../../lib/inquiry-type-list';
import { createQueryClient } from '../../../lib/query-client';

/** The dashboard's first view as the server rendered it (decision 067): the session, and the list's answers in a query client. */
export type ServedFirstView = { session: AdminSession; queryClient: QueryClient };

/**
 * Reads the answers the server rendered /dashboard with into the same query client and session
 * the application's own calls would give (the same readers, the same query keys): the browser
 * then renders what the server showed. Undefined if any answer does not read.
 */
export function readServedFirstView(view: DashboardFirstView): ServedFirstView | undefined {
  const verified = verifyAnswer.safeParse(view.session);
  const session = verified.success ? sessionOf(verified.data) : undefined;
  const inbox = inquiryListAnswer.safeParse(view.inbox);
  const spam = inquiryListAnswer.safeParse(view.spam);
  const unread = unreadAnswer.safeParse(view.unread);
  const checklist = session?.role === 'admin' ? checklistAnswer.safeParse(view.checklist) : undefined;
  if (!session || !inbox.success || !spam.success || !unread.success || checklist?.success === false) return undefined;
  const queryClient = createQueryClient();
  queryClient.setQueryData(inquiriesQueryOptions(emptyInboxFilter, 1).queryKey, inbox.data);
  queryClient.setQueryData(inquiriesQueryOptions({ ...emptyInboxFilter, spam: true }, 1, 1).queryKey, spam.data);
  queryClient.setQueryData(unreadQueryOptions().queryKey, unread.data);
  if (checklist?.success) queryClient.setQueryData(checklistQueryOptions().queryKey, checklist.data);
  // What the list is named and filtered by, where the server could read it (else asked as before).
  const names = inquiryTypeNamesAnswer.safeParse(view.inquiryTypes);
  if (names.success) queryClient.setQueryData(inquiryTypeListQueryOptions().queryKey, names.data);
  const applied = inquiryJobChoicesAnswer.safeParse(view.appliedJobs);
  if (applied.success) queryClient.setQueryData(appliedJobsQueryOptions().queryKey, applied.data);
  const jobs = jobTitlesAnswer.safeParse(view.jobs);
  if (jobs.success) queryClient.setQueryData(jobTitlesQueryOptions().queryKey, jobs.data);
  return { session, queryClient };
}

/** Whether the view was rendered for this token (the browser's own): another sign-in's is never used. */
export const servedFor = (view: DashboardFirstView | undefined, token: string | null): view is DashboardFirstView =>
  view !== undefined && token !== null && view.token === firstViewTokenTail(token);
