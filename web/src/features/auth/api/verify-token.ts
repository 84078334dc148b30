import { type VerifyResponse, verifyResponseSchema } from '@blitz/contract';
import { apiRequest, isApiError } from '../../../lib/api-client';

export type AdminSession = {
  username: string;
  expiresAt: Date;
  /** The password is the generated first one: it must be changed before anything else. */
  passwordChangeRequired: boolean;
  /** The site requires a second factor and the user has none yet: it must be set up next. */
  secondFactorSetupRequired: boolean;
};

/**
 * Asks the server whether a token is still good. A rejected token (401) gives undefined; a
 * server that cannot be reached throws, so that the caller does not mistake it for a rejection.
 */
export async function verifyToken(token: string): Promise<AdminSession | undefined> {
  let answer: VerifyResponse;
  try {
    answer = await apiRequest('/login/Verfy', { method: 'POST', body: { JWT: token }, schema: verifyResponseSchema });
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 400)) return undefined;
    throw error;
  }
  if (!answer.valid) return undefined;
  return {
    username: answer.username,
    expiresAt: new Date(answer.expiresAt),
    passwordChangeRequired: answer.passwordChangeRequired ?? false,
    secondFactorSetupRequired: answer.secondFactorSetupRequired ?? false,
  };
}
