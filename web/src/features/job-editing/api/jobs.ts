import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type JobCreate, type JobUpdate, apiRoutes, jobListSchema, jobSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

export const jobQueryKeys = { all: ['jobs'] as const };

/** Staff's list: every job (drafts and expired ones too, since the request carries the token), in list order. */
export const staffJobsQueryOptions = () =>
  queryOptions({
    queryKey: jobQueryKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.jobs.list, { query: { PageLength: 100 }, schema: jobListSchema, admin: true, signal }),
  });

export const useStaffJobs = () => useQuery(staffJobsQueryOptions());

/** Creates a job (no id) or changes one (with id). */
export function saveJob(payload: JobCreate | JobUpdate) {
  return 'id' in payload
    ? apiRequest(apiRoutes.jobs.list, { method: 'PUT', body: payload, schema: jobSchema, admin: true })
    : apiRequest(apiRoutes.jobs.list, { method: 'POST', body: payload, schema: jobSchema, admin: true });
}

/** The job as saved now (after a stale save: their version); staff read drafts too. */
export function fetchJob(id: number) {
  return apiRequest(apiRoutes.jobs.onePath(id), { schema: jobSchema, admin: true });
}

export function deleteJob(id: number) {
  return apiRequest(apiRoutes.jobs.onePath(id), { method: 'DELETE', admin: true });
}

/** Saves one change or several in a row (a move changes two jobs); the list reloads after, also after a failure. */
export function useJobChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: (JobCreate | JobUpdate)[]) => {
      for (const change of changes) await saveJob(change);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKeys.all }),
  });
}

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueryKeys.all }),
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    // A failed delete reloads too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKeys.all }),
  });
}
