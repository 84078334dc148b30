import { z } from 'zod';
import { passwordPolicy } from '@blitz/contract';
import { isApiError } from '../../../lib/api-client';

/** The change-password form: the current password (and code), the new one twice. Messages are admin locale keys. */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'validation.required' }),
    newPassword: z
      .string()
      .min(passwordPolicy.minLength, { error: 'password.errors.tooShort' })
      .max(passwordPolicy.maxLength, { error: 'validation.tooLong' }),
    repeatPassword: z.string().min(1, { error: 'validation.required' }),
    /** Shown, and needed, only with two-step sign-in on. */
    code: z.string().trim().max(64, { error: 'validation.tooLong' }),
  })
  .refine((values) => values.repeatPassword === values.newPassword, {
    path: ['repeatPassword'],
    error: 'password.errors.mismatch',
  });

export type PasswordFormValues = z.infer<typeof passwordFormSchema>;

export type PasswordFieldError = {
  field: 'currentPassword' | 'newPassword' | 'code';
  key:
    | 'password.errors.wrongCurrent'
    | 'password.errors.same'
    | 'password.errors.weak'
    | 'password.errors.tooMany'
    | 'secondFactor.errors.wrongCode'
    | 'validation.required';
  minutes?: number;
};

/** What a refused change means for the form: the field to mark and the message, or nothing (then 'Command Failed'). */
export function passwordFieldError(error: unknown): PasswordFieldError | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 429) {
    return { field: 'currentPassword', key: 'password.errors.tooMany', minutes: Math.ceil((error.retryAfterSeconds ?? 60) / 60) };
  }
  if (error.code !== 'validation') return undefined;
  const [first] = error.fieldErrors;
  if (first?.field === 'currentPassword') return { field: 'currentPassword', key: 'password.errors.wrongCurrent' };
  if (first?.field === 'code') {
    return { field: 'code', key: first.message === 'is required' ? 'validation.required' : 'secondFactor.errors.wrongCode' };
  }
  if (first?.field === 'newPassword') {
    return {
      field: 'newPassword',
      key: first.message.startsWith('must differ') ? 'password.errors.same' : 'password.errors.weak',
    };
  }
  return undefined;
}
