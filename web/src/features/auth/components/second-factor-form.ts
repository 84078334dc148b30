import { z } from 'zod';
import { passwordPolicy } from '@blitz/contract';
import { isApiError } from '../../../lib/api-client';

const password = z
  .string()
  .min(1, { error: 'validation.required' })
  .max(passwordPolicy.maxLength, { error: 'validation.tooLong' });
const code = z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' });

/** The forms of the second factor's set-up and switch-off. Messages are admin locale keys. */
export const setupPasswordSchema = z.object({ password });
export const setupCodeSchema = z.object({
  code: code.regex(/^\d{6}$/, { error: 'secondFactor.errors.sixDigits' }),
});
export const disableSchema = z.object({ password, code });

export type SecondFactorRefusal =
  | { field: 'password' | 'code'; key: 'secondFactor.errors.wrongPassword' | 'secondFactor.errors.wrongCode' }
  | { field: 'password' | 'code'; key: 'password.errors.tooMany'; minutes: number }
  | { field: undefined; key: 'secondFactor.errors.changedElsewhere' };

/**
 * What a refused set-up or switch-off means for the form: the field to mark (too many tries show
 * at `throttledField`, the form's first), or — when the second factor was changed in another tab
 * meanwhile (409) — that the form no longer applies. Anything else is left to 'Command Failed'.
 */
export function secondFactorRefusal(
  error: unknown,
  throttledField: 'password' | 'code' = 'password',
): SecondFactorRefusal | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 429) {
    return { field: throttledField, key: 'password.errors.tooMany', minutes: Math.ceil((error.retryAfterSeconds ?? 60) / 60) };
  }
  if (error.code === 'conflict') return { field: undefined, key: 'secondFactor.errors.changedElsewhere' };
  if (error.code !== 'validation') return undefined;
  const field = error.fieldErrors[0]?.field;
  if (field === 'password') return { field, key: 'secondFactor.errors.wrongPassword' };
  if (field === 'code') return { field, key: 'secondFactor.errors.wrongCode' };
  return undefined;
}

/** The secret as an app's "enter a key" screen shows it: groups of four, easier to type. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
