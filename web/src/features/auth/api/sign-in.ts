import { type LoginRequest, type UserRole, type PasswordChangeRequest, type VerifyResponse, apiRoutes } from '@blitz/contract';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { tokenAnswer, verifyAnswer } from '../../../lib/answer-reader';
import { clearToken, storeToken } from '../../../lib/auth-token';

export type AdminSession = {
  username: string;
  /** The name the dashboard shows (issue 40); null: the username. */
  displayName: string | null;
  expiresAt: Date;
  /** The password is the generated first one: it must be changed before anything else. */
  passwordChangeRequired: boolean;
  /** The site requires a second factor and the user has none yet: it must be set up next. */
  secondFactorSetupRequired: boolean;
  /** What the user may use (issue 31): the dashboard shows only those tabs. */
  role: UserRole;
  /** An inbox or editorInbox user's inquiry types; null: all. */
  /** The inquiry types' keys the account is limited to; null: all. */
  inquiryTypes: string[] | null;
};

/**
 * Asks the server whether a token is still good. A rejected token (401) gives undefined; a
 * server that cannot be reached throws, so that the caller does not mistake it for a rejection.
 */
export async function verifyToken(token: string): Promise<AdminSession | undefined> {
  let answer: VerifyResponse;
  try {
    answer = await apiRequest(apiRoutes.auth.verify, { method: 'POST', body: { JWT: token }, schema: verifyAnswer });
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 400)) return undefined;
    throw error;
  }
  return sessionOf(answer);
}

/** The session a check's answer describes; undefined if it says the token is not good. */
export function sessionOf(answer: VerifyResponse): AdminSession | undefined {
  if (!answer.valid) return undefined;
  return {
    username: answer.username,
    displayName: answer.displayName ?? null,
    expiresAt: new Date(answer.expiresAt),
    passwordChangeRequired: answer.passwordChangeRequired ?? false,
    secondFactorSetupRequired: answer.secondFactorSetupRequired ?? false,
    // A server from before roles answers none: its accounts are all admins.
    role: answer.role ?? 'admin',
    inquiryTypes: answer.inquiryTypes ?? null,
  };
}

/** Signs in and stores the token under the spec's key; failures are ApiErrors (401, 429, network). */
export async function login(credentials: LoginRequest): Promise<void> {
  const { jwtToken } = await apiRequest(apiRoutes.auth.login, { method: 'POST', body: credentials, schema: tokenAnswer });
  storeToken(jwtToken);
}

/**
 * Ends the session: the server revokes the user's tokens, and the stored one is removed even if
 * the server cannot be reached (the user asked to leave; an unrevoked token still expires).
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest(apiRoutes.auth.logout, { method: 'POST' });
  } catch {
    // Already invalid or unreachable: removing it here is all that is left to do.
  } finally {
    clearToken();
  }
}

/**
 * Changes the signed-in user's password. The server ends every other sign-in and answers a fresh
 * token for this one, stored in place of the old; failures are ApiErrors (400 naming the field, 429).
 */
export async function changePassword(change: PasswordChangeRequest): Promise<void> {
  const { jwtToken } = await apiRequest(apiRoutes.auth.password, {
    method: 'POST',
    body: change,
    schema: tokenAnswer,
    admin: true,
  });
  storeToken(jwtToken);
}
