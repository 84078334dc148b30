import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { disableSchema, groupSecret, secondFactorRefusal, setupCodeSchema } from './second-factor-form';

const refused = (field: string) =>
  new ApiError(400, 'validation', { detail: 'x', fieldErrors: [{ field, message: 'is wrong' }] });
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('the second factor forms', () => {
  it('take six digits to confirm the app, and a code of any kind to switch it off', () => {
    expect(messages(setupCodeSchema.safeParse({ code: ' 123456 ' }))).toEqual([]);
    expect(messages(setupCodeSchema.safeParse({ code: '12345' }))).toEqual(['secondFactor.errors.sixDigits']);
    expect(messages(setupCodeSchema.safeParse({ code: '' }))).toContain('validation.required');
    expect(messages(disableSchema.safeParse({ password: 'x', code: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX' }))).toEqual([]);
    expect(messages(disableSchema.safeParse({ password: '', code: '' }))).toEqual(['validation.required', 'validation.required']);
  });

  it('marks the field the server refused, says when to retry, and notices a change made elsewhere', () => {
    expect(secondFactorRefusal(refused('password'))).toEqual({ field: 'password', key: 'secondFactor.errors.wrongPassword' });
    expect(secondFactorRefusal(refused('code'))).toEqual({ field: 'code', key: 'secondFactor.errors.wrongCode' });
    expect(secondFactorRefusal(new ApiError(429, 'too_many_requests', { retryAfterSeconds: 61 }))).toEqual({
      field: 'password',
      key: 'password.errors.tooMany',
      minutes: 2,
    });
    expect(secondFactorRefusal(new ApiError(409, 'conflict'))).toEqual({
      field: undefined,
      key: 'secondFactor.errors.changedElsewhere',
    });
    expect(secondFactorRefusal(new ApiError(500, 'internal'))).toBeUndefined();
    expect(secondFactorRefusal(new ApiError(0, 'network'))).toBeUndefined();
    expect(secondFactorRefusal(new Error('x'))).toBeUndefined();
  });

  it('shows the secret in groups of four', () => {
    expect(groupSecret('JVPPEJUNXXSUFLBA75ZDBEYJIJYIWWQR')).toBe('JVPP EJUN XXSU FLBA 75ZD BEYJ IJYI WWQR');
  });
});
