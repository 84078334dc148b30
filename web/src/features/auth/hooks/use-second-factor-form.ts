import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { type DefaultValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formIssueKeys } from '../../../components/admin/form-errors';
import { secondFactorRefusal } from '../components/second-factor-form';

type Fields = Record<string, string>;

/**
 * A form of the second factor's set-up or switch-off: validated by `schema`, sent by `mutation`.
 * A refusal the server names (wrong password or code, too many tries) marks its field; a
 * change made in another tab meanwhile calls `onConflict`; anything else is 'Command Failed'.
 */
export function useSecondFactorForm<Values extends Fields, Result>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
  mutation: UseMutationResult<Result, Error, Values>,
  on: { success: (result: Result) => void; conflict: () => void },
) {
  const { t } = useTranslation('admin');
  const form = useForm<Values>({ resolver: zodResolver(schema, formIssueKeys), defaultValues });
  const throttledField = Object.keys(defaultValues)[0] as 'password' | 'code';
  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: on.success,
      onError: (error) => {
        const refusal = secondFactorRefusal(error, throttledField);
        if (refusal?.field)
          form.setError(refusal.field as Path<Values>, { type: 'server', message: refusal.key }, { shouldFocus: true });
        else if (refusal) on.conflict();
      },
    }),
  );
  const refusal = secondFactorRefusal(mutation.error, throttledField);
  return {
    register: form.register,
    setFocus: form.setFocus,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
    /** The field's inline message, translated (with the minutes to wait after too many tries). */
    fieldError: (name: Path<Values>) => {
      const message = form.getFieldState(name, form.formState).error?.message;
      return message
        ? t(message as 'validation.required', { minutes: refusal && 'minutes' in refusal ? refusal.minutes : undefined })
        : undefined;
    },
    /** For ModalForm: a failure no field explains. */
    unexplained: mutation.error && !refusal ? mutation.error : undefined,
  };
}
