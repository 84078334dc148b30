import type { TFunction } from 'i18next';

/**
 * Zod issues of a form become locale keys of the admin namespace: the fields show them as
 * inline messages in the user's language. Passed to zodResolver as its parse options.
 */
export const formIssueKeys = {
  error: (issue: { code: string }) =>
    issue.code === 'too_small' ? 'validation.required' : issue.code === 'too_big' ? 'validation.tooLong' : 'validation.invalid',
};

/** The inline message of a field, translated; undefined when the field is fine. */
export function fieldError(t: TFunction<'admin'>, error: { message?: string | undefined } | undefined): string | undefined {
  return error?.message ? t(error.message as 'validation.required') : undefined;
}
