import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type JobCreate, type JobUpdate, jobApi, jobListSchema, jobSchema } from '@blitz/contract';
import { apiBase, apiRequest } from '../../../lib/api-client';

// The jobs API's paths come from the contract; apiRequest takes them relative to /api/v1.
const path = (full: string) => full.slice(apiBase.length);

export const jobQueryKeys = { all: ['jobs'] as const };

/** Staff's list: every job (drafts and expired ones too, since the request carries the token), in list order. */
export const staffJobsQueryOptions = () =>
  queryOptions({
    queryKey: jobQueryKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(path(jobApi.list), { query: { PageLength: 100 }, schema: jobListSchema, admin: true, signal }),
  });

export const useStaffJobs = () => useQuery(staffJobsQueryOptions());

/** Creates a job (no id) or changes one (with id). */
export function saveJob(payload: JobCreate | JobUpdate) {
  return 'id' in payload
    ? apiRequest(path(jobApi.list), { method: 'PUT', body: payload, schema: jobSchema, admin: true })
    : apiRequest(path(jobApi.list), { method: 'POST', body: payload, schema: jobSchema, admin: true });
}

export function deleteJob(id: number) {
  return apiRequest(path(jobApi.one(id)), { method: 'DELETE', admin: true });
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
