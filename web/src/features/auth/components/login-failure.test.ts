import { describe, expect, it } from 'vitest';
import { isCodeRequest, loginFailure } from './login-failure';

describe('loginFailure', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('names wrong credentials', () => {
    expect(loginFailure({ status: 401, code: 'invalid_credentials' })).toEqual({
      key: 'login.errors.invalidCredentials',
    });
  });

  it('tells a wrong or used code from a wrong password, and a request for the code from both', () => {
    const wrongCode = { status: 401, code: 'invalid_second_factor' };
    expect(loginFailure(wrongCode)).toEqual({ key: 'login.errors.invalidCode' });
    expect(isCodeRequest({ status: 401, code: 'second_factor_required' })).toBe(true);
    expect(isCodeRequest(wrongCode)).toBe(false);
    expect(isCodeRequest({ status: 401, code: 'invalid_credentials' })).toBe(false);
  });

  it('says when to retry after too many attempts, rounded up to whole minutes', () => {
    expect(loginFailure({ status: 429, code: 'too_many_requests', retryAfterSeconds: 61 }, now)).toEqual({
      key: 'login.errors.tooManyAttempts',
      count: 2,
      retryAt: new Date('2026-03-01T10:01:01Z'),
    });
    expect(loginFailure({ status: 429, code: 'too_many_requests', retryAfterSeconds: 5 }, now)).toMatchObject({ count: 1 });
  });

  it('assumes the longest lock when Retry-After is missing', () => {
    expect(loginFailure({ status: 429, code: 'too_many_requests' }, now)).toMatchObject({ count: 15 });
  });

  it('calls a network failure or a gateway error "unreachable"', () => {
    expect(loginFailure({ status: 0, code: 'network' })).toEqual({ key: 'login.errors.unreachable' });
    expect(loginFailure({ status: 502, code: 'internal' })).toEqual({ key: 'login.errors.unreachable' });
  });

  it('gives anything else the status, never the error object', () => {
    expect(loginFailure({ status: 500, code: 'internal' })).toEqual({ key: 'login.errors.unexpected', status: 500 });
    expect(loginFailure({ status: 0 })).toEqual({ key: 'login.errors.unexpected', status: 0 });
  });
});
