import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isCodeRequest, loginFailure } from './login-failure';

describe('loginFailure', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('names wrong credentials, whatever the server wrote', () => {
    expect(loginFailure(new ApiError(401, 'invalid_credentials', { detail: 'Wrong name or password' }))).toEqual({
      key: 'login.errors.invalidCredentials',
    });
  });

  it('tells a wrong or used code from a wrong password, and a request for the code from both', () => {
    const wrongCode = new ApiError(401, 'invalid_second_factor');
    expect(loginFailure(wrongCode)).toEqual({ key: 'login.errors.invalidCode' });
    expect(isCodeRequest(new ApiError(401, 'second_factor_required'))).toBe(true);
    expect(isCodeRequest(wrongCode)).toBe(false);
    expect(isCodeRequest(new ApiError(401, 'invalid_credentials'))).toBe(false);
    expect(isCodeRequest(new Error('second_factor_required'))).toBe(false);
  });

  it('says when to retry after too many attempts, rounded up to whole minutes', () => {
    expect(loginFailure(new ApiError(429, 'too_many_requests', { retryAfterSeconds: 61 }), now)).toEqual({
      key: 'login.errors.tooManyAttempts',
      count: 2,
      retryAt: new Date('2026-03-01T10:01:01Z'),
    });
    expect(loginFailure(new ApiError(429, 'too_many_requests', { retryAfterSeconds: 5 }), now)).toMatchObject({ count: 1 });
  });

  it('assumes the longest lock when Retry-After is missing', () => {
    expect(loginFailure(new ApiError(429, 'too_many_requests'), now)).toMatchObject({ count: 15 });
  });

  it('calls a network failure or a gateway error "unreachable"', () => {
    expect(loginFailure(new ApiError(0, 'network'))).toEqual({ key: 'login.errors.unreachable' });
    expect(loginFailure(new ApiError(502, 'internal'))).toEqual({ key: 'login.errors.unreachable' });
  });

  it('gives anything else the status, never the error object', () => {
    expect(loginFailure(new ApiError(500, 'internal'))).toEqual({ key: 'login.errors.unexpected', status: 500 });
    expect(loginFailure(new Error('boom'))).toEqual({ key: 'login.errors.unexpected', status: 0 });
  });
});
