import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SecondFactorDisableRequest,
  secondFactorConfirmResponseSchema,
  secondFactorSetupResponseSchema,
  secondFactorStatusSchema,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Whether the signed-in user signs in with a second factor, and how many recovery codes are left. */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: adminQueryKeys.secondFactor(),
    queryFn: () => apiRequest('/login/SecondFactor', { schema: secondFactorStatusSchema, admin: true }),
  });
}

/** Set-up, step one: the password again; the answer is the secret for the app (QR code and text). */
export function useStartSecondFactorSetup() {
  return useMutation({
    mutationFn: (request: { password: string }) =>
      apiRequest('/login/SecondFactor/Setup', {
        method: 'POST',
        body: request,
        schema: secondFactorSetupResponseSchema,
        admin: true,
      }),
  });
}

/**
 * Step two: a code from the app turns the second factor on. The answer is the recovery codes;
 * the server has ended the user's other sign-ins, so that list reloads too.
 */
export function useConfirmSecondFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: { code: string }) =>
      (
        await apiRequest('/login/SecondFactor/Confirm', {
          method: 'POST',
          body: request,
          schema: secondFactorConfirmResponseSchema,
          admin: true,
        })
      ).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

/** Turns the second factor off (password and a code). */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SecondFactorDisableRequest) =>
      apiRequest('/login/SecondFactor/Disable', { method: 'POST', body: request, admin: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.secondFactor() }),
  });
}
