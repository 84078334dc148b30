import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountCreate,
  type AccountUpdate,
  accountCreatedSchema,
  accountListSchema,
  accountSchema,
  apiRoutes,
  invitationResponseSchema,
  loginResponseSchema,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { storeToken } from '../../../lib/auth-token';

export const accountsQueryKey = ['accounts'] as const;

/** Every account with its role, state and last sign-in (admin only). */
export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.users.list, { schema: accountListSchema, admin: true, signal }),
  });

export const useAccounts = () => useQuery(accountsQueryOptions());

/** A change of accounts: the list is read again afterwards (states and links change together). */
function useAccountMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }) });
}

export const useInviteAccount = () =>
  useAccountMutation((input: AccountCreate) =>
    apiRequest(apiRoutes.users.list, { method: 'POST', body: input, schema: accountCreatedSchema, admin: true }),
  );

export const useUpdateAccount = () =>
  useAccountMutation((input: AccountUpdate) =>
    apiRequest(apiRoutes.users.list, { method: 'PUT', body: input, schema: accountSchema, admin: true }),
  );

export const useDeleteAccount = () =>
  useAccountMutation((id: number) => apiRequest(apiRoutes.users.onePath(id), { method: 'DELETE', admin: true }));

export const useResetAccount = () =>
  useAccountMutation(({ id, reason }: { id: number; reason: string }) =>
    apiRequest(apiRoutes.users.resetPath(id), {
      method: 'POST',
      body: { reason },
      schema: invitationResponseSchema,
      admin: true,
    }),
  );

export const useResendInvitation = () =>
  useAccountMutation((id: number) =>
    apiRequest(apiRoutes.users.invitationPath(id), { method: 'POST', schema: invitationResponseSchema, admin: true }),
  );

export const useRevokeInvitation = () =>
  useAccountMutation((id: number) => apiRequest(apiRoutes.users.invitationPath(id), { method: 'DELETE', admin: true }));

/** The invitee's first sign-in with the link's token and their own password; the token is stored. */
export async function acceptInvitation(token: string, password: string): Promise<void> {
  const { jwtToken } = await apiRequest(apiRoutes.auth.invitation, {
    method: 'POST',
    body: { token, password },
    schema: loginResponseSchema,
  });
  storeToken(jwtToken);
}
