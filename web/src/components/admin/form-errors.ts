import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

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

/**
 * `fieldError` for a form whose own texts are in its feature's namespace: the messages are the
 * dashboard's (`validation.required`) or name their namespace (`companyDetails:validation.email`).
 */
export function useFieldError(): (error: { message?: string | undefined } | undefined) => string | undefined {
  const { t } = useTranslation('admin');
  return (error) => fieldError(t, error);
}
