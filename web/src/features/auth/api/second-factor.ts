import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SecondFactorDisableRequest, apiRoutes } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorConfirmAnswer, secondFactorSetupAnswer, secondFactorStatusAnswer } from '../../../lib/answer-reader';
import { storeToken } from '../../../lib/auth-token';

export const secondFactorQueryKeys = { status: [...dashboardQueryKey, 'second-factor'] as const };

/**
 * Whether the signed-in user signs in with a second factor, how many recovery codes are left, and
 * whether the site requires it. Not asked while the server would refuse (`enabled` false).
 */
export function useSecondFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: secondFactorQueryKeys.status,
    queryFn: () => apiRequest(apiRoutes.auth.secondFactor, { schema: secondFactorStatusAnswer, admin: true }),
  });
}

/** Set-up, step one: the password again; the answer is the secret for the app (QR code and text). */
export function useStartSecondFactorSetup() {
  return useMutation({
    mutationFn: (request: { password: string }) =>
      apiRequest(apiRoutes.auth.secondFactorSetup, {
        method: 'POST',
        body: request,
        schema: secondFactorSetupAnswer,
        admin: true,
      }),
  });
}

/**
 * Step two: a code from the app turns the second factor on. The answer is the recovery codes
 * and a fresh token, stored in place of the old.
 * The lists reload only when the user has seen them (useReloadAfterSetup): a reload now could
 * take the dashboard away from under the codes.
 */
export function useConfirmSecondFactorSetup() {
  return useMutation({
    mutationFn: async (request: { code: string }) => {
      const { recoveryCodes, jwtToken } = await apiRequest(apiRoutes.auth.secondFactorConfirm, {
        method: 'POST',
        body: request,
        schema: secondFactorConfirmAnswer,
        admin: true,
      });
      // The server ended every sign-in made with the password alone, this one's token included.
      storeToken(jwtToken);
      return recoveryCodes;
    },
  });
}

/** After a set-up: the status, and the sign-ins the server has ended, load again. */
export function useReloadAfterSetup() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
}

/** Turns the second factor off (password and a code). */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SecondFactorDisableRequest) =>
      apiRequest(apiRoutes.auth.secondFactorDisable, { method: 'POST', body: request, admin: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryKeys.status }),
  });
}
