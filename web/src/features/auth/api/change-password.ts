import { type PasswordChangeRequest, loginResponseSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { storeToken } from '../../../lib/auth-token';

/**
 * Changes the signed-in user's password. The server ends every other sign-in and answers a fresh
 * token for this one, stored in place of the old; failures are ApiErrors (400 naming the field, 429).
 */
export async function changePassword(change: PasswordChangeRequest): Promise<void> {
  const { jwtToken } = await apiRequest('/login/Password', {
    method: 'POST',
    body: change,
    schema: loginResponseSchema,
    admin: true,
  });
  storeToken(jwtToken);
}
