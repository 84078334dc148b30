import { isApiError } from '../../../lib/api-client';

export type LoginFailure =
  | { key: 'login.errors.invalidCredentials' }
  | { key: 'login.errors.invalidCode' }
  | { key: 'login.errors.tooManyAttempts'; count: number; retryAt: Date }
  | { key: 'login.errors.unreachable' }
  | { key: 'login.errors.unexpected'; status: number };

/** The password was right and the account has a second factor: the form asks for the code (not a failure). */
export function isCodeRequest(error: unknown): boolean {
  return isApiError(error) && error.code === 'second_factor_required';
}

/** A clear message for a failed sign-in (DESIGN.md §5), never the serialised error. */
export function loginFailure(error: unknown, now: Date = new Date()): LoginFailure {
  if (!isApiError(error)) return { key: 'login.errors.unexpected', status: 0 };
  if (error.code === 'network') return { key: 'login.errors.unreachable' };
  if (error.code === 'invalid_second_factor') return { key: 'login.errors.invalidCode' };
  if (error.status === 401) return { key: 'login.errors.invalidCredentials' };
  if (error.status === 429) {
    // Without Retry-After the server's lock is at most 15 minutes (docs/decisions/005).
    const seconds = error.retryAfterSeconds ?? 15 * 60;
    return {
      key: 'login.errors.tooManyAttempts',
      count: Math.max(1, Math.ceil(seconds / 60)),
      retryAt: new Date(now.getTime() + seconds * 1000),
    };
  }
  // A gateway in front of a stopped server answers 502/503/504: to the user that is "unreachable".
  if (error.status === 502 || error.status === 503 || error.status === 504) return { key: 'login.errors.unreachable' };
  return { key: 'login.errors.unexpected', status: error.status };
}
