/**
 * What a refused sign-in answered: its status, the problem's `code` (`network`: the server was not
 * reached) and Retry-After's seconds. An ApiError has this shape; the sign-in page's script
 * (islands/sign-in.ts) reads it from the answer itself.
 */
export type SignInRefusal = { status: number; code?: string | undefined; retryAfterSeconds?: number | undefined };

export type LoginFailure =
  | { key: 'login.errors.invalidCredentials' }
  | { key: 'login.errors.invalidCode' }
  | { key: 'login.errors.tooManyAttempts'; count: number; retryAt: Date }
  | { key: 'login.errors.unreachable' }
  | { key: 'login.errors.unexpected'; status: number };

/** The password was right and the account has a second factor: the form asks for the code (not a failure). */
export function isCodeRequest(refusal: SignInRefusal): boolean {
  return refusal.code === 'second_factor_required';
}

/** A clear message for a failed sign-in (DESIGN.md §5), never the serialised error. */
export function loginFailure(refusal: SignInRefusal, now: Date = new Date()): LoginFailure {
  if (refusal.code === 'network') return { key: 'login.errors.unreachable' };
  if (refusal.code === 'invalid_second_factor') return { key: 'login.errors.invalidCode' };
  if (refusal.status === 401) return { key: 'login.errors.invalidCredentials' };
  if (refusal.status === 429) {
    // Without Retry-After the server's lock is at most 15 minutes (docs/decisions/005).
    const seconds = refusal.retryAfterSeconds ?? 15 * 60;
    return {
      key: 'login.errors.tooManyAttempts',
      count: Math.max(1, Math.ceil(seconds / 60)),
      retryAt: new Date(now.getTime() + seconds * 1000),
    };
  }
  // A gateway in front of a stopped server answers 502/503/504: to the user that is "unreachable".
  if (refusal.status === 502 || refusal.status === 503 || refusal.status === 504) return { key: 'login.errors.unreachable' };
  return { key: 'login.errors.unexpected', status: refusal.status };
}
