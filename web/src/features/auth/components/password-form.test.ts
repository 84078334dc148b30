import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { passwordFieldError, passwordFormSchema } from './password-form';

const issues = (values: object) => {
  const result = passwordFormSchema.safeParse({ code: '', ...values });
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the change-password form', () => {
  it('needs the current password, a new one of at least 12 characters, and the same one again', () => {
    expect(issues({ currentPassword: '', newPassword: 'kurz', repeatPassword: '' })).toEqual([
      ['currentPassword', 'validation.required'],
      ['newPassword', 'password.errors.tooShort'],
      ['repeatPassword', 'validation.required'],
      ['repeatPassword', 'password.errors.mismatch'],
    ]);
    expect(
      issues({ currentPassword: 'alt', newPassword: 'ein langer neuer Satz', repeatPassword: 'ein langer neuer Satz.' }),
    ).toEqual([['repeatPassword', 'password.errors.mismatch']]);
    expect(
      issues({ currentPassword: 'alt', newPassword: 'ein langer neuer Satz', repeatPassword: 'ein langer neuer Satz' }),
    ).toEqual([]);
  });

  it('marks the field the server names, and leaves other failures to Command Failed', () => {
    const refused = (field: string, message: string) =>
      new ApiError(400, 'validation', { detail: 'x', fieldErrors: [{ field, message }] });
    expect(passwordFieldError(refused('currentPassword', 'is wrong'))).toEqual({
      field: 'currentPassword',
      key: 'password.errors.wrongCurrent',
    });
    expect(passwordFieldError(refused('newPassword', 'must differ from the current one'))).toEqual({
      field: 'newPassword',
      key: 'password.errors.same',
    });
    expect(passwordFieldError(refused('newPassword', 'is too easy to guess'))).toEqual({
      field: 'newPassword',
      key: 'password.errors.weak',
    });
    expect(passwordFieldError(new ApiError(429, 'too_many_requests', { retryAfterSeconds: 400 }))).toEqual({
      field: 'currentPassword',
      key: 'password.errors.tooMany',
      minutes: 7,
    });
    expect(passwordFieldError(refused('code', 'is wrong'))).toEqual({ field: 'code', key: 'secondFactor.errors.wrongCode' });
    expect(passwordFieldError(refused('code', 'is required'))).toEqual({ field: 'code', key: 'validation.required' });
    expect(passwordFieldError(new ApiError(500, 'internal'))).toBeUndefined();
    expect(passwordFieldError(new Error('boom'))).toBeUndefined();
  });
});
