import { apiRequest } from '../../../lib/api-client';
import { clearToken } from '../../../lib/auth-token';

/**
 * Ends the session: the server revokes the user's tokens, and the stored one is removed even if
 * the server cannot be reached (the user asked to leave; an unrevoked token still expires).
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/login/Logout', { method: 'POST' });
  } catch {
    // Already invalid or unreachable: removing it here is all that is left to do.
  } finally {
    clearToken();
  }
}
