import { type LoginRequest, loginResponseSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { storeToken } from '../../../lib/auth-token';

/** Signs in and stores the token under the spec's key; failures are ApiErrors (401, 429, network). */
export async function login(credentials: LoginRequest): Promise<void> {
  const { jwtToken } = await apiRequest('/login/Auth', { method: 'POST', body: credentials, schema: loginResponseSchema });
  storeToken(jwtToken);
}
