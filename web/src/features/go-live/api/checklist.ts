import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChecklistKey, type ChecklistUpdate, apiRoutes } from '@blitz/contract';
import { checklistAnswer, sampleContentRemovalAnswer } from '../../../lib/answer-reader';
import { apiRequest } from '../../../lib/api-client';

// Read without zod (lib/answer-reader.ts): the checklist is above the tabs of an admin's first view (issue 46).

export const checklistQueryKey = ['go-live-checklist'] as const;

/** The go-live checklist, each item's state computed on the server (admin only). */
export const checklistQueryOptions = () =>
  queryOptions({
    queryKey: checklistQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.goLive.checklist, { schema: checklistAnswer, admin: true, signal }),
  });

export const useChecklist = () => useQuery(checklistQueryOptions());

/** Dismisses an item or brings it back, or marks the legal texts reviewed; the answer is the new checklist. */
export function useUpdateChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, update }: { key: ChecklistKey; update: ChecklistUpdate }) =>
      apiRequest(apiRoutes.goLive.itemPath(key), { method: 'PUT', body: update, schema: checklistAnswer, admin: true }),
    onSuccess: (checklist) => queryClient.setQueryData(checklistQueryKey, checklist),
  });
}

/** Removes every unchanged sample project, category and job: every list the dashboard holds may have changed. */
export function useRemoveSampleContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(apiRoutes.goLive.removeSampleContent, { method: 'POST', schema: sampleContentRemovalAnswer, admin: true }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
