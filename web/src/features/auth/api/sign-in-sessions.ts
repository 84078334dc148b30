import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInSessionListSchema, apiRoutes } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';

export const signInSessionQueryKeys = { all: [...dashboardQueryKey, 'sessions'] as const };

/** The signed-in user's sign-ins (where the account is signed in), the most recently used first. */
export function useSignInSessions() {
  return useQuery({
    queryKey: signInSessionQueryKeys.all,
    queryFn: async () => (await apiRequest(apiRoutes.auth.sessions, { schema: signInSessionListSchema, admin: true })).data,
  });
}

/**
 * Ends one of them: its token stops working at once. After ending another sign-in the list
 * reloads; after ending this one there is nothing left to ask with (the caller signs out here).
 */
export function useEndSignInSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; current: boolean }) =>
      apiRequest(apiRoutes.auth.sessionPath(id), { method: 'DELETE', admin: true }),
    onSuccess: (_answer, { current }) =>
      current ? undefined : queryClient.invalidateQueries({ queryKey: signInSessionQueryKeys.all }),
  });
}
